// Idempotency keys (spec 4.1.1-4.1.2, A12): their shape, how long they are kept and trusted.

// ---- spec 4.1.1 / A12: idempotency ----------------------------------------------------
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_LENGTH = { min: 16, max: 255 } as const;
export const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_LENGTH.min},${IDEMPOTENCY_KEY_LENGTH.max}}$`,
);
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// svc decision: a journaled key is trusted for the service's 24 h minus this margin
// (clock skew between svc and the service, a request that waited in a queue). Past it, a chunk
// is never resent blindly under its old key: the service may have forgotten it and would apply
// it again (bulk price/status: resent with a new key, harmless; stock: reconciled first).
const IDEMPOTENCY_KEY_MARGIN_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_TRUST_MS = IDEMPOTENCY_TTL_MS - IDEMPOTENCY_KEY_MARGIN_MS;
export const IN_FLIGHT_RETRY_AFTER_S = 1; // A12
