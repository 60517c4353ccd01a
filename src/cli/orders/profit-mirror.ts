// The profit report from the orders mirror: the same ProfitReport as profit-report.ts
// builds from a list of orders, with the sums made by the database (per listing, per day, the
// totals) and per-sale rows streamed from it; --by ref folds the sales one batch at a time.
// Money: v2 integer cents (the mirror is of v2 orders).
import { PROFIT_ORDER_STATUSES } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import type { OpenMirror } from '../../mirror/index.js';
import { excludedSales, profitGroups, salesBetween } from '../../mirror/queries.js';
import {
  add,
  type Amounts,
  type ProfitGroup,
  type ProfitReport,
  type ProfitRow,
  refParts,
  sortRows,
  zero,
} from './profit-report.js';

/** --from/--to as mirror bounds (A2: inclusive, a bare `to` date covers its whole day). */
function mirrorRange(from?: string, to?: string): { from?: string; to?: string } {
  const iso = (s: string) => new Date(Date.parse(s)).toISOString();
  const bare = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  return {
    from: from === undefined ? undefined : bare(from) ? `${from}T00:00:00.000Z` : iso(from),
    to: to === undefined ? undefined : bare(to) ? `${to}T23:59:59.999Z` : iso(to),
  };
}

/** The report; per sale (no --by), its rows come as `stream`, read from the database as printed. */
export function profitFromMirror(
  m: OpenMirror,
  by: ProfitGroup | undefined,
  from?: string,
  to?: string,
): ProfitReport & { stream?: Iterable<ProfitRow> } {
  const range = mirrorRange(from, to);
  const total = profitGroups(m.db, 'total', range)[0];
  const totals: Amounts = total ? amounts(total) : zero();
  const excluded = excludedSales(m.db, range).map((e) => {
    const o = JSON.parse(e.json) as Order;
    return {
      id: e.id,
      orderCode: o.orderCode ?? undefined,
      status: e.status ?? undefined,
      createdAt: o.createdAt ?? undefined,
      priceCents: e.price,
    };
  });
  if (by === undefined) return { by: null, rows: [], stream: saleRows(m, range), totals, excluded };
  return { by, rows: rows(m, by, range), totals, excluded };
}

function amounts(g: Amounts): Amounts {
  return {
    sales: g.sales,
    items: g.items,
    itemsWithoutCost: g.itemsWithoutCost,
    priceCents: g.priceCents,
    feeCents: g.feeCents,
    costCents: g.costCents,
    profitCents: g.profitCents,
  };
}

function rows(m: OpenMirror, by: ProfitGroup | undefined, range: { from?: string; to?: string }): ProfitRow[] {
  if (by === 'listing')
    return profitGroups(m.db, 'listing', range).map((g) => ({
      key: g.key,
      productId: g.productId,
      productTitle: g.productTitle,
      ...amounts(g),
    }));
  if (by === 'day') return profitGroups(m.db, 'day', range).map((g) => ({ key: g.key, day: g.key, ...amounts(g) }));
  const sales = salesBetween(m.db, range.from ?? '', { statuses: PROFIT_ORDER_STATUSES, untilIso: range.to });
  if (by === 'ref') {
    const groups = new Map<string, ProfitRow>();
    for (const s of sales) {
      const whole: Amounts = saleAmounts(s);
      for (const [row, part] of refParts(JSON.parse(s.json) as Order, whole)) {
        const g = groups.get(row.key) ?? { ...row, ...zero() };
        add(g, part);
        groups.set(row.key, g);
      }
    }
    return sortRows([...groups.values()], 'ref');
  }
  return [...saleRows(m, range)];
}

/** One row per counted sale, oldest first, read a batch at a time. */
function* saleRows(m: OpenMirror, range: { from?: string; to?: string }): Generator<ProfitRow> {
  const sales = salesBetween(m.db, range.from ?? '', { statuses: PROFIT_ORDER_STATUSES, untilIso: range.to }, true);
  for (const s of sales) {
    const o = JSON.parse(s.json) as Order;
    yield {
      key: String(s.id),
      orderId: s.id,
      orderCode: o.orderCode ?? undefined,
      createdAt: o.createdAt ?? undefined,
      productId: s.product_id ?? undefined,
      productTitle: o.productTitle ?? undefined,
      ...saleAmounts(s),
    };
  }
}

function saleAmounts(s: { price: number; fee: number; cost: number; items: number; costed: number }): Amounts {
  return {
    sales: 1,
    items: s.items,
    itemsWithoutCost: s.items - s.costed,
    priceCents: s.price,
    feeCents: s.fee,
    costCents: s.cost,
    profitCents: s.price - s.fee - s.cost,
  };
}
