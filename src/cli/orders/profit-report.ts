// The profit report (spec 1.5, A4, A13), as a pure function of the sales: no HTTP, no output.
// Profit of a sale = price - fee - sum(deliveredItems[].costCents); only delivered and
// completed sales count, the others are listed apart; an item without a cost counts 0 and
// the report says how many there were. All amounts are integer cents.
import { stripPoolTag } from '../../api/rules/pool-tag.js';
import type { ApiVersion } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import { countsForProfit, isSale, itemCount, saleMoney, toCents } from './order-money.js';

export const PROFIT_GROUPS = ['listing', 'ref', 'day'] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];

export interface Amounts {
  sales: number;
  items: number;
  itemsWithoutCost: number;
  priceCents: number;
  feeCents: number;
  costCents: number;
  profitCents: number;
}

export interface ProfitRow extends Amounts {
  /** What the row stands for: the order (no --by), the listing, the ref or the day. */
  key: string;
  orderId?: number;
  orderCode?: string;
  createdAt?: string;
  productId?: number;
  productTitle?: string;
  ref?: string;
  day?: string;
}

export interface ExcludedSale {
  id: number;
  orderCode?: string;
  status?: string;
  createdAt?: string;
  priceCents: number;
}

export interface ProfitReport {
  by: ProfitGroup | null;
  rows: ProfitRow[];
  totals: Amounts;
  excluded: ExcludedSale[];
}

// svc decision: sales whose delivered items carry no ref are grouped under this key with
// --by ref; sales with no delivered items at all under the other one.
export const NO_REF = '(no ref)';
const NO_ITEMS = '(no items)';

export const zero = (): Amounts => ({
  sales: 0,
  items: 0,
  itemsWithoutCost: 0,
  priceCents: 0,
  feeCents: 0,
  costCents: 0,
  profitCents: 0,
});

export function add(into: Amounts, a: Amounts): void {
  into.sales += a.sales;
  into.items += a.items;
  into.itemsWithoutCost += a.itemsWithoutCost;
  into.priceCents += a.priceCents;
  into.feeCents += a.feeCents;
  into.costCents += a.costCents;
  into.profitCents += a.profitCents;
}

export function profitReport(orders: Order[], version: ApiVersion, by: ProfitGroup | undefined): ProfitReport {
  const sales = orders
    .filter(isSale)
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id - b.id);
  const counted = sales.filter(countsForProfit);
  const excluded = sales
    .filter((o) => !countsForProfit(o))
    .map((o) => ({
      id: o.id,
      orderCode: o.orderCode ?? undefined,
      status: o.status ?? undefined,
      createdAt: o.createdAt ?? undefined,
      priceCents: toCents(o.price, version),
    }));
  const groups = new Map<string, ProfitRow>();
  const totals = zero();
  for (const o of counted) {
    const m = saleMoney(o, version);
    const whole: Amounts = { sales: 1, ...m };
    add(totals, whole);
    for (const [row, part] of parts(o, whole, by)) {
      const g = groups.get(row.key) ?? { ...row, ...zero() };
      // A row keeps the latest title of its listing.
      if (row.productTitle) g.productTitle = row.productTitle;
      add(g, part);
      groups.set(row.key, g);
    }
  }
  return { by: by ?? null, rows: sortRows([...groups.values()], by), totals, excluded };
}

export type RowId = Omit<ProfitRow, keyof Amounts>;

/** The rows a sale adds to, and what it adds to each. */
function parts(o: Order, whole: Amounts, by: ProfitGroup | undefined): [RowId, Amounts][] {
  switch (by) {
    case undefined:
      return [
        [
          {
            key: String(o.id),
            orderId: o.id,
            orderCode: o.orderCode ?? undefined,
            createdAt: o.createdAt ?? undefined,
            productId: o.productId ?? undefined,
            productTitle: o.productTitle ?? undefined,
          },
          whole,
        ],
      ];
    case 'listing':
      return [
        [
          {
            key: String(o.productId ?? '?'),
            productId: o.productId ?? undefined,
            productTitle: o.productTitle ?? undefined,
          },
          whole,
        ],
      ];
    case 'day': {
      const day = (o.createdAt ?? '').slice(0, 10) || '?';
      return [[{ key: day, day }, whole]];
    }
    case 'ref':
      return refParts(o, whole);
  }
}

/**
 * svc decision (--by ref): a sale's net (price - fee) is split evenly over its items (by
 * `quantity`), whole cents, the first items taking the remainder; each item then
 * subtracts its own cost. Items `deliveredItems` leaves out (neither ref nor cost) go under
 * NO_REF without a cost. The parts add up to the sale's profit exactly.
 */
export function refParts(o: Order, whole: Amounts): [RowId, Amounts][] {
  const delivered = o.deliveredItems ?? [];
  if (delivered.length === 0) return [[{ key: NO_ITEMS, ref: NO_ITEMS }, whole]];
  const n = Math.max(itemCount(o), delivered.length);
  const items = [
    ...delivered,
    ...Array.from({ length: n - delivered.length }, () => ({}) as { ref?: string; costCents?: number }),
  ];
  const net = whole.priceCents - whole.feeCents;
  const base = Math.floor(net / n);
  const rest = net - base * n;
  const priceBase = Math.floor(whole.priceCents / n);
  const priceRest = whole.priceCents - priceBase * n;
  const seen = new Set<string>();
  return items.map((it, i) => {
    // a pool upload's ref carries svc's pool tag after the seller's own ref; the
    // seller's ref is what groups (a tag alone is "no ref").
    const ref = stripPoolTag(it.ref) || NO_REF;
    const hasCost = typeof it.costCents === 'number' && Number.isFinite(it.costCents);
    const cost = hasCost ? Math.round(it.costCents!) : 0;
    const share = base + (i < rest ? 1 : 0);
    const price = priceBase + (i < priceRest ? 1 : 0);
    const firstOfOrder = !seen.has(ref);
    seen.add(ref);
    return [
      { key: ref, ref },
      {
        sales: firstOfOrder ? 1 : 0,
        items: 1,
        itemsWithoutCost: hasCost ? 0 : 1,
        priceCents: price,
        feeCents: price - share,
        costCents: cost,
        profitCents: share - cost,
      },
    ];
  });
}

export function sortRows(rows: ProfitRow[], by: ProfitGroup | undefined): ProfitRow[] {
  if (by === 'listing') return rows.sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0));
  if (by === 'day') return rows.sort((a, b) => a.key.localeCompare(b.key));
  if (by === 'ref') {
    const special = (k: string) => (k === NO_REF || k === NO_ITEMS ? 1 : 0);
    return rows.sort((a, b) => special(a.key) - special(b.key) || a.key.localeCompare(b.key));
  }
  return rows; // per sale: already in date order
}
