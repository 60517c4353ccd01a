// Every decision for what marketplace-api.md leaves "not shown", in one place.
// The CLI and the sandbox both read from here (shared/docs/api-assumptions.md is the prose;
// section ids A1..A14 below match it). When the real service turns out to differ, this is
// the one file to edit. Decisions the project took itself beyond that document are marked
// "svc decision" and listed in docs/DECISIONS.md.

// ---- spec 5.2: key formats -------------------------------------------------------------
export const V1_KEY_PATTERN = /^svc_sk_[0-9a-f]{64}$/;
export const V2_KEY_PREFIX = 'svc_v2_sk_';
// svc decision: the spec names only the v2 prefix; we accept 16+ URL-safe chars after it.
export const V2_KEY_PATTERN = /^svc_v2_sk_[A-Za-z0-9_-]{16,}$/;
/** Anything shaped like a v1 or v2 key inside other text (spec 5.2): never echoed, never journaled. */
export const KEY_SHAPED = /svc_(?:v2_)?sk_[A-Za-z0-9_-]+/;
export type ApiVersion = 'v1' | 'v2';
export function keyVersion(key: string): ApiVersion | undefined {
  if (V2_KEY_PATTERN.test(key)) return 'v2';
  if (V1_KEY_PATTERN.test(key)) return 'v1';
  return undefined;
}

// ---- spec 9.1: path prefixes -----------------------------------------------------------
export const V1_PREFIX = '/api/v1';
export const V1_ALIAS_PREFIX = '/api/service';
export const V2_PREFIX = '/api/v2';
export const KEYS_PREFIX = '/api/api-keys';

