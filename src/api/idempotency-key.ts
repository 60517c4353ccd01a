// spec 4.1.1, cli-spec 4: a fresh random key per intended operation, made before its first
// attempt and reused by every retry. 16 random bytes in base64url = 22 characters of
// A-Za-z0-9_-. Never derived from the body: the same edit made again later is a new operation.
// The request core makes one per write; the job engine makes one per chunk and journals it.
import { IDEMPOTENCY_KEY_PATTERN } from './assumptions.js';

export function newIdempotencyKey(): string {
  // Web Crypto's CSPRNG (the same source as node:crypto's randomBytes), reached through the
  // global that Node loads on first use: a read never pays for loading node:crypto.
  const key = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new Error(`generated idempotency key does not match ${IDEMPOTENCY_KEY_PATTERN}`);
  return key;
}
