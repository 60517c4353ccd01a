// spec 6.2.5: before acting on a notification, confirm it with GET /api/v2/orders/:id using
// the seller's key. A11: no signature is sent, so this GET is what tells a real notification
// from a forged one. 404 (no such order, or another seller's: spec 4.2) means drop it.
import type { ApiClient } from '../api/client.js';
import { NotFoundError, SvcError } from '../api/errors.js';
import { TransportError } from '../api/transport.js';

export type ConfirmResult =
  | { status: 'confirmed'; ms: number }
  | { status: 'rejected'; ms: number; detail: string } // drop it, with a warning
  | { status: 'error'; ms: number; detail: string }; // try again later

export type Confirmer = (orderId: number, opts: { saleEvent: boolean; signal?: AbortSignal }) => Promise<ConfirmResult>;

export function apiConfirmer(client: ApiClient): Confirmer {
  return async (orderId, { saleEvent, signal }) => {
    const t0 = Date.now();
    try {
      const res = await client.request<Record<string, unknown>>({ route: 'getOrder', params: { id: orderId }, signal });
      const ms = Date.now() - t0;
      // A4: `type` is the order as seen by the caller. A sale event about an order we bought
      // is not about one of our sales: someone else's order.
      if (saleEvent && res.data && res.data.type === 'purchase') {
        return { status: 'rejected', ms, detail: `order ${orderId} is one of your purchases, not a sale` };
      }
      return { status: 'confirmed', ms };
    } catch (err) {
      const ms = Date.now() - t0;
      if (err instanceof NotFoundError) return { status: 'rejected', ms, detail: `order ${orderId} does not exist or belongs to another seller (404)` };
      if (err instanceof TransportError && err.kind === 'aborted') throw err;
      if (err instanceof SvcError || err instanceof TransportError) return { status: 'error', ms, detail: `cannot confirm order ${orderId}: ${summary(err)}` };
      throw err;
    }
  };
}

function summary(err: SvcError | TransportError): string {
  return 'summary' in err && typeof err.summary === 'string' ? err.summary : err.message;
}
