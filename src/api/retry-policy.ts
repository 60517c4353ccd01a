// When to send again, and after how long (cli-spec 4; spec 4.1.4, 7.1, 7.2; A8, A12).
// Every retry of a write reuses the idempotency key made before the first attempt: the
// policy only decides *whether* and *when*.
import { ERROR_CODES, MAX_WAIT_MS, RATE_HEADERS } from './assumptions.js';
import type { ErrorBody } from './responses.js';

export interface RetryOptions {
  maxAttempts: number;
  /** Give up when the next wait would pass this point (ms since the first attempt). */
  deadlineMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A single wait longer than this is not waited (e.g. a daily quota): fail instead. */
  maxWaitMs: number;
}
export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 6,
  deadlineMs: 5 * 60_000,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxWaitMs: MAX_WAIT_MS,
};

export type Decision =
  | { retry: false; reason: 'final' | 'no-wait' | 'too-long' }
  | { retry: true; delayMs: number; why: string };

export interface AttemptOutcome {
  /** undefined = no HTTP answer (network error, drop, timeout). */
  status?: number;
  body?: ErrorBody;
  headers?: Record<string, string>;
  /** `permanent`: a TLS or header-size failure the same request meets again (transport-errors.ts). */
  networkKind?: 'network' | 'timeout' | 'permanent';
}

/** Capped exponential backoff with full jitter. */
function backoffMs(attempt: number, opts: RetryOptions, random: () => number = Math.random): number {
  const cap = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/**
 * The wait a 429/503/retryable answer asks for: Retry-After, else X-RateLimit-Reset + 1 s when
 * the window is spent (X-RateLimit-Remaining 0 or absent). With requests left in the window, the
 * reset says nothing about this failure: no hint, the caller backs off.
 */
function hintedWaitMs(headers: Record<string, string> | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ra = headers[RATE_HEADERS.retryAfter];
  if (ra !== undefined && ra !== '' && Number.isFinite(Number(ra)) && Number(ra) > 0) return Number(ra) * 1000;
  const remaining = headers[RATE_HEADERS.remaining];
  if (remaining !== undefined && remaining !== '' && Number(remaining) > 0) return undefined;
  const reset = headers[RATE_HEADERS.reset];
  if (reset !== undefined && Number.isFinite(Number(reset))) {
    const ms = Number(reset) * 1000 - nowMs + 1000;
    return ms > 0 ? ms : undefined;
  }
  return undefined;
}

export function decide(
  outcome: AttemptOutcome,
  attempt: number,
  elapsedMs: number,
  nowMs: number,
  opts: RetryOptions,
  noWait: boolean,
  random?: () => number,
): Decision {
  const verdict = classify(outcome, attempt, nowMs, opts, random);
  if (!verdict.retry) return verdict;
  if (verdict.rateLimited && noWait) return { retry: false, reason: 'no-wait' };
  if (verdict.delayMs > opts.maxWaitMs) return { retry: false, reason: 'too-long' };
  if (attempt >= opts.maxAttempts && !verdict.rateLimited) return { retry: false, reason: 'final' };
  // Rate-limit waits are the service telling us when; they get their own (larger) bound.
  if (verdict.rateLimited && attempt >= opts.maxAttempts * 2) return { retry: false, reason: 'final' };
  if (elapsedMs + verdict.delayMs > opts.deadlineMs) return { retry: false, reason: 'final' };
  return { retry: true, delayMs: verdict.delayMs, why: verdict.why };
}

type Verdict = { retry: false; reason: 'final' } | { retry: true; delayMs: number; why: string; rateLimited: boolean };

function classify(
  o: AttemptOutcome,
  attempt: number,
  nowMs: number,
  opts: RetryOptions,
  random?: () => number,
): Verdict {
  const backoff = () => backoffMs(attempt, opts, random);
  // Network error, ECONNRESET, drop, timeout: the write may or may not have happened; the
  // same key makes the resend safe (spec 4.1.2).
  if (o.status === undefined && o.networkKind === 'permanent') return { retry: false, reason: 'final' };
  if (o.status === undefined)
    return { retry: true, delayMs: backoff(), why: o.networkKind ?? 'network', rateLimited: false };
  const code = o.body?.code ?? undefined;
  const hinted = hintedWaitMs(o.headers, nowMs);
  if (o.status === 429) {
    // spec 7.3, A8; QUESTION_ANSWER_RATE_LIMIT (spec 7.2) is retryable with Retry-After too.
    return { retry: true, delayMs: hinted ?? backoff(), why: code ?? 'rate limited', rateLimited: true };
  }
  if (o.status === 503 && code === ERROR_CODES.IDEMPOTENCY_UNAVAILABLE) {
    return { retry: true, delayMs: hinted ?? backoff(), why: code, rateLimited: false }; // spec 7.1
  }
  if (o.status === 409 && code === ERROR_CODES.IDEMPOTENCY_IN_FLIGHT) {
    return { retry: true, delayMs: Math.max(hinted ?? 0, backoff()), why: code, rateLimited: false }; // spec 7.1
  }
  if (o.body?.retryable === false) return { retry: false, reason: 'final' };
  if (o.body?.retryable === true) {
    return { retry: true, delayMs: hinted ?? backoff(), why: 'retryable', rateLimited: false }; // spec 4.1.4
  }
  if (o.status >= 500)
    return { retry: true, delayMs: hinted ?? backoff(), why: `HTTP ${o.status}`, rateLimited: false };
  // 400, 401, 403, 404, 410, 422 and every other answer: final.
  return { retry: false, reason: 'final' };
}
