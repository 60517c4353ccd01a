// What `webhooks listen` will spend of the account's day (spec 8), said at start: its catch-ups
// (the orders mirror's sync) and a lookup per event of each sale, at the pace the mirror knows.
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import { syncedMirror } from '../../mirror/index.js';
import { note, warn } from '../../output/reporter.js';
import { localDecimal, t } from '../../i18n/index.js';
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

/**
 * Said at start: what the catch-ups and confirmations will cost a day against the budget, and
 * the catch-up interval that fits it (spec 8). A --catch-up-every the budget cannot carry is
 * stretched, with a warning, never shortened; the default interval is stretched in silence (the
 * seller asked for none). The confirmations of sales are not held back: they are the receiver's
 * work. Returns the catch-up interval to run at, in ms (0: only at start).
 */
export async function tellListenDay(
  deps: Deps,
  o: { everyMs: number; given: boolean; budgetPercent: number },
): Promise<number> {
  const askedS = Math.round(o.everyMs / 1000);
  const p = listenDay(askedS, await pace(deps), o.budgetPercent);
  const every =
    p.everyS > 0
      ? t('catch-up every {s} s, about {n} requests each', { s: p.everyS, n: p.perPass })
      : t('catch-up at start');
  note(
    deps.io,
    t('budget: {day} ({every}; {perSale} a sale to confirm at {pace} sales a day); the budget is {pct}% ({budget})', {
      day: dayText(p),
      every,
      perSale: p.perSale,
      pace: localDecimal(p.salesPerDay.toFixed(1)),
      pct: p.budgetPercent,
      budget: p.budget,
    }),
  );
  if (p.stretched && o.given)
    warn(
      deps.io,
      t(
        '--catch-up-every {asked} s would spend more than the budget of {pct}% of {limit} a day: catch-ups run every {s} s instead (notifications are still confirmed at once)',
        { asked: askedS, pct: p.budgetPercent, limit: LIMITS.v2PerDay, s: p.everyS },
      ),
    );
  else if (p.perDay > p.budget)
    warn(
      deps.io,
      t('confirming {pace} sales a day alone spends more than the budget of {pct}% ({budget} requests a day)', {
        pace: localDecimal(p.salesPerDay.toFixed(1)),
        pct: p.budgetPercent,
        budget: p.budget,
      }),
    );
  return p.everyS * 1000;
}
