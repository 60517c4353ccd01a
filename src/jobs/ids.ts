// Job ids (and the idempotency keys of chunks, made by the one generator in src/api).
import { randomBytes } from 'node:crypto';
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

export { newIdempotencyKey } from '../api/idempotency-key.js';
