// Order amounts in cents whatever the API version (A3: v1 money is a decimal, v2 cents), and
// the profit of one sale (spec 1.5, A4): price - fee - sum(deliveredItems[].costCents).
import type { ApiVersion } from '../../api/assumptions.js';
import { PROFIT_ORDER_STATUSES } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';

export function toCents(amount: number | null | undefined, version: ApiVersion): number {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return 0;
  return version === 'v1' ? Math.round(amount * 100) : Math.round(amount);
}

export interface SaleMoney {
  priceCents: number;
  feeCents: number;
  costCents: number;
  profitCents: number;
  items: number;
  /** A4: an item without `costCents` counts 0, and the report says how many there were. */
  itemsWithoutCost: number;
}

export function saleMoney(o: Order, version: ApiVersion): SaleMoney {
  const items = o.deliveredItems ?? [];
  let costCents = 0;
  let costed = 0;
  for (const it of items) {
    if (typeof it.costCents === 'number' && Number.isFinite(it.costCents)) {
      costCents += Math.round(it.costCents);
      costed++;
    }
  }
  const priceCents = toCents(o.price, version);
  const feeCents = toCents(o.fee, version);
  const count = itemCount(o);
  return {
    priceCents,
    feeCents,
    costCents,
    profitCents: priceCents - feeCents - costCents,
    items: count,
    itemsWithoutCost: count - costed,
  };
}

/**
 * Items of a sale by its `quantity`: `deliveredItems` leaves out items with neither
 * ref nor cost (spec 2.5), so a sale of 6 with one costed item has 6 items, 5 without cost.
 */
export function itemCount(o: Order): number {
  const delivered = o.deliveredItems?.length ?? 0;
  const q = typeof o.quantity === 'number' && Number.isFinite(o.quantity) ? Math.round(o.quantity) : delivered;
  return Math.max(q, delivered, 1);
}

/** A13: only delivered and completed sales count towards profit. */
export function countsForProfit(o: Order): boolean {
  return (PROFIT_ORDER_STATUSES as readonly string[]).includes(o.status ?? '');
}

export function isSale(o: Order): boolean {
  // A4: `type` is as seen by the caller; a missing type on a sales query is a sale.
  return o.type === undefined || o.type === null || o.type === 'sale';
}
