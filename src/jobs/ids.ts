// Job ids and idempotency keys.
import { randomBytes } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '../api/assumptions.js';
import type { JobKind } from './types.js';

const KIND_PREFIX: Record<JobKind, string> = {
  'bulk-price': 'bp',
  'bulk-status': 'bs',
  variants: 'va',
  stock: 'st',
};

/** Job ids must be safe file names: the journal and lock are named after them. */
export const JOB_ID_PATTERN = /^[a-z]{2}-[0-9]{8}-[0-9a-f]{6}$/;

/**
 * Short, readable id such as `bp-20261121-a1b2c3` (UTC date). Uniqueness is enforced by the
 * caller creating the lock and journal with `wx`, which fails on a collision.
 */
export function newJobId(kind: JobKind, now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `${KIND_PREFIX[kind]}-${date}-${randomBytes(3).toString('hex')}`;
}

/**
 * cli-spec 4: a fresh random key per intended operation (one chunk), 22+ URL-safe chars.
 * 16 random bytes in base64url = 22 chars of A-Za-z0-9_- (marketplace-api 4.1.1).
 */
export function newIdempotencyKey(): string {
  const key = randomBytes(16).toString('base64url');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new Error(`generated idempotency key does not match ${IDEMPOTENCY_KEY_PATTERN}`);
  return key;
}