// ---- spec 4.1.1 / A12: idempotency ----------------------------------------------------
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_LENGTH = { min: 16, max: 255 } as const;
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_LENGTH.min},${IDEMPOTENCY_KEY_LENGTH.max}}$`,
);
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// svc decision: a journaled key is trusted for the service's 24 h minus this margin
// (clock skew between svc and the service, a request that waited in a queue). Past it, a chunk
// is never resent blindly under its old key: the service may have forgotten it and would apply
// it again (bulk price/status: resent with a new key, harmless; stock: reconciled first).
const IDEMPOTENCY_KEY_MARGIN_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_TRUST_MS = IDEMPOTENCY_TTL_MS - IDEMPOTENCY_KEY_MARGIN_MS;
export const IN_FLIGHT_RETRY_AFTER_S = 1; // A12

// ---- spec 8 + A8: limits and rate limits ------------------------------------------------
export const LIMITS = {
  v1PerMinute: 30,
  v1PerDay: 3000,
  v2PerMinute: 60,
  v2PerDay: 5000,
  v1CreationsPerDay: 50,
  v1ImagesMax: 10,
  titleMin: 5,
  titleMax: 200,
  descriptionMin: 20,
  descriptionMax: 5000,
  v1MinPriceCents: 100, // "1.00 in the platform currency by default"
  pageSizeMax: 100,
  pageSizeDefault: 20, // A2
  activeKeysMax: 5,
  keyUsageHistory: 100,
  priceMaxCents: 100_000_000,
  itemsPerBulk: 100, // bulk-price, bulk-status, variants edit
  stockItemsPerRequest: 2000,
  credentialMaxChars: 5000,
  stockPerVariantMax: 10_000,
  credentialsPerCreation: 10_000,
  autoDeliveryVariantsPerCreation: 100,
  credentialsTextCharsPerCreation: 1_000_000,
  refMin: 1,
  refMax: 64,
  questionAnswersPerMinute: 5,
  questionAnswersPerHour: 20,
  webhooksActiveMax: 5,
  webhookTimeoutMs: 10_000,
  webhookAttempts: 5,
} as const;

// spec 6.2.2: waits between webhook attempts.
export const WEBHOOK_RETRY_DELAYS_MS = [15_000, 60_000, 300_000, 1_800_000] as const;

// spec 6.2.1-2: the service's last resend of a notification starts about 36 min after
// its first try (15 s + 1 min + 5 min + 30 min, plus up to 10 s per failed attempt). Not shown:
// whether the intervals are measured from the start or the end of an attempt, so the window is
// taken as the sum of the waits plus every attempt's full time-out (37 min). A notification the
// service is still resending cannot be older than this when it arrives.
export const WEBHOOK_RESEND_WINDOW_MS =
  WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + LIMITS.webhookAttempts * LIMITS.webhookTimeoutMs;

// A8: headers carried by every v1 and v2 response.
export const RATE_HEADERS = {
  limit: 'x-ratelimit-limit',
  remaining: 'x-ratelimit-remaining',
  reset: 'x-ratelimit-reset',
  retryAfter: 'retry-after',
} as const;

// spec 2.3: ref is not secret; 1-64 of letters, digits, dot, hyphen, underscore.
export const REF_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

// ---- A2: list query values -------------------------------------------------------------
export const PRODUCT_STATUS_FILTERS = [
  'active',
  'inactive',
  'em_analise',
  'approved',
  'rejected',
  'taken_down',
  'permanently_rejected',
] as const;
export const ORDER_TYPES = ['sales', 'purchases'] as const;
export const MEDIATION_STATUSES = ['open', 'closed'] as const;
export const QUESTION_STATUSES = ['unanswered', 'answered'] as const;

// ---- A3: units and values ----------------------------------------------------------------
// v2 money is integer cents; v1 money is a decimal in the platform currency (src/output/money.ts).
export const DELIVERY_TIME_PATTERN = /^[0-9]+h$/;
export const WARRANTY_CATEGORY = 'account';
export const LISTING_TYPES = ['single', 'multiple'] as const;
export const DEDUPE_MODES = ['skip', 'none'] as const;
export const DEFAULT_SEPARATOR = '\n'; // A13

// ---- A4: listing and order states -----------------------------------------------------
export type ListingStatus = 'approved' | 'em_analise' | 'rejected' | 'taken_down' | 'permanently_rejected';
export const ORDER_STATUSES = [
  'pending_payment',
  'processing',
  'delivered',
  'completed',
  'cancelled',
  'in_mediation',
] as const;
// A13: profit counts these statuses; others are listed apart.
export const PROFIT_ORDER_STATUSES = ['delivered', 'completed'] as const;
// spec 3: fields whose real change sends a listing back to review (the rule: src/api/rules/review.ts).
export const REVIEW_TRIGGER_FIELDS = ['title', 'description', 'warrantyPeriod', 'deliveryTime'] as const;
export const NO_CHANGES_MESSAGE = 'No changes applied';

// ---- A9: scopes ----------------------------------------------------------------------------
export const SCOPES = [
  'catalog:read',
  'products:read',
  'products:write',
  'orders:read',
  'mediations:read',
  'reviews:read',
  'reviews:contest',
  'questions:read',
  'questions:write',
  'wallet:read',
] as const;
export type Scope = (typeof SCOPES)[number];

// ---- A13 / A14: error codes ---------------------------------------------------------------
export const ERROR_CODES = {
  // spec 7.1
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  IDEMPOTENCY_IN_FLIGHT: 'IDEMPOTENCY_IN_FLIGHT',
  IDEMPOTENCY_KEY_CONFLICT: 'IDEMPOTENCY_KEY_CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_UNAVAILABLE: 'IDEMPOTENCY_UNAVAILABLE',
  // spec 7.2
  TOO_MANY_CREDENTIALS: 'TOO_MANY_CREDENTIALS',
  NOT_APPROVED: 'NOT_APPROVED',
  NO_STOCK: 'NO_STOCK',
  OFFLINE_PAUSED: 'OFFLINE_PAUSED',
  LISTING_TAKEN_DOWN: 'LISTING_TAKEN_DOWN',
  LISTING_PERMANENTLY_REJECTED: 'LISTING_PERMANENTLY_REJECTED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  QUESTIONS_BLOCKED: 'QUESTIONS_BLOCKED',
  SECURITY_VIOLATION: 'SECURITY_VIOLATION',
  ALREADY_ANSWERED: 'ALREADY_ANSWERED',
  PRODUCT_UNAVAILABLE: 'PRODUCT_UNAVAILABLE',
  QUESTION_ANSWER_RATE_LIMIT: 'QUESTION_ANSWER_RATE_LIMIT',
  SELLER_RESTRICTED: 'SELLER_RESTRICTED',
  // spec 7.3
  SELLER_IN_DEBT: 'SELLER_IN_DEBT',
  // A14
  NOT_FOUND: 'NOT_FOUND',
  HAS_VARIANTS: 'HAS_VARIANTS',
  VARIANT_NOT_FOUND: 'VARIANT_NOT_FOUND',
  LISTING_NOT_DYNAMIC: 'LISTING_NOT_DYNAMIC',
  ALREADY_CONTESTED: 'ALREADY_CONTESTED',
  DAILY_CREATION_LIMIT: 'DAILY_CREATION_LIMIT',
  KEY_LIMIT: 'KEY_LIMIT',
  NOT_IN_BETA: 'NOT_IN_BETA',
  RATE_LIMITED: 'RATE_LIMITED',
  DAILY_LIMIT: 'DAILY_LIMIT',
} as const;

// A1: validation errors carry this `error` text and a `field` JSON path.
export const VALIDATION_ERROR = 'Validation error';

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

// stock levels and refill from a credential pool (docs/DECISIONS.md "Stock levels
// and refill"). The spec names no such feature; these are svc's own choices.
export const STOCK_LEVELS = {
  /** `stock status`: the pace of sales is measured over this many days ("the last 7 days"). */
  salesWindowDays: 7,
  /** Orders that took stock: every sale but a cancelled or unpaid one (A4 order statuses). */
  soldStatuses: ['processing', 'delivered', 'completed', 'in_mediation'] as readonly string[],
  /** `stock refill`: the highest --target, the service's per-variant ceiling (spec 8). */
  targetMax: 10_000,
  /** `stock refill` warns "running low" when the entries left are fewer than this share of --target. */
  poolLowFraction: 1,
  /** A refill waits this long for another refill of the same pool (a cron run meeting a hook), checking every poolLockPollMs. */
  poolLockWaitMs: 120_000,
  poolLockPollMs: 200,
} as const;

// ---- input files (docs/DECISIONS.md "Input files") -------------------
// svc decision: zero-width characters refused inside a credential (unless --keep-whitespace):
// ZERO WIDTH SPACE, NON-JOINER, JOINER, WORD JOINER, the invisible operators, MONGOLIAN VOWEL
// SEPARATOR, SOFT HYPHEN and a BOM that is not at the start of a line.
export const ZERO_WIDTH_CHARACTERS: readonly number[] = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x180e, 0x00ad, 0xfeff,
];
// svc decision: stdin (`--file -`, `bulk-price -`) is spooled to a file with no name (Linux
// O_TMPFILE; elsewhere a 0700 folder swept at the next start), at most this many bytes: the largest valid stock job (10000 credentials x 5000 characters) with room for
// multi-byte characters, refs, costs and CSV quoting. Past it: exit 2, nothing sent.
// SVC_STDIN_MAX_BYTES lowers or raises it.
export const STDIN_SPOOL_MAX_BYTES = 64 * 1024 * 1024;
// svc decision: rows of a spreadsheet export whose cells are all empty (Excel's `;;` rows
// below the data) are blank lines; header columns with no name at the end of the header are
// ignored; columns the verb does not know are ignored with one note naming them
// (--strict-columns refuses them, the behaviour before).
// svc decision: credentials are normalised (BOM, CR, leading/trailing whitespace) before they
// are judged, deduplicated and sent; repeats within a file are dropped with --dedupe skip.
// svc decision: a thousands separator is accepted when the file shows which mark is the
// decimal one (a value with both marks, or with one mark followed by 1 or 2 digits); a value
// like 1.234 in a file that does not say is refused as ambiguous. Spaces, NBSP, narrow NBSP
// and `'` group digits only, never decimals.

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
// ---- the orders mirror -----------------------------------------------------------
// Order states and their transitions are not shown (spec 3), nor the order of the orders list
// (A2 names no sort). These are svc's decisions about them (docs/DECISIONS.md "Orders mirror").
export const MIRROR = {
  /** The database's schema; a mirror of another version is rebuilt (with a message). */
  schemaVersion: 1,
  /**
   * A later sync re-reads every order created within this long before the newest one it knows
   * (A2 `from`, by createdAt): the new orders, the recent ones whose status moves within minutes
   * (pending_payment -> processing -> delivered), and orders the service wrote late or with a
   * skewed clock. Whatever order the service lists in, the `from` filter makes the set exact.
   * `--window`. Cost: one request per 100 orders created since the newest held, less this.
   */
  recheckWindowMs: 10 * 60_000,
  /**
   * Orders older than the window whose status can still change (a mediation opened on a week-old
   * sale, a sale stuck in processing, an unpaid one that expires) are refreshed each sync: one
   * `status=in_mediation` query finds settled sales taken to mediation; a mirrored order in one
   * of these statuses is read again by id (one or two) or by one `status=` query (more).
   * delivered -> completed or cancelled outside the window is not seen (`orders sync --full`).
   */
  transientStatuses: ['pending_payment', 'processing', 'in_mediation'] as readonly string[],
  /**
   * svc decision "one identity": a delivered sale can still be refunded, cancelled or taken to
   * mediation until its money is released (spec 6.3 `funds.released`, "some days after delivery":
   * sellers.md) and, for an account, within its warranty (spec 2.1 `warrantyPeriod`, days). Neither
   * window is given a length: each sync asks for the sales cancelled among those up to this old
   * (one `status=cancelled` query; profit counts delivered and completed alike, A13), so refunds
   * reach the reports; older ones by `orders sync --full`.
   */
  settleWindowMs: 30 * 24 * 60 * 60_000,
  /** A paid sale with no delivery after this long is reported as stuck (auto-delivery ran dry). */
  stuckAfterMs: 30 * 60_000,
  /** `webhooks listen` catches up on its start and this often while it runs (`--catch-up-every`). */
  catchUpEveryMs: 5 * 60_000,
  /** Catch-up looks back at most this far (and never before the listener's first start). */
  catchUpLookbackMs: 7 * 24 * 60 * 60_000,
  /** A second sync of the same mirror waits this long for the first, then exits 2. */
  lockWaitMs: 120_000,
  /** Page size of the sync's reads (A2's maximum). */
  pageSize: 100,
  /**
   * The most pages one sync pass reads (500,000 orders: a full day of a v2 key's quota). A first
   * page that claims more fails at once, like MAX_LIST_PAGES for `--all`: a server's totalPages
   * alone never keeps svc paging, and a server that keeps sending full pages is cut.
   */
  maxPages: 5000,
} as const;
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

