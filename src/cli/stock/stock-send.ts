// Stage "send" of the credential pipeline (docs/ARCHITECTURE.md "One credential pipeline"):
// one chunk of credentials to `POST /api/v2/products/:id/stock` (spec 2.3, 4.2), under the key
// the job engine journaled for it, and the service's answer (A7: added, duplicates, total).
// `stock add` writes the body into a reused buffer (bench/stock-memory); a refill builds it from
// the few entries it selected. Both go through here.
import type { StockAddResult } from '../../api/responses.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { SendBound } from '../../api/resources/index.js';
import type { StockItem } from '../../input/credentials.js';
import type { StockTarget } from './stock-target.js';

export type DedupeMode = 'skip' | 'none';

/** The body around a chunk's items: `[head, tail]` of `{variantIndex?, items: [...], dedupeMode}`. */
export function stockBodyFrame(t: StockTarget, dedupe: DedupeMode): [string, string] {
  const text = JSON.stringify({ ...(t.multiple ? { variantIndex: t.variant } : {}), items: [], dedupeMode: dedupe });
  const at = text.indexOf('"items":[]');
  return [`${text.slice(0, at)}"items":[`, `]${text.slice(at + '"items":[]'.length)}`];
}

/** A body for items already in memory (a refill's chunk of selected entries). */
export function stockBody(t: StockTarget, items: StockItem[], dedupe: DedupeMode) {
  return { ...(t.multiple ? { variantIndex: t.variant } : {}), items, dedupeMode: dedupe };
}

/** Sends one chunk; 409 retryable (stock in use by a sale) is resent with the same key by the request core. */
export async function sendStock(
  api: ServiceApi,
  t: StockTarget,
  body: Buffer | ReturnType<typeof stockBody>,
  send: SendBound,
): Promise<StockAddResult> {
  const res = await send(api.stock.add(t.id, body));
  return res.data; // checked by the response layer (A7)
}
