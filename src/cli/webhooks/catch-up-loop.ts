// The listener's catch-up: on start (after the port is open) and every
// --catch-up-every while it runs, sync the orders mirror and hand on every sale the listener
// missed, through the listener's own store and processor (src/webhooks/sink.ts). One run at a
// time; a failed run is logged and tried again at the next tick. The first start ever sets the
// mark and replays nothing.
import { asFeature } from '../../api/feature.js';
import { t } from '../../i18n/index.js';
import type { Listener } from '../../webhooks/listener.js';
import type { LogFn } from '../../webhooks/log.js';
import { openOrdersMirror } from '../orders/mirror-open.js';
import type { Deps } from '../shared/context.js';

export interface CatchUpLoop {
  /** Resolves when the first run is over (tests, and the start-up line). */
  first: Promise<void>;
  stop(): Promise<void>;
}

export function startCatchUp(
  deps: Deps,
  listener: Listener,
  o: { everyMs: number; events?: ReadonlySet<string>; stuckAfterMs?: number; log: LogFn },
): CatchUpLoop {
  const reported = new Set<number>();
  let running: Promise<void> | undefined;
  let stopped = false;
  const once = () => asFeature('catch-up', pass);
  const pass = async () => {
    const { catchUp } = await import('../../webhooks/catch-up.js');
    const m = await openOrdersMirror(deps, 'webhooks listen (catch-up)', { noProgress: true });
    try {
      const r = await catchUp({
        mirror: m,
        sink: listener.sink,
        mark: 'listener',
        events: o.events,
        stuckAfterMs: o.stuckAfterMs,
        reported,
        log: o.log,
      });
      if (r.first && !deps.io.quiet)
        deps.io.stderr.write(
          `${t('catch-up: first start in this state folder: sales from now on are caught up if missed (nothing older is replayed)')}\n`,
        );
      else if (deps.globals.verbose)
        deps.io.stderr.write(
          `${t('catch-up done: {handed} handed on, {live} already handed live, {stuck} stuck, since {since}', { handed: r.handed, live: r.live, stuck: r.stuck.length, since: r.since })}\n`,
        );
    } finally {
      m.close();
    }
  };
  const tick = () => {
    if (running || stopped) return running;
    running = once()
      .catch((err: Error) => {
        if (!deps.signal.aborted && !stopped)
          o.log({
            action: 'failed',
            detail: `catch-up: ${err.message}; tried again in ${Math.round(o.everyMs / 1000)} s`,
          });
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = tick() ?? Promise.resolve();
  const timer = o.everyMs > 0 ? setInterval(tick, o.everyMs) : undefined;
  return {
    first,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
