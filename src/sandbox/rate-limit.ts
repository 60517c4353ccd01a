// Rate limits of spec 8 and assumption A8: one minute counter and one day counter per
// account, shared by v1 and v2 keys; each version is refused at its own ceiling.
// Window boundaries fall on whole seconds so that a client waiting until X-RateLimit-Reset
// (Unix seconds) is exact: a minute window starts at the first request after the previous one
// ended, floored to a whole second, and lasts 60 s × timeScale rounded up (at least 1 s).
// Day windows (A8 "Retry-After runs to the day's end, UTC") are epoch-aligned blocks of
// 86400 s × timeScale, which for timeScale 1 are exactly the UTC days.
import { ERROR_CODES, LIMITS, type ApiVersion } from '../api/assumptions.js';
import { SandboxError } from './envelope.js';

export interface RateLimits {
  v1PerMinute: number;
  v2PerMinute: number;
  v1PerDay: number;
  v2PerDay: number;
}

interface Counter {
  minStart: number;
  minEnd: number;
  minCount: number;
  dayEnd: number;
  dayCount: number;
}

export interface WindowState {
  limit: number;
  remaining: number;
  reset: number;
}

export class RateLimiter {
  private readonly counters = new Map<number, Counter>();
  readonly limits: RateLimits;
  private readonly minuteMs: number;
  private readonly dayMs: number;

  constructor(limits: Partial<RateLimits> | undefined, timeScale: number) {
    this.limits = {
      v1PerMinute: LIMITS.v1PerMinute,
      v2PerMinute: LIMITS.v2PerMinute,
      v1PerDay: LIMITS.v1PerDay,
      v2PerDay: LIMITS.v2PerDay,
      ...limits,
    };
    this.minuteMs = Math.max(1, Math.ceil(60 * timeScale)) * 1000;
    this.dayMs = Math.max(1, Math.ceil(86_400 * timeScale)) * 1000;
  }

  reset(): void {
    this.counters.clear();
  }

  private counter(accountId: number, now: number): Counter {
    let c = this.counters.get(accountId);
    if (!c) {
      c = { minStart: 0, minEnd: 0, minCount: 0, dayEnd: 0, dayCount: 0 };
      this.counters.set(accountId, c);
    }
    if (now >= c.minEnd) {
      c.minStart = Math.floor(now / 1000) * 1000;
      c.minEnd = c.minStart + this.minuteMs;
      c.minCount = 0;
    }
    if (now >= c.dayEnd) {
      c.dayEnd = (Math.floor(now / this.dayMs) + 1) * this.dayMs;
      c.dayCount = 0;
    }
    return c;
  }

  private perMinute(v: ApiVersion): number {
    return v === 'v1' ? this.limits.v1PerMinute : this.limits.v2PerMinute;
  }
  private perDay(v: ApiVersion): number {
    return v === 'v1' ? this.limits.v1PerDay : this.limits.v2PerDay;
  }

  /** Count one request, or throw the 429 (A8: a refused request does not count). */
  hit(accountId: number, version: ApiVersion, now: number): void {
    const c = this.counter(accountId, now);
    if (c.dayCount >= this.perDay(version)) {
      const wait = Math.max(1, Math.ceil((c.dayEnd - now) / 1000));
      throw new SandboxError(429, ERROR_CODES.DAILY_LIMIT, 'daily request quota spent', {
        retryAfterS: wait,
        retryable: true,
      });
    }
    if (c.minCount >= this.perMinute(version)) {
      const wait = Math.max(1, Math.ceil((c.minEnd - now) / 1000));
      throw new SandboxError(429, ERROR_CODES.RATE_LIMITED, 'rate limit exceeded', {
        retryAfterS: wait,
        retryable: true,
      });
    }
    c.minCount++;
    c.dayCount++;
  }

  /** Requests of the account's day spent elsewhere (all that is left by default); how many were taken. */
  spendDay(accountId: number, now: number, requests?: number): number {
    const c = this.counter(accountId, now);
    const left = Math.max(0, this.limits.v2PerDay - c.dayCount);
    const n = Math.min(left, requests ?? left);
    c.dayCount += n;
    return n;
  }

  /** A8 headers: Limit/Remaining of the request's version, Reset in Unix seconds, Retry-After. */
  headersFor(accountId: number, version: ApiVersion, now: number): Record<string, string> {
    const m = this.minute(accountId, version, now);
    return {
      'x-ratelimit-limit': String(m.limit),
      'x-ratelimit-remaining': String(m.remaining),
      'x-ratelimit-reset': String(m.reset),
      'retry-after': String(m.remaining > 0 ? 0 : Math.max(1, Math.ceil((m.reset * 1000 - now) / 1000))),
    };
  }

  /** A8 headers for a request of no known account (a 401): a fresh minute window, nothing counted. */
  headersAnonymous(version: ApiVersion, now: number): Record<string, string> {
    const limit = this.perMinute(version);
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit),
      'x-ratelimit-reset': String(Math.floor(now / 1000) + this.minuteMs / 1000),
      'retry-after': '0',
    };
  }

  minute(accountId: number, version: ApiVersion, now: number): WindowState {
    const c = this.counter(accountId, now);
    const limit = this.perMinute(version);
    return { limit, remaining: Math.max(0, limit - c.minCount), reset: c.minEnd / 1000 };
  }

  day(accountId: number, version: ApiVersion, now: number): WindowState {
    const c = this.counter(accountId, now);
    const limit = this.perDay(version);
    return { limit, remaining: Math.max(0, limit - c.dayCount), reset: c.dayEnd / 1000 };
  }
}
