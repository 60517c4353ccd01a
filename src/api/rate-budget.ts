// The account's request budget, kept from the X-RateLimit-* headers (assumption A8).
// v1 and v2 keys share one counter per account (spec 9.4): a v1 request is refused once the
// shared minute count reaches 30, a v2 one once it reaches 60. So we track the shared count
// ("used") and the reset time, and each version's own limit. When the window is spent we wait
// for the reset instead of collecting 429s (cli-spec 4).
import { LIMITS, MAX_WAIT_MS, RATE_HEADERS, type ApiVersion } from './assumptions.js';
import { nowMs, realDelayMs } from './clock.js';
import { RateLimitError } from './errors.js';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** svc's clock (src/api/clock.ts): the rate headers' Reset and Retry-After are read on it. */
export const realClock: Clock = {
  now: nowMs,
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, realDelayMs(ms));
      const onAbort = () => {
        clearTimeout(t);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export class RateBudget {
  private used = 0;
  private resetAtMs = 0;
  private known = false;
  private limits: Record<ApiVersion, number> = { v1: LIMITS.v1PerMinute, v2: LIMITS.v2PerMinute };

  constructor(
    private readonly clock: Clock = realClock,
    private readonly noWait = false,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  /** How long a request of `version` must wait now (0 = go). */
  waitFor(version: ApiVersion): number {
    if (!this.known) return 0;
    const now = this.clock.now();
    if (now >= this.resetAtMs) return 0; // a new window: the counter starts again
    return this.used >= this.limits[version] ? this.resetAtMs - now + SAFETY_MS : 0;
  }

  /** Wait for room in the window, then count the request as sent. */
  async acquire(version: ApiVersion, signal?: AbortSignal, onWait?: (ms: number) => void): Promise<void> {
    const ms = this.waitFor(version);
    if (ms > 0) {
      if (this.noWait) {
        throw new RateLimitError({
          status: 429,
          code: 'RATE_LIMITED',
          message: `rate limit reached; the window resets in ${Math.ceil(ms / 1000)} s and --no-wait was given`,
        });
      }
      if (ms > this.maxWaitMs) {
        throw new RateLimitError({
          status: 429,
          code: 'RATE_LIMITED',
          message: `rate limit reached and the reset is ${Math.ceil(ms / 1000)} s away`,
        });
      }
      onWait?.(ms);
      await this.clock.sleep(ms, signal);
      this.used = 0;
      this.resetAtMs = 0;
      this.known = false;
    }
    if (this.known) this.used++; // optimistic, so concurrent senders share the budget
  }

  /** Learn from a response (every v1 and v2 response carries the headers, A8). */
  update(version: ApiVersion, headers: Record<string, string>): void {
    const limit = int(headers[RATE_HEADERS.limit]);
    const remaining = int(headers[RATE_HEADERS.remaining]);
    const reset = int(headers[RATE_HEADERS.reset]);
    if (limit === undefined || remaining === undefined || reset === undefined) return;
    this.limits[version] = limit;
    this.used = Math.max(0, limit - remaining);
    this.resetAtMs = reset * 1000;
    this.known = true;
  }

  /** Remaining requests for `version` in this window, when known. */
  remaining(version: ApiVersion): number | undefined {
    if (!this.known || this.clock.now() >= this.resetAtMs) return undefined;
    return Math.max(0, this.limits[version] - this.used);
  }
}

// X-RateLimit-Reset has one-second resolution; a few ms past it keeps us out of the old window.
const SAFETY_MS = 50;

function int(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.floor(n) : undefined;
}
