// One-line hints for error codes: what the spec says to do (cli-spec 1: `hint: …`). Numbers
// come from LIMITS (spec 8), so a hint cannot drift from the limit it names.
import { IDEMPOTENCY_KEY_LENGTH, LIMITS } from './assumptions.js';

const HINTS: Record<string, string> = {
  // spec 7.1
  IDEMPOTENCY_KEY_REUSED:
    'svc sent one idempotency key with two different requests: this is a bug in svc, please report it',
  IDEMPOTENCY_KEY_CONFLICT: 'the idempotency key belongs to another account: this is a bug in svc, please report it',
  IDEMPOTENCY_KEY_INVALID: `idempotency keys are ${IDEMPOTENCY_KEY_LENGTH.min}-${IDEMPOTENCY_KEY_LENGTH.max} characters of A-Za-z0-9_-`,
  IDEMPOTENCY_KEY_REQUIRED: 'every v2 write needs an Idempotency-Key header',
  IDEMPOTENCY_UNAVAILABLE: 'nothing was executed; run the command again in a moment',
  IDEMPOTENCY_IN_FLIGHT: 'the same request is still being processed; run the command again in a moment',
  // spec 7.2
  TOO_MANY_CREDENTIALS: `at most ${LIMITS.stockPerVariantMax} credentials per listing or variant: split the file or sell some stock first`,
  // "not approved" is under review (wait) or rejected (edit to resubmit): both said.
  NOT_APPROVED:
    'the listing is not approved: under review (em_analise), activate it once moderation approves it; rejected, edit its title or description to send it back to review (`svc products get ID` shows which)',
  // `variants set` is refused (LISTING_NOT_DYNAMIC) on a single listing; it is named for multi-variant ones only.
  NO_STOCK:
    'add stock first with `svc stock add ID --file FILE` (a multi-variant listing: `svc products variants set ID --index N --stock N`)',
  // spec 3: the service's message already says the listing is paused; the hint adds what it cannot.
  OFFLINE_PAUSED:
    'the API cannot switch Offline Mode: the seller panel does, and switching it off reactivates every listing it paused',
  LISTING_TAKEN_DOWN: 'this is final: it cannot be edited or reactivated (create a new listing)',
  // a hint says what to do, never the service's message again (it is printed beside it).
  LISTING_PERMANENTLY_REJECTED: 'this is final: it cannot be edited or resubmitted (create a new listing)',
  EMAIL_NOT_VERIFIED: 'verify the account e-mail in the seller panel, then answer again',
  QUESTIONS_BLOCKED: 'the account is barred from answering questions: contact support',
  SECURITY_VIOLATION:
    'the answer was not published: remove contact details, links or credentials from the text and send it again',
  ALREADY_ANSWERED: 'the question already has an answer; nothing to resend',
  PRODUCT_UNAVAILABLE: 'the listing is paused, inactive, under review or deleted: answer once it is active again',
  QUESTION_ANSWER_RATE_LIMIT: `at most ${LIMITS.questionAnswersPerMinute} answers a minute and ${LIMITS.questionAnswersPerHour} an hour`,
  SELLER_RESTRICTED: 'the seller account is restricted and the API suspended: contact support',
  SELLER_IN_DEBT: 'the API is suspended until the pending debt with the platform is paid',
  SELLER_NOT_VERIFIED: 'only verified sellers can use the API: complete verification in the seller panel',
  // A14
  HAS_VARIANTS:
    'this listing has variants: change their prices with `svc products variants set ID` (or a `variant` column)',
  VARIANT_NOT_FOUND: 'no variant with that index: list them with `svc products variants ID`',
  LISTING_NOT_DYNAMIC: 'variants can be edited only on multi-variant (listingType multiple) listings',
  ALREADY_CONTESTED: 'this review was already contested: see `svc reviews contestations`',
  DAILY_CREATION_LIMIT: `v1 allows ${LIMITS.v1CreationsPerDay} listing creations a day: try again tomorrow, or use a v2 key`,
  KEY_LIMIT: `at most ${LIMITS.activeKeysMax} active keys: revoke one with \`svc keys revoke ID\` first`,
  NOT_IN_BETA: 'v2 keys are a closed beta: request access through support',
  RATE_LIMITED: 'the account rate limit is spent; svc waits for the reset unless --no-wait is given',
  DAILY_LIMIT: 'the daily request quota is spent; it resets at midnight UTC',
};

const STATUS_HINTS: Record<number, string> = {
  401: 'check the key with `svc auth status`, or store a new one with `svc auth login`',
  403: 'the key lacks the scope for this route: see `svc me` for its scopes',
};

export function hintFor(code: string | undefined, status?: number): string | undefined {
  if (code && HINTS[code]) return HINTS[code];
  if (status && !code && STATUS_HINTS[status]) return STATUS_HINTS[status];
  return undefined;
}

/** Every hint text, for the test that each has its pt-BR (test/i18n/catalogue.test.ts). */
export function allHints(): string[] {
  return [...Object.values(HINTS), ...Object.values(STATUS_HINTS)];
}
