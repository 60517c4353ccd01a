// The service's keys, path prefixes and scopes (spec 5.2, 9.1; A9).

// ---- spec 5.2: key formats -------------------------------------------------------------
export const V1_KEY_PATTERN = /^svc_sk_[0-9a-f]{64}$/;
export const V2_KEY_PREFIX = 'svc_v2_sk_';
// svc decision: the spec names only the v2 prefix; we accept 16+ URL-safe chars after it.
export const V2_KEY_PATTERN = /^svc_v2_sk_[A-Za-z0-9_-]{16,}$/;
/** Anything shaped like a v1 or v2 key inside other text (spec 5.2): never echoed, never journaled. */
export const KEY_SHAPED = /svc_(?:v2_)?sk_[A-Za-z0-9_-]+/;
export type ApiVersion = 'v1' | 'v2';
export function keyVersion(key: string): ApiVersion | undefined {
  if (V2_KEY_PATTERN.test(key)) return 'v2';
  if (V1_KEY_PATTERN.test(key)) return 'v1';
  return undefined;
}

// ---- spec 9.1: path prefixes -----------------------------------------------------------
export const V1_PREFIX = '/api/v1';
export const V1_ALIAS_PREFIX = '/api/service';
export const V2_PREFIX = '/api/v2';
export const KEYS_PREFIX = '/api/api-keys';

// ---- A9: scopes ----------------------------------------------------------------------------
export const SCOPES = [
  'catalog:read',
  'products:read',
  'products:write',
  'orders:read',
  'mediations:read',
  'reviews:read',
  'reviews:contest',
  'questions:read',
  'questions:write',
  'wallet:read',
] as const;
export type Scope = (typeof SCOPES)[number];
