// What `webhooks listen` will spend of the account's day (spec 8), said at start: its catch-ups
// (the orders mirror's sync) and a lookup per event of each sale, at the pace the mirror knows.
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import { syncedMirror } from '../../mirror/index.js';
import { note, warn } from '../../output/reporter.js';
import { dayText, listenDay } from '../../shop/budget.js';
import type { Deps } from '../shared/context.js';

/** Sales a day over the mirror's window, as it is on disk (no request); 0 when there is none. */
async function pace(deps: Deps): Promise<number> {
  try {
    const m = await syncedMirror(deps, { signal: deps.signal, offline: true });
    try {
      const since = new Date(nowMs() - STOCK_LEVELS.salesWindowDays * 86_400_000).toISOString();
      let n = 0;
      for (const _ of m.salesSince(since)) n++;
      return n / STOCK_LEVELS.salesWindowDays;
    } finally {
      m.close();
    }
  } catch {
    return 0;
  }
}

export async function tellListenDay(deps: Deps, catchUpEveryMs: number): Promise<void> {
  const p = listenDay(Math.round(catchUpEveryMs / 1000), await pace(deps));
  const every = p.everyS > 0 ? `catch-up every ${p.everyS} s, about ${p.perPass} requests each` : 'catch-up at start';
  note(
    deps.io,
    `budget: ${dayText(p)} (${every}; ${p.perSale} a sale to confirm at ${p.salesPerDay.toFixed(1)} sales a day)`,
  );
  if (p.perDay > p.budget)
    warn(
      deps.io,
      `that is more than ${p.budgetPercent}% of the account's ${LIMITS.v2PerDay} requests a day: a longer --catch-up-every spends less`,
    );
}
