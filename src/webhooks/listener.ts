// The receiver, the store and the processor put together: what `svc webhooks listen` runs.
// Order on start: open the store (and its lock), open the port, then resume what a previous
// run left pending. Order on stop: close the port (answers in flight finish), give steps
// in flight a grace period, close the store.
import { t } from '../i18n/index.js';
import type { ConfirmStats } from './confirm.js';
import type { ConfirmPolicy } from './decisions.js';
import type { OrderSource } from './confirm.js';
import type { LogFn } from './log.js';
import type { BlockList } from 'node:net';
import { DeliveryProcessor } from './processor.js';
import { startReceiver } from './receiver.js';
import { smallFields } from './store-records.js';
import { WebhookStore, type StoreOptions, type StoredDelivery, type Target } from './store.js';
import { type DeliverySink, deliverySink } from './sink.js';

export interface ListenerOptions {
  stateDir: string;
  host: string;
  port: number;
  path: string;
  events?: ReadonlySet<string>;
  forwardTo?: string;
  /** In place of forwardTo: each delivery handed over in process, as data (`shop run`). */
  handTo?: (e: StoredDelivery) => void;
  exec?: string;
  /** undefined with --no-confirm. */
  orders?: OrderSource;
  policy?: ConfirmPolicy;
  env: NodeJS.ProcessEnv;
  log: LogFn;
  /** The store stopped or started being writable (disk full, then room): say so loudly. */
  onWritable?: (writable: boolean, detail: string) => void;
  backoffMs?: (attempt: number) => number;
  store?: StoreOptions;
  /** `GET /healthz` on the port (`shop run`). */
  health?: boolean;
  /** Why the process is degraded besides starved confirmations (`shop run`: the account's day spent). */
  degraded?: () => string | undefined;
  /** Proxies whose X-Forwarded-For is believed (--trust-proxy). */
  trustProxy?: BlockList;
  /** [--max-connections-per-address] */
  connectionsPerAddress?: number;
  /** A hint for the seller (a proxy not named with --trust-proxy), said once. */
  onHint?: (message: string) => void;
  /** A damaged store was rewritten at start: say where the original was kept. */
  onRepaired?: (detail: string) => void;
}

export interface ListenerStats {
  pending: number;
  refusedPosts: Record<string, number>;
  confirm?: ConfirmStats;
  syncs: number;
}

export interface Listener {
  url: string;
  port: number;
  /** Deliveries a previous run left pending, taken up again. */
  resumed: number;
  pendingCount(): number;
  stats(): ListenerStats;
  /** Hands on (src/webhooks/catch-up.ts) a delivery that did not come as a notification. */
  sink: DeliverySink;
  close(): Promise<void>;
}

/** The store, saying so when it had to be repaired on open. */
function openStore(o: ListenerOptions): WebhookStore {
  const store = WebhookStore.open(o.stateDir, { ...o.store, onWritable: o.onWritable });
  const bad = store.skippedLines + store.oversizedLines;
  if (bad > 0) {
    const pending = store.pendingCount();
    const parts = [
      t(
        bad === 1
          ? 'the webhook store had 1 unreadable or oversized line'
          : 'the webhook store had {n} unreadable or oversized lines',
        { n: bad },
      ),
      t(
        pending === 1
          ? 'rewritten with the 1 pending delivery it holds'
          : 'rewritten with the {n} pending deliveries it holds',
        { n: pending },
      ),
      ...(store.movedAside ? [t('the original is kept as {file}', { file: store.movedAside })] : []),
    ];
    o.onRepaired?.(parts.join('; '));
  }
  return store;
}

function receiverOptions(
  o: ListenerOptions,
  store: WebhookStore,
  processor: DeliveryProcessor,
  targets: Target[],
): Parameters<typeof startReceiver>[0] {
  return {
    host: o.host,
    port: o.port,
    path: o.path,
    events: o.events,
    log: o.log,
    health: o.health,
    degraded: () => processor.confirmStats()?.starved ?? o.degraded?.(),
    trustProxy: o.trustProxy,
    connectionsPerAddress: o.connectionsPerAddress,
    onHint: o.onHint,
    // spec 6.2.4: the store is the dedupe memory; the record is on disk before the 2xx. What
    // the service will confirm keeps no data: the hook's comes from the order.
    accept: (n) =>
      store.accept({
        key: n.key,
        event: n.def.name,
        orderId: n.orderId,
        timestamp: n.timestamp,
        from: n.from,
        data: o.orders && n.orderId !== undefined ? undefined : smallFields(n.data),
        targets,
      }),
    afterAnswer: (key, verdict, from) =>
      verdict === 'received' ? processor.enqueue(key) : processor.repeated(key, from),
  };
}

export async function startListener(o: ListenerOptions): Promise<Listener> {
  const store = openStore(o);
  const targets: Target[] = [
    ...(o.forwardTo || o.handTo ? ['forward' as const] : []),
    ...(o.exec ? ['exec' as const] : []),
  ];
  const processor = new DeliveryProcessor({
    store,
    orders: o.orders,
    policy: o.policy,
    forwardTo: o.forwardTo,
    ...(o.handTo ? { handTo: o.handTo } : {}),
    exec: o.exec,
    env: o.env,
    log: o.log,
    backoffMs: o.backoffMs,
  });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  try {
    receiver = await startReceiver(receiverOptions(o, store, processor, targets));
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
    sink: deliverySink(store, processor, targets),
    stats: () => ({
      pending: processor.pendingCount(),
      refusedPosts: r.refusals(),
      confirm: processor.confirmStats(),
      syncs: store.syncs,
    }),
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
