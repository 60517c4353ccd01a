// Webhooks: the service's resends (spec 6.2) and what a post svc cannot confirm may cost (spec 8,
// A11).
import { LIMITS } from './limits.js';

// spec 6.2.2: waits between webhook attempts.
export const WEBHOOK_RETRY_DELAYS_MS = [15_000, 60_000, 300_000, 1_800_000] as const;

// spec 6.2.1-2: the service's last resend of a notification starts about 36 min after
// its first try (15 s + 1 min + 5 min + 30 min, plus up to 10 s per failed attempt). Not shown:
// whether the intervals are measured from the start or the end of an attempt, so the window is
// taken as the sum of the waits plus every attempt's full time-out (37 min). A notification the
// service is still resending cannot be older than this when it arrives.
export const WEBHOOK_RESEND_WINDOW_MS =
  WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + LIMITS.webhookAttempts * LIMITS.webhookTimeoutMs;

// ---- webhook confirmations: what unconfirmable posts may cost ------------------------------
// Spec 8 gives the account 60 v2 requests a minute and 5000 a day, shared by every job; spec
// 6.2.5 asks the receiver to confirm each notification with a request, and nothing is signed
// (A11). Posts the service's answers do not back up (forged, or of a thing that does not exist)
// may spend at most this share of the account's budget, per minute and per day, whatever the
// event kind (docs/DECISIONS.md "Confirmations by their own route").
const UNCONFIRMED_SHARE = 1 / 15;

export interface RequestBudget {
  perMinute: number;
  perDay: number;
}

/**
 * The room requests that confirm nothing get, out of a budget: by default the account's whole
 * v2 budget (spec 8); a request accounting that knows what else the account spends may pass the
 * room that is left instead. Never less than one a minute, so a real notification is still
 * confirmed when the rest of the budget is spent.
 */
export function unconfirmedRoom(
  budget: RequestBudget = { perMinute: LIMITS.v2PerMinute, perDay: LIMITS.v2PerDay },
): RequestBudget {
  return {
    perMinute: Math.max(1, Math.floor(budget.perMinute * UNCONFIRMED_SHARE)),
    perDay: Math.max(1, Math.floor(budget.perDay * UNCONFIRMED_SHARE)),
  };
}

/**
 * A notification announcing a new sale (`sale.processing`, `order.delivered`) is believed only
 * for an order created within this before it arrived: a buyer pays within days (unpaid payments
 * expire, spec 6.3), so a sale of last year announced today is a replay, not a sale.
 */
export const NEW_SALE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** The same holds for `mediation.opened`: a mediation opened weeks ago is not news. */
export const NEW_MEDIATION_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * A listing event confirmed for a listing is not looked up again for the same listing and event
 * within this: a stream of posts about a listing that really is out of stock costs one request
 * and one pass, not one a post (the shop's periodic pass catches a second real one).
 */
export const LISTING_EVENT_QUIET_MS = 5 * 60_000;
