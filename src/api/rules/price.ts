// The price rule (spec 8, cli-spec 3): whole cents, more than 0 (svc decision, PRICE_MIN_CENTS)
// and at most 100000000 cents. Every place that checks a price asks this module: the price and
// variant readers, `--price`, the request schemas and the sandbox; so `-5` gets the same words
// in a prices CSV, a variants CSV and on the command line.
import { LIMITS, PRICE_MIN_CENTS } from '../assumptions.js';

/** How the person wrote the price: a decimal in the platform currency, or integer cents. */
export type PriceUnit = 'decimal' | 'cents';

/** An amount of cents the way a person of that unit types it (`1000000.00`, `100000000 cents`). */
function centsShown(cents: number, unit: PriceUnit): string {
  return unit === 'cents' ? `${cents} cents` : (cents / 100).toFixed(2);
}

export const priceBelowMin = (subject: string): string => `${subject} must be greater than 0`;
export const priceAboveMax = (subject: string, unit: PriceUnit): string =>
  `${subject} is above the maximum of ${centsShown(LIMITS.priceMaxCents, unit)}`; // spec 8

/**
 * Why a price is refused, or undefined. `subject` names it as the person wrote it
 * (`price "19.905"`, `--price`); a negative amount is below the minimum like 0 is.
 */
export function priceProblem(cents: number, subject: string, unit: PriceUnit): string | undefined {
  if (cents < PRICE_MIN_CENTS) return priceBelowMin(subject);
  if (cents > LIMITS.priceMaxCents) return priceAboveMax(subject, unit);
  if (!Number.isInteger(cents)) return `${subject} must be whole cents`;
  return undefined;
}

// spec 8: v1 creates listings from 1.00 in the platform currency.
export const v1PriceBelowMin = (subject: string): string =>
  `${subject} must be at least ${centsShown(LIMITS.v1MinPriceCents, 'decimal')} on v1`;
