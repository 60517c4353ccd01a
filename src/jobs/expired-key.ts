// Journaled idempotency keys past the service's memory (spec 4.1.2: a key is kept 24
// hours). A chunk started under a key and never answered is normally resent under that key, so
// the service replays instead of applying twice (cli-spec 4). Once the key is older than
// IDEMPOTENCY_KEY_TRUST_MS the service may have forgotten it and would apply the chunk again:
// the job decides per chunk, through RunOptions.onExpiredKey, to resend under a NEW key (where
// applying twice is harmless, or after the caller reconciled the chunk) or to stop.
import { IDEMPOTENCY_KEY_TRUST_MS } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import { SvcError } from '../api/errors.js';
import type { ChunkPlan, JobKind } from './types.js';

export type ExpiredKeyDecision = 'new-key' | 'stop';
export type ExpiredKeyHandler = (chunk: ChunkPlan, sentAt: string) => Promise<ExpiredKeyDecision>;

/** Whether a key first sent at `sentAt` may be past what the service keeps. */
export function keyExpired(sentAt: string): boolean {
  const t = Date.parse(sentAt);
  return !Number.isFinite(t) || nowMs() - t > IDEMPOTENCY_KEY_TRUST_MS;
}

/** Without a handler: re-applying a price, a status or a variant edit is harmless; adding stock is not. */
export function defaultExpiredKeyDecision(kind: JobKind): ExpiredKeyDecision {
  return kind === 'stock' ? 'stop' : 'new-key';
}

export class ExpiredKeyError extends SvcError {
  constructor(chunk: number, sentAt: string, hint?: string) {
    super(
      `chunk ${chunk + 1} was first sent at ${sentAt}, more than ${Math.round(IDEMPOTENCY_KEY_TRUST_MS / 3_600_000)} h ago: the service may have forgotten its idempotency key (spec 4.1.2) and would add it again; it was not resent`,
      hint ??
        'see what the listing holds (`svc stock status`) and what it sold since then (`svc orders list`), then add what is still missing as a new import',
    );
  }
}
