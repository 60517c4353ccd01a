// `svc orders reconcile` hands missed sales on without a listener: the same webhook
// store (dedupe memory, shared with `webhooks listen` in the same state folder) and the same
// processor (envelope, hook environment, forward), with no port open. It runs until every
// delivery it took up was handed on or failed once; what failed stays pending in the store, and
// the next reconcile (or listener) takes it up again.
import type { LogFn } from './log.js';
import { DeliveryProcessor } from './processor.js';
import { type DeliverySink, deliverySink } from './sink.js';
import { type Target, WebhookStore } from './store.js';
import { StoreLockedError } from './store-lock.js';

export interface HandOn {
  sink: DeliverySink;
  /** Deliveries a previous run left pending, taken up again now. */
  resumed: number;
  /** Wait until every delivery taken up was handed on, or failed once; returns how many failed. */
  settle(): Promise<number>;
  close(): Promise<void>;
}

export function openHandOn(o: {
  stateDir: string;
  exec?: string;
  forwardTo?: string;
  env: NodeJS.ProcessEnv;
  log: LogFn;
}): HandOn {
  let store: WebhookStore;
  try {
    store = WebhookStore.open(o.stateDir);
  } catch (err) {
    if (err instanceof StoreLockedError) {
      err.message = `a webhook listener is running on this state folder (${err.message}); it catches up by itself`;
      err.hint = 'stop it to reconcile by hand, or let it catch up (every few minutes, see --catch-up-every)';
    }
    throw err;
  }
  const failed = new Set<string>();
  const taken = new Set<string>();
  const log: LogFn = (line) => {
    if (line.action === 'failed' && line.event && line.orderId !== undefined)
      failed.add(`${line.event}:${line.orderId}`);
    o.log(line);
  };
  const targets: Target[] = [...(o.forwardTo ? ['forward' as const] : []), ...(o.exec ? ['exec' as const] : [])];
  // A retry would wait its backoff inside this one-shot run: each failure waits for the next run.
  const processor = new DeliveryProcessor({
    store,
    forwardTo: o.forwardTo,
    exec: o.exec,
    env: o.env,
    log,
    backoffMs: () => 2 ** 31 - 1,
  });
  const sink = deliverySink(store, processor, targets);
  for (const e of store.pending()) taken.add(e.key);
  const resumed = processor.resume();
  return {
    sink: {
      known: sink.known,
      inject: async (d) => {
        const v = await sink.inject(d);
        if (v === 'received') taken.add(d.key);
        return v;
      },
    },
    resumed,
    async settle() {
      const open = () =>
        [...taken].filter((k) => {
          const e = store.get(k);
          return e !== undefined && !failed.has(`${e.event}:${e.orderId}`);
        }).length;
      while (open() > 0) await new Promise((r) => setTimeout(r, 20));
      await store.flushed();
      return [...taken].filter((k) => store.get(k) !== undefined).length;
    },
    async close() {
      await processor.close(0);
      store.close();
    },
  };
}
