// Every decision of the webhook receiver where the spec is silent, in one place. The
// spec gives the receiver 10 s to answer (6.2.1), a retry schedule (6.2.2), a public URL (6.2.3),
// dedupe by event + order id (6.2.4), confirmation with GET /api/v2/orders/:id (6.2.5), and the
// account's 60 requests a minute (8); it signs nothing (6.3, A11) and names no order state per
// event (3). Everything below fills those gaps; docs/DECISIONS.md ("Webhooks receiver") says why,
// and `svc webhooks listen --help` shows the defaults a seller can change. A later change added the
// capacity rules ("Receiver capacity" in docs/DECISIONS.md).
import { unconfirmedRoom, WEBHOOK_RESEND_WINDOW_MS } from '../api/assumptions.js';

/** How the listener spends the account's request budget on confirmations (flags in brackets). */
export interface ConfirmPolicy {
  /** [--lookup-budget] All confirmation requests, a minute: the listener's share of spec 8's 60. */
  lookupsPerMinute: number;
  /**
   * [--unknown-budget] Of those, the requests that confirm nothing (a lookup answered 404, another
   * seller's order, a state that does not fit, a list page that holds none of the waiting
   * orders), a minute: all that forged traffic can ever cost the account.
   */
  unknownPerMinute: number;
  /** The same, a day (spec 8's daily budget): the most a flood can cost the account in a day. */
  unknownPerDay: number;
  /** [--refuse-for] An order id the service refused is not looked up by id again for this long... */
  refuseForMs: number;
  /** ...doubling each time it is refused again, up to this. */
  maxRefuseForMs: number;
  /**
   * A notification nothing confirmed within this of its last post is given up (forgotten, like a
   * refusal): the service's resend window and a margin, so a forged one holds its
   * slot no longer than a real one could still be resent.
   */
  giveUpAfterMs: number;
}

export const DEFAULT_CONFIRM_POLICY: ConfirmPolicy = {
  lookupsPerMinute: 20, // a third of v2's 60/min: bulk jobs keep the rest
  // UNCONFIRMED_SHARE of spec 8's budget (4 a minute, 333 a day): a flood costs at most this; a
  // real sale in a flood waits at most 15 s.
  unknownPerMinute: unconfirmedRoom().perMinute,
  unknownPerDay: unconfirmedRoom().perDay,
  refuseForMs: 30_000,
  maxRefuseForMs: 30 * 60_000, // the service's own last resend comes 36 min after the first try (6.2.2)
  giveUpAfterMs: WEBHOOK_RESEND_WINDOW_MS + 3 * 60_000, // 40 min
};

/** Order ids remembered as refused, at most (oldest forgotten first): memory stays flat under a flood. */
export const MAX_REFUSED_IDS = 10_000;
/** An order not yet in the state its event needs is looked up this many times before the event is given up. */
export const NOT_YET_TRIES = 10;
/** Notifications that arrive together are confirmed by one list page: it waits this long for the rest. */
export const BATCH_WINDOW_MS = 250;
/** List pages take at most this share of the listener's lookups; lookups by id keep the rest. */
export const PAGE_SHARE = 0.5;
/** A lookup that could not be made (network, 5xx) or a not-yet is tried again after 2 s, doubling, at most this. */
export const CONFIRM_RETRY_MAX_MS = 60_000;

/**
 * The order statuses (A4) each order event can be confirmed by. `fits`: the status the event
 * announces and every status an order can reach after it. `early`: statuses before it (the
 * notification overtook the order: looked up again later). Any other status contradicts the event
 * (refused). `news`: the event announces a new sale, so the order must also be recent
 * (NEW_SALE_MAX_AGE_MS): a sale of last year is not a new sale. Mediation events are confirmed by
 * the mediation route, listing events by the listing route (confirm.ts).
 */
export const ORDER_STATES_PER_EVENT: Record<
  string,
  { fits: readonly string[]; early: readonly string[]; news?: boolean }
> = {
  'sale.processing': {
    fits: ['processing', 'delivered', 'completed', 'in_mediation', 'cancelled'],
    early: ['pending_payment'],
    news: true,
  },
  'order.delivered': {
    fits: ['delivered', 'completed', 'in_mediation'],
    early: ['pending_payment', 'processing'],
    news: true,
  },
  'order.completed': { fits: ['completed', 'in_mediation'], early: ['pending_payment', 'processing', 'delivered'] },
  'funds.released': { fits: ['delivered', 'completed', 'in_mediation'], early: ['pending_payment', 'processing'] },
  'order.cancelled': { fits: ['cancelled'], early: ['pending_payment', 'processing'] },
};