// ---- pricing: sane bounds of a rules file's percentages -------------------------------------
// The spec names no fee (the platform's is ~10%, SANDBOX_FEE_RATE) and no margin. A value past
// these is a typo, not a plan: `fee: 99.99%` priced a listing at R$ 33,000.00, applied with --yes.
export const PRICING_BOUNDS = {
  /** A fee is 0% up to this (basis points): no marketplace keeps half a sale. */
  maxFeeBp: 5_000,
  /** A margin over cost is from this (−90%: a price of a tenth of the cost)... */
  minMarginBp: -9_000,
  /** ...up to this (1000%: eleven times the cost). */
  maxMarginBp: 100_000,
} as const;

/**
 * svc decision (the specs are silent): `products reprice` refuses a row whose price would move
 * more than this percentage from the current one unless --max-change raises it. Rules priced
 * from a wrong cost must not halve a listing's price in one run (docs/DECISIONS.md).
 */
export const REPRICE_DEFAULT_MAX_CHANGE_PCT = 30;

/**
 * The shop in the seller's pocket (Telegram bot, digest, WhatsApp): svc decisions where neither
 * the marketplace spec nor the chat platforms say (docs/DECISIONS.md "The shop in the seller's
 * pocket"). The values used live beside their code (src/bot/plans.ts, src/bot/guard.ts,
 * src/notify/channel-whatsapp.ts, src/shop/language.ts); this is their list.
 * - A plan's buttons work for 15 minutes; its idempotency key is made with the plan and never
 *   sent past IDEMPOTENCY_KEY_TRUST_MS (spec 4.1.2): a plan left running that long is reported.
 * - Commands: 20 a minute for all allowed users together by default (`commandsPerMinute`, 1-60),
 *   so a stolen chat spends at most ~1 request a command: /vendas, /lucro, /estoque and /status
 *   read the mirror and the last pass (no request); /perguntas one; a confirmed write one.
 * - Question answers from the chat keep spec 8's 5 a minute and 20 an hour, counted in-process.
 * - WhatsApp (Evolution API): one message every 3 s at most, bursts batched up to 4096 characters.
 * - The seller's language: shop.yaml `language:`, else the environment's, else pt-BR.
 */
