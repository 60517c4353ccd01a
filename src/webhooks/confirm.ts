// spec 6.2.5: before acting on a notification, confirm it with GET /api/v2/orders/:id using the
// seller's key. A11: no signature is sent, so the service's own answer is what tells a real
// notification from a forged one: the order must exist, be one of the seller's sales
// (A4 `type` as seen by the caller) and be in a state that fits the event.
import { asFeature } from '../api/feature.js';
import type { ApiClient } from '../api/client.js';
import { NEW_MEDIATION_MAX_AGE_MS, NEW_SALE_MAX_AGE_MS } from '../api/assumptions.js';
import { ApiError, NotFoundError, SvcError } from '../api/errors.js';
import { TransportError } from '../api/transport.js';
import { LISTING_STATES_PER_EVENT, ORDER_STATES_PER_EVENT } from './decisions.js';
import type { EventDef } from './events.js';

export type Order = Record<string, unknown>;

/** The route that confirms an event: the order's, the mediation's or the listing's (A4, spec 6.2.5). */
export type ConfirmRoute = 'order' | 'mediation' | 'listing';

/** undefined: no route says anything about this event (withdrawal, balance, review). */
export function routeOf(def: EventDef): ConfirmRoute | undefined {
  if (def.group === 'order') return 'order';
  if (def.group === 'mediation') return 'mediation';
  if (def.group === 'listing') return 'listing';
  return undefined;
}

export type OrderCheck =
  | { status: 'confirmed'; order: Order }
  | { status: 'refused'; detail: string } // not real, or not ours: forgotten, never handed on
  | { status: 'not-yet'; detail: string } // real, but the order has not reached that state yet
  | { status: 'error'; detail: string }; // could not ask: try again later

/** Does the order the service returned back up this event? One rule, for lookups by id and by page. */
export function checkOrder(def: EventDef, orderId: number, order: Order, now: number = Date.now()): OrderCheck {
  if (order.type !== undefined && order.type !== 'sale')
    return { status: 'refused', detail: `order ${orderId} is one of your purchases, not a sale` };
  const states = ORDER_STATES_PER_EVENT[def.name];
  const status = typeof order.status === 'string' ? order.status : undefined;
  if (states?.news && olderThan(order.createdAt, now, NEW_SALE_MAX_AGE_MS))
    return { status: 'refused', detail: `order ${orderId} was created ${String(order.createdAt)}: not a new sale` };
  if (!states || status === undefined || states.fits.includes(status)) return { status: 'confirmed', order };
  if (states.early.includes(status))
    return { status: 'not-yet', detail: `order ${orderId} is ${status}, not yet ${states.fits[0]}` };
  return { status: 'refused', detail: `order ${orderId} is ${status}: it cannot be ${def.name}` };
}

/**
 * Older than the window? A date the service did not send says nothing (A4 names it on every order
 * and mediation; answers are read leniently); one it sent unreadable counts as old.
 */
function olderThan(at: unknown, now: number, maxAgeMs: number): boolean {
  if (at === undefined || at === null) return false;
  const t = typeof at === 'string' ? Date.parse(at) : Number.NaN;
  return Number.isNaN(t) || now - t > maxAgeMs;
}

/**
 * Does the mediation (A4: orderId, status, openedAt) back up the event? `mediation.opened`: open,
 * and opened recently; `mediation.closed`: closed. The order is handed on beside it.
 */
function checkMediation(def: EventDef, orderId: number, m: Order, order: Order, now: number = Date.now()): OrderCheck {
  const status = m.status;
  if (def.name === 'mediation.opened') {
    if (status !== 'open')
      return { status: 'refused', detail: `the mediation of order ${orderId} is ${String(status)}, not open` };
    if (olderThan(m.openedAt, now, NEW_MEDIATION_MAX_AGE_MS))
      return {
        status: 'refused',
        detail: `the mediation of order ${orderId} was opened ${String(m.openedAt)}: not news`,
      };
  } else if (status !== 'closed')
    return { status: 'refused', detail: `the mediation of order ${orderId} is ${String(status)}, not closed` };
  return { status: 'confirmed', order: { ...order, mediation: m } };
}

