// The receiver, the store and the processor put together: what `svc webhooks listen` runs.
// Order on start: open the store (and its lock), open the port, then resume what a previous
// run left pending. Order on stop: close the port (answers in flight finish), give steps
// in flight a grace period, close the store.
import type { Confirmer } from './confirm.js';
import type { LogFn } from './log.js';
import { DeliveryProcessor } from './processor.js';
import { startReceiver } from './receiver.js';
import { WebhookStore, type StoreOptions, type Target } from './store.js';

export interface ListenerOptions {
  stateDir: string;
  host: string;
  port: number;
  path: string;
  events?: ReadonlySet<string>;
  forwardTo?: string;
  exec?: string;
  confirm?: Confirmer;
  env: NodeJS.ProcessEnv;
  log: LogFn;
  backoffMs?: (attempt: number) => number;
  store?: StoreOptions;
}

export interface Listener {
  url: string;
  port: number;
  /** Deliveries a previous run left pending, taken up again. */
  resumed: number;
  pendingCount(): number;
  close(): Promise<void>;
}

export async function startListener(o: ListenerOptions): Promise<Listener> {
  const store = WebhookStore.open(o.stateDir, o.store);
  const targets: Target[] = [...(o.forwardTo ? ['forward' as const] : []), ...(o.exec ? ['exec' as const] : [])];
  const processor = new DeliveryProcessor({
    store, confirm: o.confirm, forwardTo: o.forwardTo, exec: o.exec, env: o.env, log: o.log, backoffMs: o.backoffMs,
  });
  let receiver;
  try {
    receiver = await startReceiver({
      host: o.host,
      port: o.port,
      path: o.path,
      events: o.events,
      log: o.log,
      // spec 6.2.4: the store is the dedupe memory; the record is fsync'd before the 2xx.
      accept: (n) => {
        if (store.has(n.key)) return 'duplicate';
        store.accept({ key: n.key, event: n.def.name, orderId: n.orderId, body: n.body, targets });
        return 'received';
      },
      afterAnswer: (key) => processor.enqueue(key),
    });
  } catch (err) {
    store.close();
    throw err;
  }
  const resumed = processor.resume();
  const r = receiver;
  let closed: Promise<void> | undefined;
  return {
    url: r.url,
    port: r.port,
    resumed,
    pendingCount: () => processor.pendingCount(),
    close() {
      closed ??= (async () => {
        await r.close();
        await processor.close();
        store.close();
      })();
      return closed;
    },
  };
}
