// What `shop run` and a cron `shop sync --every N` will spend of the account's day (spec 8),
// said at start: `about N requests a day, X% of 5,000`. The sales pace comes from the orders
// mirror (the last STOCK_LEVELS.salesWindowDays days); `every` is stretched to fit the budget,
// never the other way, with a warning.
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import type { OrdersMirror } from '../../mirror/index.js';
import { note, warn } from '../../output/reporter.js';
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
  const pace = o.resident ? ` at ${p.salesPerDay.toFixed(1)} sales a day (about ${p.perSale} requests each)` : '';
  note(
    deps.io,
    `budget: ${dayText(p)} (passes every ${p.everyS} s, about ${p.perPass} requests each${pace}); the shop's budget is ${p.budgetPercent}% (${p.budget})`,
  );
  if (p.stretched)
    warn(
      deps.io,
      `every: ${o.everyS} s would spend more than the budget of ${p.budgetPercent}% of ${LIMITS.v2PerDay} a day: passes run every ${p.everyS} s instead (confirmed sales still run at once)`,
    );
  else if (p.perDay > p.budget)
    warn(
      deps.io,
      `every ${o.everyS} s spends more than the budget of ${p.budgetPercent}% (${p.budget} requests a day): run it every ${Math.ceil((86_400 * p.perPass) / p.budget)} s or more`,
    );
  return p;
}
