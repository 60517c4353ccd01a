// Idempotency of v2 writes: spec 4.1, 7.1 and assumption A12.
// - fingerprint = method + route + resource id + parsed JSON body, key order ignored; the
//   query string is not part of it;
// - every 2xx and 4xx is stored for 24 h (× timeScale); `retryable: true` answers, 429s and
//   5xx release the key so that a resend executes;
// - keys are global: a key another account used is IDEMPOTENCY_KEY_CONFLICT.
import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  IN_FLIGHT_RETRY_AFTER_S,
} from '../api/assumptions.js';
import { SandboxError, type Reply } from './envelope.js';
import type { IdempotencyEntry, SandboxData, StoredResponse } from './state.js';
import { changedIdempotency } from './changes.js';

/** JSON with object keys sorted at every depth (spec 4.1.3: field order does not matter). */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export function fingerprint(method: string, routeName: string, params: Record<string, string>, body: unknown): string {
  const resource = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha256')
    .update(`${method}\n${routeName}\n${resource}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** spec 4.1.1 / 7.1: the header is required and must match the format. */
export function checkKeyHeader(raw: string | undefined): string {
  // spec 4.1.1 / 7.1: an absent header is REQUIRED; an empty one is present but
  // outside the accepted format (16-255 characters), so INVALID.
  if (raw === undefined) {
    throw new SandboxError(
      400,
      ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED,
      'Idempotency-Key header is required on every v2 write',
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) {
    throw new SandboxError(
      400,
      ERROR_CODES.IDEMPOTENCY_KEY_INVALID,
      'Idempotency-Key must be 16 to 255 characters of A-Za-z0-9_-',
    );
  }
  return raw;
}

/** Whether a response is kept under its key (A12). */
function isStorable(reply: Reply): boolean {
  if (reply.status >= 500 || reply.status === 429) return false;
  if (reply.status < 200) return false;
  const body = reply.body as { retryable?: unknown } | null;
  return !(body && typeof body === 'object' && body.retryable === true);
}

export type Reservation = { kind: 'replay'; response: StoredResponse } | { kind: 'reserved' };

export class IdempotencyStore {
  private readonly inFlight = new Map<string, { accountId: number; fingerprint: string }>();

  constructor(
    private readonly data: () => SandboxData,
    private readonly ttlMs: number = IDEMPOTENCY_TTL_MS,
  ) {}

  private find(key: string, now: number): IdempotencyEntry | undefined {
    const store = this.data().idempotency;
    const e = Object.hasOwn(store, key) ? store[key] : undefined;
    if (e && e.expiresAt <= now) {
      delete store[key]; // spec 4.1.2: kept 24 hours only
      changedIdempotency(this.data(), key);
      return undefined;
    }
    return e;
  }

  /** Look the key up; either a stored response to replay, or the key is now held in flight. */
  reserve(key: string, accountId: number, fp: string, now: number): Reservation {
    const held = this.inFlight.get(key);
    const stored = held ? undefined : this.find(key, now);
    const owner = held ?? stored;
    if (owner) {
      if (owner.accountId !== accountId) {
        throw new SandboxError(
          409,
          ERROR_CODES.IDEMPOTENCY_KEY_CONFLICT,
          'this Idempotency-Key was already used by another account',
        );
      }
      if (owner.fingerprint !== fp) {
        throw new SandboxError(
          422,
          ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
          'this Idempotency-Key was used with another method, route, resource or body; nothing was executed',
        );
      }
      if (held) {
        throw new SandboxError(
          409,
          ERROR_CODES.IDEMPOTENCY_IN_FLIGHT,
          'an identical request is still processing; resend with the same key',
          { retryable: true, retryAfterS: IN_FLIGHT_RETRY_AFTER_S },
        );
      }
      return { kind: 'replay', response: stored!.response };
    }
    this.inFlight.set(key, { accountId, fingerprint: fp });
    return { kind: 'reserved' };
  }

  /** Store the outcome of a reserved key, or release it (A12). */
  complete(key: string, reply: Reply, headers: Record<string, string>, now: number): void {
    const held = this.inFlight.get(key);
    this.inFlight.delete(key);
    if (!held || !isStorable(reply)) return;
    this.data().idempotency[key] = {
      key,
      accountId: held.accountId,
      fingerprint: held.fingerprint,
      expiresAt: now + this.ttlMs,
      response: { status: reply.status, headers, body: reply.body },
    };
    changedIdempotency(this.data(), key);
  }

  release(key: string): void {
    this.inFlight.delete(key);
  }

  clearInFlight(): void {
    this.inFlight.clear();
  }

  /**
   * `POST /_sandbox/idempotency/expire`: forget stored records now, as the service
   * does after 24 h; all of them, or those stored before `storedBefore`. Returns how many.
   */
  expire(storedBefore?: number): number {
    const store = this.data().idempotency;
    let n = 0;
    for (const [k, e] of Object.entries(store)) {
      if (storedBefore !== undefined && e.expiresAt - this.ttlMs >= storedBefore) continue;
      delete store[k];
      changedIdempotency(this.data(), k);
      n++;
    }
    return n;
  }

  /** Drop expired entries (called before each save so the data file stays small). */
  prune(now: number): void {
    const store = this.data().idempotency;
    for (const [k, e] of Object.entries(store)) {
      if (e.expiresAt > now) continue;
      delete store[k];
      changedIdempotency(this.data(), k);
    }
  }
}
