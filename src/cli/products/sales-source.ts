// STAND-IN for the orders mirror (SEAMS.md; helper 23 builds src/mirror/index.ts). Same names
// and signatures as the mirror's `syncedMirror` and `OrdersMirror`, so at merge the lead swaps
// the one import in pricing-facts.ts for '../../mirror/index.js' and deletes this file. Until
// then it pages GET /api/v2/orders?type=sales through the one request core (as orders profit
// does) and keeps the sales in memory.
import type { Order } from '../../api/responses.js';
import type { Deps } from '../shared/context.js';
import { fetchList } from '../shared/read.js';

export interface OrdersMirror {
  /** Sales created at or after `sinceIso`, newest first. */
  salesSince(sinceIso: string, filter?: { productId?: number }): Iterable<Order>;
  close(): void;
}

export async function syncedMirror(
  deps: Deps,
  opts: { signal: AbortSignal; offline?: boolean },
): Promise<OrdersMirror> {
  void opts; // the mirror syncs or reads offline; the stand-in always asks the service
  const api = await deps.api();
  const sales = await fetchList<Order>(deps, api.orders.list({ type: 'sales' }), { all: true, complete: true });
  sales.sort((a, b) => (String(a.createdAt ?? '') < String(b.createdAt ?? '') ? 1 : -1));
  return {
    *salesSince(sinceIso, filter) {
      for (const s of sales) {
        if (String(s.createdAt ?? '') < sinceIso) continue;
        if (filter?.productId !== undefined && s.productId !== filter.productId) continue;
        yield s;
      }
    },
    close() {},
  };
}
