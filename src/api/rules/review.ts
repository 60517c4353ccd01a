// spec 3 row 1: a real change of title, description, warranty or delivery time sends a listing
// back to review (status em_analise). "Real": a value equal to the current one is not a change,
// and the warranty counts only on `account` listings (A13). `products update` announces it from
// this rule, the sandbox applies it from the same one.
import { REVIEW_TRIGGER_FIELDS, WARRANTY_CATEGORY } from '../assumptions.js';

export type ReviewTrigger = (typeof REVIEW_TRIGGER_FIELDS)[number];

export interface ReviewedFields {
  category?: string;
  title?: string;
  description?: string;
  warrantyPeriod?: number;
  deliveryTime?: string;
}

/** The fields of `patch` that really change `current` and so send it back to review, in spec order. */
export function reviewTriggers(
  current: ReviewedFields,
  patch: Partial<Record<ReviewTrigger, unknown>>,
): ReviewTrigger[] {
  return REVIEW_TRIGGER_FIELDS.filter((field) => {
    if (patch[field] === undefined || patch[field] === current[field]) return false;
    return field !== 'warrantyPeriod' || current.category === WARRANTY_CATEGORY;
  });
}

/** How a person calls each field. */
export const REVIEW_TRIGGER_NAMES: Record<ReviewTrigger, string> = {
  title: 'the title',
  description: 'the description',
  warrantyPeriod: 'the warranty',
  deliveryTime: 'the delivery time',
};
