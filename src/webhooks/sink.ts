// a delivery that did not come as a notification (a sale the catch-up found missed in
// the orders list) enters the same store and processor as a live one: the same dedupe key
// (event + order id, spec 6.2.4), so a sale that arrives both ways is handed on once; it is
// already confirmed (the service listed it), and marked `catch-up` for the hook (SVC_SOURCE).
import type { DeliveryProcessor } from './processor.js';
import type { Target, WebhookStore } from './store.js';

interface SinkDelivery {
  key: string;
  event: string;
  orderId: number;
  /** The notification as the service would have sent it (built from the order). */
  body: string;
  /** The order as the service listed it. */
  order: unknown;
}

export interface DeliverySink {
  /** Handed on by this listener already, or pending in its store. */
  known(key: string): boolean;
  /** Record it durably and queue it; 'duplicate' when the key is known (it came live meanwhile). */
  inject(d: SinkDelivery): Promise<'received' | 'duplicate'>;
}

export function deliverySink(store: WebhookStore, processor: DeliveryProcessor, targets: Target[]): DeliverySink {
  return {
    known: (key) => store.isFinished(key) || store.get(key) !== undefined,
    inject: async (d) => {
      // With `order`, the store records it confirmed at once, outside the unconfirmed room;
      // the hook's data is then built from that order (forward.ts), as for a confirmed live one.
      const verdict = await store.accept({
        key: d.key,
        event: d.event,
        orderId: d.orderId,
        targets,
        order: d.order,
        source: 'catch-up',
      });
      if (verdict === 'received') processor.enqueue(d.key);
      return verdict;
    },
  };
}
