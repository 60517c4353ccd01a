// STAND-IN for helper 23's orders mirror (SEAMS.md): the same names and shape as
// `src/mirror/index.ts` will export. At merge, the lead replaces this file's body by
// `export { syncedMirror, type OrdersMirror } from '../../mirror/index.js';` and nothing else
// changes. Until then it pages GET /api/v2/orders?type=sales from the window start (as
// `stock status` does), so the sales of the window are held in memory (the mirror streams them).
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import type { Deps } from '../shared/context.js';

export interface OrdersMirror {
  salesSince(sinceIso: string, filter?: { productId?: number }): Iterable<Order>;
  close(): void;
}

/** The window the stand-in reads: the shop's pace window and a day of margin. */
const WINDOW_MS = (STOCK_LEVELS.salesWindowDays + 1) * 86_400_000;

export async function syncedMirror(
  deps: Deps,
  opts: { signal: AbortSignal; offline?: boolean },
): Promise<OrdersMirror> {
  const sales: Order[] = [];
  if (!opts.offline) {
    const api = await deps.api();
    const from = new Date(Date.now() - WINDOW_MS).toISOString();
    for await (const page of api.orders.list({ type: 'sales', from }).pages({ limit: LIMITS.pageSizeMax, all: true }))
      for (const x of page.items) sales.push(x);
  }
  sales.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id); // newest first
  return {
    *salesSince(sinceIso, filter) {
      for (const s of sales) {
        if ((s.createdAt ?? '') < sinceIso) continue;
        if (filter?.productId !== undefined && s.productId !== filter.productId) continue;
        yield s;
      }
    },
    close() {},
  };
}