export const POCKET_SHOP = {
  planTtlMs: 15 * 60_000,
  commandsPerMinuteDefault: 20,
  whatsappMinIntervalMs: 3000,
  defaultLanguage: 'pt-BR',
} as const;

// ---- svc decision "one identity" (docs/DECISIONS.md "One identity of the account") ----------
// spec 4 names `GET /api/v2/me` "identity of the key"; api-assumptions.md gives Me `accountId` and
// `sellerId`. svc keys what it records for an account (the pool ledger, the orders mirror) by
// those two ids, never by the base URL as spelled, the profile or the pool secret; asked once per
// key (a hash of the base URL and key names the cached answer: state/identity-cache.ts) and
// counted in the requests of the run that asks. A v1-only session has no identity (the route is
// v2): the mirror then keeps its owner check by the orders' sellerId.
// spec 5.5 ("keys stay on the server side"): the key is sent only over https or to loopback;
// plain http elsewhere is refused unless --insecure-http (api/base-url.ts checkKeyTransport).
// One pool secret per account: a second one for an account with tagged uploads is refused.

/**
 * Backup and restore (docs/DECISIONS.md, "Backup and restore"), where the specs say nothing.
 * The package and the releases (docs/DECISIONS.md, "A name that is ours"): the npm package is
 * `@svc-cli/svc` and the install scripts fetch from https://github.com/svc-cli/svc/releases, both
 * placeholders the publisher sets once (package.json `name`, SVC_RELEASE_URL's default in
 * deploy/install.sh and install.ps1, the README's Install section; test/docs/install-recipes
 * keeps every recipe on the scoped name).
 */