/**
 * The listing statuses (A4) a listing event can be confirmed by; `product.created` by the listing
 * existing, `product.out_of_stock` by it holding no stock (A13's "has stock", confirm.ts).
 */
export const LISTING_STATES_PER_EVENT: Record<string, readonly string[]> = {
  'product.approved': ['approved', 'taken_down'],
  'product.rejected': ['rejected', 'permanently_rejected'],
};

/**
 * The receiver's limits: a sender has 5 s to send its headers and 10 s for the whole request (the
 * service itself waits 10 s for our answer, spec 6.2.1); an idle kept-alive connection is closed
 * after 5 s. Node checks these every second (its default is every 30 s, which let slow senders
 * hold a connection for up to 40 s). At most 512 connections at once, and once 256 are
 * open, an address holding 32 or more [--max-connections-per-address] gets no new one: one host
 * holding slow connections cannot take the others' room, while a burst of sales from the
 * service in quiet times is never cut. A proxy named with --trust-proxy is not held to the
 * per-address share (every sender comes through it).
 */
export const RECEIVER_LIMITS = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  connectionsPerAddress: 32,
  /** The per-address share applies once this many connections are open (half the maximum). */
  sharedFrom: 256,
  checkEveryMs: 1_000,
};
/**
 * Bodies over 256 KB are refused (413), counted while reading. An order.delivered of
 * 2000 items (spec 8's largest stock request) with 64-character refs is about 190 KB; the 1 MB
 * of before let 600 forged posts take 600 MB.
 */
export const MAX_BODY_BYTES = 256 * 1024;
/** A sender over its share (per address) is answered 429 with this Retry-After, and logged once a minute. */
export const SENDER_LIMITED_RETRY_AFTER_S = 60;
export const SENDER_LIMITED_LOG_EVERY_MS = 60_000;
/** While the store cannot write (disk full), new notifications get 503 with this Retry-After (spec 6.2.2 resends). */
export const STORE_FULL_RETRY_AFTER_S = 60;

export const STORE_LIMITS = {
  /** Processed notifications are remembered this long (the service resends for ~36 min, 6.2.2). */
  retentionMs: 7 * 24 * 60 * 60_000,
  /** At most this many processed notifications are remembered (by key only; the oldest go first). */
  maxEntries: 100_000,
  /**
   * Confirmed deliveries waiting to be handed on (the service's own: a hook down for a long
   * time); past this, new notifications get 503 (the service resends, spec 6.2.2).
   */
  maxPending: 10_000,
  /**
   * what notifications the service has not confirmed may hold, apart from the above.
   * Each keeps only its event, order id, timestamp and sender (and, for an event nothing can
   * confirm, its small fields): about 200 bytes, so 20,000 take about 4 MB.
   */
  maxUnconfirmed: 20_000,
  maxUnconfirmedBytes: 16 * 1024 * 1024,
  /** [--max-pending-per-address] Unconfirmed notifications one sender address may hold; past it, 429. */
  unconfirmedPerAddress: 2_000,
  /** A store line longer than this (a forged body kept by an older version) is skipped at open. */
  maxLineBytes: 4 * 1024 * 1024,
  /** While the disk refuses writes, the store tries again this often. */
  retryWriteMs: 1_000,
  /** The file is rewritten once the records appended since the last rewrite reach max(this, what is remembered). */
  minRecordsBeforeRewrite: 1_000,
};

/** A forward target gets the service's own 10 s (spec 6.2.1). */
export const FORWARD_TIMEOUT_MS = 10_000;
/** A handler run longer than this is killed and retried. */
export const EXEC_TIMEOUT_MS = 60_000;

/** Retries of a failed hand-on: 0.5 s, 1 s, 2 s, … capped at 5 min, ±20 % jitter, no attempt limit (never lost). */
export function handOnBackoffMs(attempt: number): number {
  const base = Math.min(300_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * The hook's environment (least privilege): the listener's own, less every variable whose name
 * starts with SVC_ (SVC_API_KEY above all, and SVC_CONFIG_DIR, SVC_PROFILE, SVC_BASE_URL: nothing
 * that leads to a key), plus four about the delivery: SVC_DELIVERY_ID, SVC_EVENT, SVC_ORDER_ID and
 * SVC_CONFIRMED (forward.ts hookEnv).
 */
export const HOOK_ENV_REMOVED_PREFIX = 'SVC_';

/** `--init`: /hooks/ + 24 random bytes in base64url (192 bits: not guessable, not enumerable). */
export const SECRET_PATH_PREFIX = '/hooks/';
export const SECRET_PATH_BYTES = 24;
