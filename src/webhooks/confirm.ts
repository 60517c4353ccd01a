// spec 6.2.5: before acting on a notification, confirm it with GET /api/v2/orders/:id using the
// seller's key. A11: no signature is sent, so the service's own answer is what tells a real
// notification from a forged one (issue 11): the order must exist, be one of the seller's sales
// (A4 `type` as seen by the caller) and be in a state that fits the event.
import { asFeature } from '../api/feature.js';
import type { ApiClient } from '../api/client.js';
import { NotFoundError, SvcError } from '../api/errors.js';
import { TransportError } from '../api/transport.js';
import { ORDER_STATES_PER_EVENT } from './decisions.js';
import type { EventDef } from './events.js';

export type Order = Record<string, unknown>;

export type OrderCheck =
  | { status: 'confirmed'; order: Order }
  | { status: 'refused'; detail: string } // not real, or not ours: forgotten, never handed on
  | { status: 'not-yet'; detail: string } // real, but the order has not reached that state yet
  | { status: 'error'; detail: string }; // could not ask: try again later

/** Does the order the service returned back up this event? One rule, for lookups by id and by page. */
export function checkOrder(def: EventDef, orderId: number, order: Order): OrderCheck {
  if (order.type !== undefined && order.type !== 'sale')
    return { status: 'refused', detail: `order ${orderId} is one of your purchases, not a sale` };
  const states = ORDER_STATES_PER_EVENT[def.name];
  const status = typeof order.status === 'string' ? order.status : undefined;
  if (!states || status === undefined || states.fits.includes(status)) return { status: 'confirmed', order };
  if (states.early.includes(status))
    return { status: 'not-yet', detail: `order ${orderId} is ${status}, not yet ${states.fits[0]}` };
  return { status: 'refused', detail: `order ${orderId} is ${status}: it cannot be ${def.name}` };
}

export interface RecentSales {
  orders: Order[];
  requests: number;
  complete: boolean;
}

/** Where confirmations come from: the service (through the one request core), or a test's stand-in. */
export interface OrderSource {
  /** One order by id; undefined when the service says it does not exist (404). */
  getOrder(orderId: number, signal?: AbortSignal): Promise<Order | undefined>;
  /**
   * The seller's sales created since `fromDay` (YYYY-MM-DD): one or two list pages, never more.
   * `complete`: every sale since that day is in `orders` (a miss is then a verdict).
   */
  recentSales(fromDay: string, signal?: AbortSignal): Promise<RecentSales>;
}

export function apiOrderSource(client: ApiClient): OrderSource {
  // Counted in the usage ledger as confirmation lookups, whoever runs the listener (spec 8).
  const page = (fromDay: string, n: number, signal?: AbortSignal) =>
    asFeature('confirm lookup', () =>
      client.request({
        route: 'listOrders',
        query: { type: 'sales', from: fromDay, limit: 100, page: n },
        signal,
      }),
    );
  return {
    async getOrder(orderId, signal) {
      try {
        const get = () => client.request({ route: 'getOrder', params: { id: orderId }, signal });
        return (await asFeature('confirm lookup', get)).data;
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
      const last = first.pagination?.totalPages ?? (orders.length < 100 ? 1 : 2);
      if (last <= 1) return { orders, requests: 1, complete: first.pagination !== undefined || orders.length < 100 };
      const tail = await page(fromDay, last, signal);
      return {
        orders: orders.concat(Array.isArray(tail.data) ? tail.data : []),
        requests: 2,
        complete: last === 2 && first.pagination !== undefined,
      };
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
