// Per-item routes (spec 4.2, A6, A14): bulk-price, bulk-status and the variants edit. Results
// come in request order; a refused item does not stop the others. A price above the ceiling
// anywhere refuses the whole request (the strict schema, spec 7.2).
import { ERROR_CODES } from '../../api/assumptions.js';
import { BulkPrice, BulkStatus, VariantsEdit } from '../../api/requests.js';
import { SandboxError, failedItem, resultsReply, type ItemResult } from '../envelope.js';
import { editBlock, reactivationBlock } from '../listing-rules.js';
import { ownListing } from '../state.js';
import { parseBody } from '../validate.js';
import type { Handler, RouteHandlers } from './context.js';
import { listingFromPath } from './products.js';
import { changed } from '../changes.js';

const refused = (key: { id?: number; index?: number }, e: SandboxError) =>
  failedItem(key, e.code ?? 'ERROR', e.message);

const bulkPrice: Handler = (ctx) => {
  const { items } = parseBody(BulkPrice, ctx.body);
  const results: ItemResult[] = items.map(({ id, price }) => {
    const l = ownListing(ctx.data, ctx.account.id, id);
    if (!l) return failedItem({ id }, ERROR_CODES.NOT_FOUND, 'listing not found');
    const block = editBlock(l);
    if (block) return refused({ id }, block);
    if (l.variants.length > 0) {
      return failedItem({ id }, ERROR_CODES.HAS_VARIANTS, 'this listing has variants: use the variants route');
    }
    if (l.price === price) return { id, status: 'unchanged' };
    l.price = price;
    l.updatedAt = ctx.nowIso;
    changed(ctx.data, 'listings', l);
    return { id, status: 'ok' };
  });
  return resultsReply(results);
};

const bulkStatus: Handler = (ctx) => {
  const { items } = parseBody(BulkStatus, ctx.body);
  const results: ItemResult[] = items.map(({ id, isActive }) => {
    const l = ownListing(ctx.data, ctx.account.id, id);
    if (!l) return failedItem({ id }, ERROR_CODES.NOT_FOUND, 'listing not found');
    const block = editBlock(l); // spec 3: final states refuse any edit
    if (block) return refused({ id }, block);
    if (l.isActive === isActive) return { id, status: 'unchanged' };
    if (isActive) {
      const refusal = reactivationBlock(l); // A13 order
      if (refusal) return refused({ id }, refusal);
    }
    l.isActive = isActive;
    l.updatedAt = ctx.nowIso;
    changed(ctx.data, 'listings', l);
    return { id, status: 'ok' };
  });
  return resultsReply(results);
};

const updateVariants: Handler = (ctx) => {
  const { items } = parseBody(VariantsEdit, ctx.body);
  const l = listingFromPath(ctx);
  const block = editBlock(l);
  if (block) throw block;
  if (l.listingType !== 'multiple') {
    throw new SandboxError(
      400,
      ERROR_CODES.LISTING_NOT_DYNAMIC,
      'the variants route needs a listing with listingType multiple',
    );
  }
  let anyChange = false;
  const results: ItemResult[] = items.map(({ index, price, stock }) => {
    const v = l.variants.find((x) => x.index === index);
    if (!v) return failedItem({ index }, ERROR_CODES.VARIANT_NOT_FOUND, `no variant with index ${index}`);
    const priceChange = price !== undefined && price !== v.price;
    const stockChange = stock !== undefined && stock !== v.stock;
    if (!priceChange && !stockChange) return { index, status: 'unchanged' };
    if (priceChange) v.price = price!;
    if (stockChange) v.stock = stock!;
    anyChange = true;
    return { index, status: 'ok' };
  });
  if (anyChange) {
    l.updatedAt = ctx.nowIso;
    changed(ctx.data, 'listings', l);
  }
  return resultsReply(results);
};

export const bulkHandlers = { bulkPrice, bulkStatus, updateVariants } satisfies RouteHandlers;
