// The account's day as the shop sees it (spec 8; A8: a spent day answers 429 DAILY_LIMIT with a
// Retry-After to 00:00 UTC), from the usage ledger every process of the account's state folder
// feeds: while it is spent, no pass asks the service anything (queued work waits for the reset),
// and the seller is told once, with the reset time in their own zone; `quota_low` once a day at
// SHOP_COSTS.quotaLowPercent.
import { SHOP_COSTS } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import { RateLimitError } from '../../api/errors.js';
import type { Notice } from '../../notify/notice.js';
import { utcDay, UsageLedger } from '../../state/usage-ledger.js';
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
  return {
    /** ms until the account's day resets while it is spent, else 0 (told once per reset). */
    holdMs(): number {
      const left = ledger.accountLeft();
      const wait = left.source === 'spent' ? left.resetAt - nowMs() : 0;
      if (wait <= 0) return 0;
      tellOnce(`quota_spent:${left.resetAt}`, {
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
