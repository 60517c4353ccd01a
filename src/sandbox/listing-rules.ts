// The listing state table of spec 3 with the orders and readings of assumption A13, shared by
// v2 and v1 PATCH, bulk-status and bulk-price so that every route applies the same rules.
import { ERROR_CODES, NO_CHANGES_MESSAGE } from '../api/assumptions.js';
import { reviewTriggers } from '../api/rules/review.js';
import { SandboxError } from './envelope.js';
import { hasStock, type Listing } from './state.js';

/** spec 3: a taken-down or permanently rejected listing is final; any edit gets its 410. */
export function editBlock(l: Listing): SandboxError | undefined {
  if (l.status === 'taken_down') {
    return new SandboxError(410, ERROR_CODES.LISTING_TAKEN_DOWN, 'the listing was removed by moderation');
  }
  if (l.status === 'permanently_rejected') {
    return new SandboxError(410, ERROR_CODES.LISTING_PERMANENTLY_REJECTED, 'the listing was rejected permanently');
  }
  return undefined;
}

/** A13: reactivation checks, first match wins (after the 410s of `editBlock`). */
export function reactivationBlock(l: Listing): SandboxError | undefined {
  const final = editBlock(l);
  if (final) return final;
  if (l.status !== 'approved')
    return new SandboxError(400, ERROR_CODES.NOT_APPROVED, 'only an approved listing can be activated');
  if (l.pausedByOfflineMode) {
    return new SandboxError(
      409,
      ERROR_CODES.OFFLINE_PAUSED,
      'the listing is paused by Offline Mode; turn Offline Mode off in the seller panel',
    );
  }
  if (!hasStock(l)) return new SandboxError(400, ERROR_CODES.NO_STOCK, 'the listing has no stock');
  return undefined;
}

export interface ListingPatch {
  price?: number;
  isActive?: boolean;
  title?: string;
  description?: string;
  warrantyPeriod?: number;
  deliveryTime?: string;
}

export interface PatchOutcome {
  changed: boolean;
  message?: string;
}

/** Apply a PATCH (spec 3 rows 1-2 and 9-10, A13); throws the refusal, changes nothing on refusal. */
export function patchListing(l: Listing, patch: ListingPatch, now: string): PatchOutcome {
  const block = editBlock(l);
  if (block) throw block;
  // spec 4.2: a listing with variants changes price only through the variants route.
  if (patch.price !== undefined && l.variants.length > 0) {
    throw new SandboxError(
      400,
      ERROR_CODES.HAS_VARIANTS,
      'this listing has variants: change prices with PATCH /products/:id/variants',
    );
  }
  const review: Partial<ListingPatch> = {};
  for (const field of reviewTriggers(l, patch)) Object.assign(review, { [field]: patch[field] }); // spec 3 row 1, A13
  const activeChange = patch.isActive !== undefined && patch.isActive !== l.isActive;
  const priceChange = patch.price !== undefined && patch.price !== l.price;
  if (activeChange && patch.isActive === true) {
    const refusal = reactivationBlock(l);
    if (refusal) throw refusal;
  }
  const reviewChange = Object.keys(review).length > 0;
  if (!reviewChange && !activeChange && !priceChange) {
    // spec 3 row 2: nothing stored; A13: an unchanged price alone answers without the message.
    return patch.price === undefined ? { changed: false, message: NO_CHANGES_MESSAGE } : { changed: false };
  }
  Object.assign(l, review);
  if (reviewChange) l.status = 'em_analise'; // spec 3 row 1
  if (priceChange) l.price = patch.price!;
  if (activeChange) {
    l.isActive = patch.isActive!;
    if (!l.isActive) l.pausedByOfflineMode = false;
  }
  l.updatedAt = now;
  return { changed: true };
}
