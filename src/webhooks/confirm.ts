// spec 6.2.5: before acting on a notification, confirm it with GET /api/v2/orders/:id using the
// seller's key. A11: no signature is sent, so the service's own answer is what tells a real
// notification from a forged one (issue 11): the order must exist, be one of the seller's sales
// (A4 `type` as seen by the caller) and be in a state that fits the event.
import type { ApiClient } from '../api/client.js';
import { NotFoundError, SvcError } from '../api/errors.js';
import { TransportError } from '../api/transport.js';
import type { EventDef } from './events.js';

export type Order = Record<string, unknown>;

export type OrderCheck =
  | { status: 'confirmed'; order: Order }
  | { status: 'refused'; detail: string } // not real, or not ours: forgotten, never handed on
  | { status: 'not-yet'; detail: string } // real, but the order has not reached that state yet
  | { status: 'error'; detail: string }; // could not ask: try again later

/**
 * svc decision (the spec names no order state per event): the order statuses (A4) an event can
 * be about. A status before them is "not yet" (the notification can overtake the order); any
 * other status contradicts the event.
 */
const FITS: Record<string, readonly string[]> = {
  'sale.processing': ['processing', 'delivered', 'completed', 'in_mediation'],
  'order.delivered': ['delivered', 'completed', 'in_mediation'],
  'order.completed': ['completed'],
  'funds.released': ['completed', 'delivered'],
  'order.cancelled': ['cancelled'],
};
const EARLY = ['pending_payment', 'processing'];

/** Does the order the service returned back up this event? One rule, for lookups by id and by page. */
export function checkOrder(def: EventDef, orderId: number, order: Order): OrderCheck {
  if (order.type !== undefined && order.type !== 'sale') return { status: 'refused', detail: `order ${orderId} is one of your purchases, not a sale` };
  const fits = FITS[def.name];
  const status = typeof order.status === 'string' ? order.status : undefined;
  if (!fits || status === undefined || fits.includes(status)) return { status: 'confirmed', order };
  if (EARLY.includes(status)) return { status: 'not-yet', detail: `order ${orderId} is ${status}, not yet ${fits.join('/')}` };
  return { status: 'refused', detail: `order ${orderId} is ${status}: it cannot be ${def.name}` };
}

/** Where confirmations come from: the service (through the one request core), or a test's stand-in. */
export interface OrderSource {
  /** One order by id; undefined when the service says it does not exist (404). */
  getOrder(orderId: number, signal?: AbortSignal): Promise<Order | undefined>;
  /** The seller's sales created since `fromDay` (YYYY-MM-DD): one or two list pages, never more. */
  recentSales(fromDay: string, signal?: AbortSignal): Promise<{ orders: Order[]; requests: number }>;
}

export function apiOrderSource(client: ApiClient): OrderSource {
  const page = (fromDay: string, n: number, signal?: AbortSignal) =>
    client.request<Order[]>({ route: 'listOrders', query: { type: 'sales', from: fromDay, limit: 100, page: n }, signal });
  return {
    async getOrder(orderId, signal) {
      try {
        return (await client.request<Order>({ route: 'getOrder', params: { id: orderId }, signal })).data;
      } catch (err) {
        if (err instanceof NotFoundError) return undefined;
        throw err;
      }
    },
    async recentSales(fromDay, signal) {
      // A2 names no sort order: the first page and, when there are more, the last one hold the
      // newest sales either way (A2: `from` is inclusive, by createdAt).
      const first = await page(fromDay, 1, signal);
      const orders = Array.isArray(first.data) ? [...first.data] : [];
      const last = first.pagination?.totalPages ?? 1;
      if (last <= 1) return { orders, requests: 1 };
      const tail = await page(fromDay, last, signal);
      return { orders: orders.concat(Array.isArray(tail.data) ? tail.data : []), requests: 2 };
    },
  };
}

/** A failure to ask (network, 5xx, 429 after the client's retries) is not a verdict: try again later. */
export function describeLookupError(err: unknown): string | undefined {
  if (err instanceof TransportError && err.kind === 'aborted') return undefined;
  if (err instanceof SvcError) return 'summary' in err && typeof err.summary === 'string' ? err.summary : err.message;
  if (err instanceof TransportError) return err.message;
  return undefined;
}