export const BACKUP = {
  /** scrypt's cost as log2(N), r=8, p=1: 2^15 is OWASP's floor for scrypt (~32 MiB, ~0.1 s a try). */
  scryptLogN: 15,
  /** A shorter passphrase is refused: the archive holds the API keys and the pool secret. */
  minPassphraseChars: 8,
} as const;

/**
 * One Telegram chat's pace (docs/DECISIONS.md, "One chat, one pace"): Telegram's bot FAQ says
 * about one message a second in a chat and 20 a minute in a group; the shop's notices and the
 * bot's replies to a chat share it (src/notify/pace.ts). A 429's retry_after up to 5 minutes is
 * waited out and the same reply sent, at most 10 times. A stranger's messages: one audit line
 * per sender and chat a minute, the rest counted; 1000 senders remembered at once.
 */
export const TELEGRAM_PACE = {
  privateChatMs: 1000,
  groupChatMs: 3000,
  maxRetryAfterS: 300,
  maxThrottled: 10,
  strangerWindowMs: 60_000,
  strangersKept: 1000,
} as const;

/**
 * Outbound proxies (the specs are silent; docs/DECISIONS.md "Outbound proxies from the
 * environment"): the variables curl reads, each in either case with the lower-case one first; a
 * loopback target (the sandbox) always direct; a proxied request always through a CONNECT
 * tunnel, so the proxy never reads a request (src/api/proxy.ts).
 */
export const OUTBOUND_PROXY = {
  /** The proxy of a target, by the target's scheme. */
  variableFor: { 'https:': 'HTTPS_PROXY', 'http:': 'HTTP_PROXY' } as Readonly<Record<string, string>>,
  /** Hosts that go direct (comma or space separated; `*` for all). */
  bypass: 'NO_PROXY',
} as const;

/**
 * The shop's share of the day (spec 8: 5,000 v2 requests a day per account, every tool of the
 * seller included) and what its parts cost, measured on the sandbox's request log
 * (test/e2e/shop-quota.test.ts, bench/shop-quota.ts).
 */
export const SHOP_COSTS = {
  /** shop.yaml `budget:` when absent: a fifth of the day, the rest for the seller's other tools. */
  defaultBudgetPercent: 20,
  /**
   * One pass with nothing to do, besides the listings' pages (one per 100 listings): the mirror's
   * sync (2: the window's first and last page), the inbox (3: questions, reviews, mediations).
   */
  passFixed: 6,
  /** One confirmed sale's steps in `shop run`, its confirmation included (the goal, not a floor). */
  perSale: 5,
  /** One catch-up of `webhooks listen` with nothing missed: the mirror's sync (as in a pass). */
  catchUp: 2,
  /** Confirming one sale in the receiver: `sale.processing` and `order.delivered`, one lookup each. */
  confirmPerSale: 2,
  /** `quota_low` is told once a day when the account has used this share of its day. */
  quotaLowPercent: 80,
} as const;

// ---- svc mcp: what an assistant may do (docs/DECISIONS.md "An MCP server for assistants") ----
export const MCP = {
  /** A write plan is applied within this long of being made, or planned again. */
  planTtlMs: 10 * 60_000,
  /** The most bytes of JSON one tool result carries; a longer list is cut and says so. */
  resultMaxBytes: 64_000,
  /** The largest page a list tool reads (A2's maximum page). */
  pageMax: 100,
  /**
   * A mirror-backed read (orders profit, stock status) within this long of the last one that
   * synced reads the orders mirror as it is: no request; an assistant asking three questions
   * about this week's sales spends the sync once. `offline: false` syncs anyway.
   */
  mirrorFreshMs: 2 * 60_000,
  /** The most rows one price plan carries (50 bulk-price requests of 100, spec 8). */
  maxRows: 5000,
  /**
   * The assistant's share of the quota unless `svc mcp` is told less: 600 requests an hour and
   * 2500 a day, half of a v2 key's 5000 a day (A8), so the shop's own jobs keep the other half.
   */
  budgetPerHour: 600,
  budgetPerDay: 2500,
} as const;

// ---- the shop's day on a clock: src/api/assumptions-quota.ts ----
export { SHOP_DAY } from './assumptions-quota.js';
