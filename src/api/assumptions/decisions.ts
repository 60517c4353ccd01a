// svc's and the sandbox's own decisions where even api-assumptions.md is silent, and what svc
// assumes of any server (docs/DECISIONS.md).
import { LIMITS } from './limits.js';

// ---- svc decisions (gaps even api-assumptions.md leaves) ----------------------------------
// svc decision: a price must be > 0 as well as <= 100000000 (cli-spec 3 checks > 0; the
// sandbox refuses 0 the same way, as a validation error on the field).
export const PRICE_MIN_CENTS = 1;
// svc decision: a single wait longer than this (a spent daily quota, a far Retry-After) is not
// waited: the command fails with exit 5 instead (cli-spec 4). The retry table and the rate
// budget both stop here.
export const MAX_WAIT_MS = 120_000;
// svc decision: an unverified seller gets 403 with code SELLER_NOT_VERIFIED (spec 5.3 names
// the rule, not the answer).
export const SELLER_NOT_VERIFIED = 'SELLER_NOT_VERIFIED';
// svc decision: the platform fee the sandbox charges on a sale (the spec names `fee`, not its rate).
export const SANDBOX_FEE_RATE = 0.1;
// svc decision: a bulk job splits into chunks of the route's maximum.
export const CHUNK_SIZE = { bulk: LIMITS.itemsPerBulk, stock: LIMITS.stockItemsPerRequest } as const;

// ---- sandbox decisions -----------------------------------------------------------------
// Gaps the sandbox had to fill where the client may want the same answer (listed in the
// sandbox report; the real service may differ).
// svc decision: spec 7.2 SECURITY_VIOLATION names no rule; the sandbox refuses an answer that
// holds an e-mail address, a URL (scheme, `www.` or a bare domain with a common TLD) or a phone
// number (10+ digits, or `+` and 8+ digits, with spaces, dots, dashes or brackets between).
// A client may use the same patterns to warn before sending.
export const SECURITY_VIOLATION_PATTERNS: readonly RegExp[] = [
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/,
  /\bhttps?:\/\/|\bwww\.\S+|\b[a-z0-9-]+\.(?:com|net|org|io|gg|me|ly|link|xyz|info|app|dev|br)\b/i,
  /\+\d(?:[\s().-]*\d){7,}|\d(?:[\s().-]*\d){9,}/,
];
// svc decision: the sandbox marks a replayed idempotent response with this header. A sandbox-only
// aid for tests and --verbose output; the real service is not known to send it, so a client must
// not depend on it.
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

// ---- beyond the spec, for any server (docs/DECISIONS.md, last section) ----------
// svc decision: a time given as a number (usage `reset`) below this is Unix seconds, at or above
// it Unix milliseconds (1e12 s is the year 33658; 1e12 ms is 2001).
export const EPOCH_MS_THRESHOLD = 1e12;
// svc decision: `--all` reads at most this many pages of a list (100,000 rows at 100 a page,
// a fifth of a v2 day's quota). A first page that claims more fails at once with a hint to
// narrow the list; a list that keeps going past it is printed as far as read, with a warning
// and exit 1. A server's `totalPages` alone never keeps svc paging.
export const MAX_LIST_PAGES = 1000;
// svc decision: the largest answer svc reads, per request. A page of 100 listings with full
// descriptions and 100 variants each is about 1.5 MB; 64 MB leaves 40x that for lists. One
// object (a listing, an order, an answer to a write) gets 16 MB. Larger is refused at once
// (exit 1, not retried): never held whole in memory, never taken for a network error.
export const MAX_ANSWER_BYTES = { list: 64 * 1024 * 1024, one: 16 * 1024 * 1024 } as const;
// svc decision: `--timeout` (default 30 s) bounds one attempt from connect to the body's last
// byte, and a request gets at most TIMEOUT_ATTEMPTS attempts that time out: one resend with
// the same key (cli-spec 4: a write that was slow, not lost, is then replayed), then it fails,
// in about two --timeout instead of six plus backoff (193 s at the default). Dropped
// connections, 5xx and 429 keep the cli-spec 4 retry table.
export const DEFAULT_TIMEOUT_S = 30;
export const TIMEOUT_ATTEMPTS = 2;
//, not shown: how the service rounds a sale's fee (spec 1.5 names `fee`, not its
// rounding). svc's margin figures assume half up (src/pricing/plan.ts marginOf); its floors and
// targets are rounded up anyway, so a cent of fee rounding never takes a price under cost.
export const FEE_ROUNDING: 'half-up' | 'up' = 'half-up';
