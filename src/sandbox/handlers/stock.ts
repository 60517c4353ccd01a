// Stock add (spec 2.3, 4.2, A7, A13, A14): `items` or `credentialsText` + `separator`,
// deduplicated against what the target holds plus the request itself (`dedupeMode: skip`).
import { DEFAULT_SEPARATOR, ERROR_CODES, LIMITS } from '../../api/assumptions.js';
import { StockAdd } from '../../api/requests.js';
import { SandboxError, v2Data, validationError } from '../envelope.js';
import { editBlock } from '../listing-rules.js';
import type { Credential } from '../state.js';
import { parseBody } from '../validate.js';
import type { Handler, RouteHandlers } from './context.js';
import { checkedCredentials, listingFromPath, splitCredentials } from './products.js';
import { changed } from '../changes.js';

function incoming(b: StockAdd): Credential[] {
  if (b.items) return b.items.map((i) => ({ ...i }));
  const pieces = splitCredentials(b.credentialsText ?? '', b.separator ?? DEFAULT_SEPARATOR);
  if (pieces.length === 0) throw validationError('credentialsText', 'no credentials in credentialsText');
  if (pieces.length > LIMITS.stockItemsPerRequest) {
    throw validationError('credentialsText', `at most ${LIMITS.stockItemsPerRequest} credentials per request`);
  }
  return checkedCredentials(pieces, 'credentialsText');
}

const addStock: Handler = (ctx) => {
  const b = parseBody(StockAdd, ctx.body);
  const l = listingFromPath(ctx);
  const block = editBlock(l); // A13: the 410s
  if (block) throw block;
  // A13: variantIndex is required for a multiple listing, 0 or absent otherwise.
  let target: { credentials: Credential[]; isAutoDelivery: boolean };
  if (l.listingType === 'multiple') {
    if (b.variantIndex === undefined)
      throw validationError('variantIndex', 'variantIndex is required for a multiple listing');
    const v = l.variants.find((x) => x.index === b.variantIndex);
    if (!v)
      throw validationError('variantIndex', `no variant with index ${b.variantIndex}`, ERROR_CODES.VARIANT_NOT_FOUND);
    target = v;
  } else {
    if (b.variantIndex !== undefined && b.variantIndex !== 0)
      throw validationError('variantIndex', 'a single listing takes variantIndex 0 or none');
    target = l;
  }
  const items = incoming(b);
  let added = items;
  let duplicates = 0;
  if ((b.dedupeMode ?? 'skip') === 'skip') {
    const seen = new Set(target.credentials.map((c) => c.credential));
    added = [];
    for (const c of items) {
      if (seen.has(c.credential)) duplicates++;
      else {
        seen.add(c.credential);
        added.push(c);
      }
    }
  }
  if (target.credentials.length + added.length > LIMITS.stockPerVariantMax) {
    throw new SandboxError(
      400,
      ERROR_CODES.TOO_MANY_CREDENTIALS,
      `at most ${LIMITS.stockPerVariantMax} credentials per listing or variant`,
      { limit: LIMITS.stockPerVariantMax },
    );
  }
  target.credentials.push(...added);
  if (added.length > 0) {
    target.isAutoDelivery = true;
    l.isAutoDelivery = true;
    l.updatedAt = ctx.nowIso;
    changed(ctx.data, 'listings', l);
  }
  return v2Data({ added: added.length, duplicates, total: target.credentials.length }); // A7
};

export const stockHandlers = { addStock } satisfies RouteHandlers;
