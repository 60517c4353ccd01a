// Catch-up: the service resends a notification at most 5 times over ~36 minutes
// (spec 6.2.2) and keeps no list of past events, so a receiver that was down loses sales for good
// unless it looks at the orders themselves. After syncing the orders mirror, every sale since the
// start mark that was not handed on yet becomes the notification it would have been
// (`sale.processing` for a paid sale, `order.delivered` for a delivered one), with the same dedupe
// key as the live one (event + order id, spec 6.2.4), and goes to the same --exec/--forward-to
// once. The first run ever only sets the mark: it does not replay history. Paid sales with no
// delivery after MIRROR.stuckAfterMs are reported as stuck (auto-delivery ran dry: a mediation
// is coming). docs/DECISIONS.md "Orders mirror".
import { MIRROR } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import type { Order } from '../api/responses.js';
import type { OpenMirror } from '../mirror/index.js';
import { markHanded, stuckSales, unhandedSales } from '../mirror/queries.js';
import { dataFromOrder, dedupeKey, eventDef } from './events.js';
import type { LogFn } from './log.js';
import type { DeliverySink } from './sink.js';

/** Which sales each event stands for (A4 statuses; the spec names no transition, spec 3). */
const CATCH_UP_EVENTS: readonly { event: string; statuses: readonly string[] }[] = [
  { event: 'sale.processing', statuses: ['processing', 'delivered', 'completed', 'in_mediation'] },
  { event: 'order.delivered', statuses: ['delivered', 'completed'] },
];

export interface CatchUpOptions {
  mirror: OpenMirror;
  sink: DeliverySink;
  /** Whose start mark: the listener's, or `orders reconcile`'s. */
  mark: 'listener' | 'reconcile';
  /** --since: look back this far (ms) instead of from the mark. */
  sinceMs?: number;
  /** --events: only these. */
  events?: ReadonlySet<string>;
  stuckAfterMs?: number;
  /** Stuck sales already reported by this process (the listener says each once). */
  reported?: Set<number>;
  log: LogFn;
  now?: () => number;
}

export interface CatchUpResult {
  /** The first run: the mark was set, nothing replayed. */
  first: boolean;
  since: string;
  handed: number;
  /** Found handed on live (in the listener's store) and remembered as such. */
  live: number;
  stuck: Order[];
}

export async function catchUp(o: CatchUpOptions): Promise<CatchUpResult> {
  const now = (o.now ?? nowMs)();
  const markKey = `${o.mark}_since`;
  const mark = o.mirror.db.get(markKey);
  if (mark === undefined) o.mirror.db.set(markKey, new Date(now).toISOString());
  if (mark === undefined && o.sinceMs === undefined)
    return { first: true, since: new Date(now).toISOString(), handed: 0, live: 0, stuck: [] };
  const floor = new Date(now - MIRROR.catchUpLookbackMs).toISOString();
  // ISO-8601 strings compare in time order; Math.max would turn them into NaN.
  // biome-ignore lint/complexity/useMathMinMax: strings, not numbers
  const since = o.sinceMs !== undefined ? new Date(now - o.sinceMs).toISOString() : mark! > floor ? mark! : floor;
  let handed = 0;
  let live = 0;
  for (const { event, statuses } of CATCH_UP_EVENTS) {
    if (o.events && !o.events.has(event)) continue;
    const def = eventDef(event)!;
    for (const sale of unhandedSales(o.mirror.db, since, event, statuses)) {
      const data = dataFromOrder(def, sale as unknown as Record<string, unknown>);
      const key = dedupeKey(def, { timestamp: '', data });
      if (o.sink.known(key)) {
        markHanded(o.mirror.db, key, sale.id, event, 'live');
        live++;
        continue;
      }
      const body = JSON.stringify({ event, timestamp: new Date(now).toISOString(), data });
      const verdict = await o.sink.inject({ key, event, orderId: sale.id, body, order: sale });
      markHanded(o.mirror.db, key, sale.id, event, verdict === 'received' ? 'catch-up' : 'live');
      if (verdict === 'received') {
        handed++;
        o.log({ action: 'caught-up', event, orderId: sale.id, detail: `created ${sale.createdAt ?? '?'}` });
      } else live++;
    }
  }
  const stuckAfter = o.stuckAfterMs ?? MIRROR.stuckAfterMs;
  const stuck = stuckSales(o.mirror.db, since, new Date(now - stuckAfter).toISOString());
  for (const s of stuck) {
    if (o.reported?.has(s.id)) continue;
    o.reported?.add(s.id);
    o.log({
      action: 'stuck',
      event: 'sale.processing',
      orderId: s.id,
      detail: `paid ${s.createdAt ?? '?'}, not delivered after ${Math.round(stuckAfter / 60_000)} min: auto-delivery may have run dry (a mediation may follow)`,
    });
  }
  return { first: false, since, handed, live, stuck };
}
