// What `shop run` takes from the webhook receiver, in process: each delivery the listener has
// deduped (spec 6.2.4) and, for an order event, confirmed with the service's own answer (spec
// 6.2.5), handed over as data. Only `confirmed` and the service's `order` are trusted for a sale,
// never the notification's own fields (anyone who knows the URL can POST those).
import type { Order } from '../api/responses.js';

/** A delivery as the listener's store keeps it (src/webhooks/store-records.ts StoredDelivery). */
export interface ShopDelivery {
  event: string;
  orderId?: number;
  confirmed: boolean;
  /** The order as the service returned it, once confirmed. */
  order?: unknown;
  /** Small fields of the body as received, kept only when nothing confirms it. */
  data?: Record<string, unknown>;
}

export interface ShopEvents {
  sale(order: Order): void;
  listing(id: number): void;
  mediation(order: Order): void;
  /** funds.released: the sale's value reached the balance. */
  payout?(order: Order): void;
}

export function routeDelivery(d: ShopDelivery, h: ShopEvents): void {
  const order = d.confirmed && d.order && typeof d.order === 'object' ? (d.order as Order) : undefined;
  if ((d.event === 'order.delivered' || d.event === 'sale.processing') && order) h.sale(order);
  else if (d.event === 'mediation.opened' && order) h.mediation(order);
  else if (d.event === 'funds.released' && order) h.payout?.(order);
  // Confirmed by the listing route (the listing holds no stock): an unconfirmed post asks for
  // nothing, so forged posts cost at most the listener's share of the budget.
  else if (d.event === 'product.out_of_stock' && d.confirmed && Number.isSafeInteger(d.data?.productId))
    h.listing(d.data!.productId as number);
}
