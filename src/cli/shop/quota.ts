// The account's day as the shop sees it (spec 8; A8: a spent day answers 429 DAILY_LIMIT with a
// Retry-After to 00:00 UTC), from the usage ledger every process of the account's state folder
// feeds: while it is spent, no pass asks the service anything (queued work waits for the reset),
// and the seller is told once, with the reset time in their own zone; `quota_low` once a day at
// SHOP_COSTS.quotaLowPercent.
import { SHOP_COSTS, SHOP_DAY } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import { RateLimitError } from '../../api/errors.js';
import type { Notice } from '../../notify/notice.js';
import { utcDay, UsageLedger } from '../../state/usage-ledger.js';
import { warn } from '../../output/reporter.js';
import { passEveryMs, type DayPlan } from '../../shop/budget.js';
import type { Deps } from '../shared/context.js';

/** The reset time as the seller reads it: their machine's zone, named. */
function localTime(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(new Date(ms));
}

export function quotaWatch(deps: Deps, tellOnce: (key: string, n: Notice) => void) {
  const ledger = UsageLedger.of(deps.stateDir());
  let toldDay = '';
  /** The passes' pace at the day's sales so far (the receiver's lookups and the sale passes, any process). */
  const salesPace = (plan: DayPlan, now: number, share: number): number => {
    const today = ledger.read().days[utcDay(now)] ?? {};
    const saleWork = (today['shop sale'] ?? 0) + (today['confirm lookup'] ?? 0);
    return passEveryMs(plan, saleWork, (now % 86_400_000) / 86_400_000, share);
  };
  /** The passes' share of what the account had left when last seen lower, and the passes run since. */
  let share: { day: string; requests: number; passes: number } | undefined;
  return {
    /**
     * Is a periodic pass due, `sinceMs` after the last one? The ledger every process of the state
     * folder feeds (a cron `shop sync`, any other verb, a `svc usage` read of the account's day)
     * says what the account has left: the shop's passes take at most its budget share of that,
     * spread to the reset, so they stretch as the others spend (spec 8, A8). The share is fixed
     * when seen, less the passes run since: taken again from each new remainder, it would compound.
     */
    passDue(plan: DayPlan, sinceMs: number, o: { tickMs: number; receiverDown: boolean }): boolean {
      const left = ledger.accountLeft();
      if (left.source === 'spent') return true; // the hold says it and waits
      const now = nowMs();
      const seen = (left.remaining * plan.budgetPercent) / 100;
      if (!share || share.day !== utcDay(now) || seen < share.requests - share.passes * plan.perPass)
        share = { day: utcDay(now), requests: seen, passes: 0 };
      const passes = Math.max(1e-9, (share.requests - share.passes * plan.perPass) / plan.perPass);
      // The receiver missing sales: the passes are the only way to see them, so they take the share
      // the per-sale work is not using (SHOP_DAY.receiverDownFactor), never faster than `every:`.
      const base = o.receiverDown
        ? Math.max(o.tickMs, (plan.everyS * 1000) / SHOP_DAY.receiverDownFactor)
        : plan.everyS * 1000;
      const passShare = SHOP_DAY.passShare * (o.receiverDown ? SHOP_DAY.receiverDownFactor : 1);
      const byShare = (left.resetAt - now) / passes;
      const everyMs = Math.max(base, byShare, salesPace(plan, now, passShare));
      if (byShare > plan.everyS * 1000 && toldDay !== share.day) {
        toldDay = share.day;
        warn(
          deps.io,
          `the account has ${left.remaining} requests left today (${left.source === 'usage' ? 'as the service said, less what svc sent since' : 'counted by svc on this machine'}): passes every ${Math.ceil(byShare / 1000)} s until the reset, the shop's ${plan.budgetPercent}% of what is left`,
        );
      }
      // Never sooner than everyMs, give or take a tenth of a tick (a timer wakes a little early).
      const due = sinceMs + o.tickMs / 10 >= everyMs;
      if (due) share.passes++;
      return due;
    },
    /** ms until the account's day resets while it is spent, else 0 (told once per reset). */
    holdMs(): number {
      const left = ledger.accountLeft();
      const wait = left.source === 'spent' ? left.resetAt - nowMs() : 0;
      if (wait <= 0) return 0;
      // Once per spent day: each 429 of the day (a pass, a receiver lookup) names a reset a few seconds apart.
      tellOnce(`quota_spent:${utcDay(left.resetAt - 30 * 60_000)}`, {
        kind: 'quota_spent',
        headline: "The account's requests for today are spent: the shop waits for the reset",
        fields: [
          ['resets at', localTime(left.resetAt)],
          ['meanwhile', 'sales stay pending and are confirmed after the reset; nothing is lost'],
        ],
        at: new Date(nowMs()).toISOString(),
      });
      return wait;
    },
    /** What /healthz says while the day is spent (the process waits for the reset). */
    degraded(): string | undefined {
      const left = ledger.accountLeft();
      if (left.source !== 'spent' || left.resetAt <= nowMs()) return undefined;
      return `quota_spent until ${new Date(left.resetAt).toISOString()}`;
    },
    /** After a pass: `quota_low` once a day when the account's day is mostly used. */
    checkLow(): void {
      const left = ledger.accountLeft();
      const used = left.limit - left.remaining;
      if (left.source === 'spent' || used * 100 < left.limit * SHOP_COSTS.quotaLowPercent) return;
      tellOnce(`quota_low:${utcDay(nowMs())}`, {
        kind: 'quota_low',
        headline: `The account has used ${Math.round((100 * used) / left.limit)}% of today's requests`,
        fields: [
          ['left', `${left.remaining} of ${left.limit}`],
          ['resets at', localTime(left.resetAt)],
        ],
        at: new Date(nowMs()).toISOString(),
      });
    },
  };
}

/** `shop sync` with the day already spent: exit 5 before any request, saying when it resets. */
export function refuseWhenSpent(deps: Deps): void {
  const left = UsageLedger.of(deps.stateDir()).accountLeft();
  if (left.source !== 'spent' || left.resetAt <= nowMs()) return;
  throw new RateLimitError({
    status: 429,
    code: 'DAILY_LIMIT',
    message: `the account's requests for today are spent (seen by svc on this machine): nothing was sent; they reset at ${localTime(left.resetAt)}`,
  });
}
