// An order as a mirror row: the amounts a report aggregates, precomputed once when the
// order is stored, beside the order itself as JSON. Money is integer cents (v2 only, A3).
// Items are counted by the order's `quantity` (A4): `deliveredItems` leaves out items with
// neither ref nor cost (spec 2.5), so `items - costed` is how many had no recorded cost.
import type { Order } from '../api/responses.js';

export interface OrderRow {
  id: number;
  type: string;
  status: string | null;
  created_at: string;
  product_id: number | null;
  variant_index: number | null;
  quantity: number;
  price: number;
  fee: number;
  cost: number;
  items: number;
  costed: number;
  json: string;
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);

/** `createdAt` in one form (ISO with milliseconds), so the database compares it as text. */
function normalTime(v: unknown): string {
  if (typeof v !== 'string') return '';
  const t = Date.parse(v);
  return Number.isFinite(t) ? new Date(t).toISOString() : '';
}

/** The order's type as the caller sees it (A4); one without a type is placed by who is who. */
function orderType(o: Order, account: number | undefined): string {
  if (o.type === 'sale' || o.type === 'purchase') return o.type;
  if (account !== undefined && o.buyerId === account && o.sellerId !== account) return 'purchase';
  return 'sale';
}

/**
 * Only `ref` and `costCents` of each delivered item are kept (spec 2.5 names no other field):
 * whatever a server put beside them never reaches the mirror.
 */
function deliveredItems(o: Order): { ref?: string; costCents?: number }[] | undefined {
  if (!Array.isArray(o.deliveredItems)) return undefined;
  return o.deliveredItems.map((it) => {
    const d: { ref?: string; costCents?: number } = {};
    if (typeof it?.ref === 'string') d.ref = it.ref;
    if (typeof it?.costCents === 'number' && Number.isFinite(it.costCents)) d.costCents = it.costCents;
    return d;
  });
}

export function toRow(o: Order, account: number | undefined): OrderRow {
  const items = deliveredItems(o);
  const clean = items === undefined ? { ...o } : { ...o, deliveredItems: items };
  let cost = 0;
  let costed = 0;
  for (const it of items ?? []) {
    if (it.costCents !== undefined) {
      cost += Math.round(it.costCents);
      costed++;
    }
  }
  const delivered = items?.length ?? 0;
  const quantity = Math.max(1, int(o.quantity) ?? delivered);
  return {
    id: o.id,
    type: orderType(o, account),
    status: typeof o.status === 'string' ? o.status : null,
    created_at: normalTime(o.createdAt),
    product_id: int(o.productId),
    variant_index: int(o.variantIndex),
    quantity,
    price: int(o.price) ?? 0,
    fee: int(o.fee) ?? 0,
    cost,
    items: Math.max(quantity, delivered),
    costed,
    json: JSON.stringify(clean),
  };
}

/** The account an order says it belongs to: the seller of a sale, the buyer of a purchase. */
export function accountOf(o: Order, type: string): number | undefined {
  const v = type === 'purchase' ? o.buyerId : o.sellerId;
  return typeof v === 'number' ? v : undefined;
}
