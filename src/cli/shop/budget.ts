// What `shop run` and a cron `shop sync --every N` will spend of the account's day (spec 8),
// said at start: `about N requests a day, X% of 5,000`. The sales pace comes from the orders
// mirror (the last STOCK_LEVELS.salesWindowDays days); `every` is stretched to fit the budget,
// never the other way, with a warning.
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import type { OrdersMirror } from '../../mirror/index.js';
import { note, warn } from '../../output/reporter.js';
import { localDecimal, t } from '../../i18n/index.js';
import { dayText, planDay, type DayPlan } from '../../shop/budget.js';
import type { ShopConfig } from '../../shop/config.js';
import type { Deps } from '../shared/context.js';

/** Sales a day over the mirror's window (0 when nothing is known yet). */
function salesPerDay(m: OrdersMirror | undefined): number {
  if (!m) return 0;
  const days = STOCK_LEVELS.salesWindowDays;
  let n = 0;
  for (const s of m.salesSince(new Date(nowMs() - days * 86_400_000).toISOString()))
    if (s.type === undefined || s.type === null || s.type === 'sale') n++;
  return n / days;
}

/** The day's plan, told: on a warning when `every` was stretched (resident) or is above the budget (cron). */
export function tellDayPlan(
  deps: Deps,
  cfg: ShopConfig,
  mirror: OrdersMirror | undefined,
  o: { resident: boolean; everyS: number },
): DayPlan {
  const p = planDay({
    everyS: o.everyS,
    budgetPercent: cfg.budgetPercent,
    rules: cfg.rules.length,
    salesPerDay: salesPerDay(mirror),
    resident: o.resident,
  });
  const pace = o.resident
    ? t(' at {pace} sales a day (about {n} requests each)', {
        pace: localDecimal(p.salesPerDay.toFixed(1)),
        n: p.perSale,
      })
    : '';
  note(
    deps.io,
    t("budget: {day} (passes every {s} s, about {n} requests each{pace}); the shop's budget is {pct}% ({budget})", {
      day: dayText(p),
      s: p.everyS,
      n: p.perPass,
      pace,
      pct: p.budgetPercent,
      budget: p.budget,
    }),
  );
  if (p.stretched)
    warn(
      deps.io,
      t(
        'every: {asked} s would spend more than the budget of {pct}% of {limit} a day: passes run every {s} s instead (confirmed sales still run at once)',
        { asked: o.everyS, pct: p.budgetPercent, limit: LIMITS.v2PerDay, s: p.everyS },
      ),
    );
  else if (p.perDay > p.budget)
    warn(
      deps.io,
      t(
        'every {asked} s spends more than the budget of {pct}% ({budget} requests a day): run it every {min} s or more',
        {
          asked: o.everyS,
          pct: p.budgetPercent,
          budget: p.budget,
          min: Math.ceil((86_400 * p.perPass) / p.budget),
        },
      ),
    );
  return p;
}