/** "Has stock" (A13): manual stock or credentials held, on the listing or any variant. */
function hasStock(l: Order): boolean {
  const held = (x: Record<string, unknown>) =>
    (typeof x.stock === 'number' && x.stock > 0) ||
    (typeof x.autoDeliveryStock === 'number' && x.autoDeliveryStock > 0);
  const variants = Array.isArray(l.variants) ? (l.variants as Record<string, unknown>[]) : [];
  return held(l) || variants.some((v) => v !== null && typeof v === 'object' && held(v));
}

/** Does the listing (A4) back up the event: out of stock really without stock, approved really approved. */
function checkListing(def: EventDef, productId: number, l: Order): OrderCheck {
  if (def.name === 'product.out_of_stock')
    return hasStock(l)
      ? { status: 'refused', detail: `listing ${productId} has stock: it is not out of stock` }
      : { status: 'confirmed', order: l };
  const fits = LISTING_STATES_PER_EVENT[def.name];
  const status = typeof l.status === 'string' ? l.status : undefined;
  if (!fits || (status !== undefined && fits.includes(status))) return { status: 'confirmed', order: l };
  return { status: 'refused', detail: `listing ${productId} is ${String(status)}: it cannot be ${def.name}` };
}

/** What a lookup on the event's own route says of it (404: it does not exist, or is another seller's). */
export function verdictOf(route: ConfirmRoute, def: EventDef, id: number, looked: Looked, now: number): OrderCheck {
  const v = looked.value;
  if (v === undefined) {
    const what = route === 'listing' ? 'listing' : route === 'mediation' ? 'mediation of order' : 'order';
    return { status: 'refused', detail: `${what} ${id} does not exist or belongs to another seller (404)` };
  }
  if (route === 'order') return checkOrder(def, id, v.thing, now);
  if (route === 'mediation') return checkMediation(def, id, v.thing, v.order ?? {}, now);
  return checkListing(def, id, v.thing);
}

export interface ConfirmStats {
  /** Notifications waiting for confirmation. */
  backlog: number;
  lookups: number;
  pageLookups: number;
  /** Requests that confirmed nothing (charged to the unknown budget): what unknown senders cost. */
  unconfirmedLookups: number;
  confirmed: number;
  refused: number;
  /** Set when confirmations cannot be made for now (the service asked to wait, the day's room is spent). */
  starved?: string;
}

export interface ConfirmHandlers {
  confirmed(key: string, order: Order): void;
  refused(key: string, reason: string): void;
  /** A lookup could not be made (network, 5xx); it is tried again later. */
  deferred(key: string, detail: string): void;
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
  /**
   * The mediation of an order (with the order itself: two requests when there is one), or a
   * listing; `value` undefined when the service says it does not exist (404).
   */
  getThing(route: 'mediation' | 'listing', id: number, signal?: AbortSignal): Promise<Looked>;
}

export interface Looked {
  value: { thing: Order; order?: Order } | undefined;
  requests: number;
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
  const getOrder = async (orderId: number, signal?: AbortSignal): Promise<Order | undefined> => {
    try {
      const get = () => client.request({ route: 'getOrder', params: { id: orderId }, signal });
      return (await asFeature('confirm lookup', get)).data;
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  };
  return {
    getOrder,
    async getThing(route, id, signal) {
      try {
        if (route === 'listing')
          return {
            value: { thing: (await client.request({ route: 'getProduct', params: { id }, signal })).data },
            requests: 1,
          };
        const m = (await client.request({ route: 'getMediation', params: { orderId: id }, signal })).data;
        const order = await getOrder(id, signal);
        return { value: order ? { thing: m, order } : undefined, requests: 2 };
      } catch (err) {
        if (err instanceof NotFoundError) return { value: undefined, requests: 1 };
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

/**
 * How long the service asked us to wait (spec 7.3: Retry-After; a DAILY_LIMIT asks for hours):
 * every confirmation waits that long, not the usual 2 s doubling.
 */
export function retryAfterMsOf(err: unknown): number | undefined {
  return err instanceof ApiError && err.retryAfterS !== undefined && err.retryAfterS > 0
    ? err.retryAfterS * 1000
    : undefined;
}

/** A failure to ask (network, 5xx, 429 after the client's retries) is not a verdict: try again later. */
export function describeLookupError(err: unknown): string | undefined {
  if (err instanceof TransportError && err.kind === 'aborted') return undefined;
  if (err instanceof SvcError) return 'summary' in err && typeof err.summary === 'string' ? err.summary : err.message;
  if (err instanceof TransportError) return err.message;
  return undefined;
}
