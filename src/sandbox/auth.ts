// Authentication and authorisation (spec 5, A9, A10, A12). Keys are kept as sha256 hashes;
// the key itself is never logged and never stored for keys made through /api/api-keys.
import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  SELLER_NOT_VERIFIED,
  V2_KEY_PREFIX,
  keyVersion,
  type ApiVersion,
  type Scope,
} from '../api/assumptions.js';
import type { RouteDef, RouteFamily } from '../api/routes.js';
import { SandboxError } from './envelope.js';
import type { Account, KeyRecord, SandboxData } from './state.js';
import { changed } from './changes.js';

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** spec 5.2: v1 `svc_sk_` + 64 hex; v2 `svc_v2_sk_` + URL-safe characters. */
export function generateKey(version: ApiVersion): string {
  if (version === 'v1') return `svc_sk_${randomBytes(32).toString('hex')}`;
  return `${V2_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/** What `GET /api/api-keys` shows instead of the key: the version prefix plus 4 characters, and the last 4. */
export function keyDisplay(key: string): { prefix: string; last4: string } {
  const p = key.startsWith(V2_KEY_PREFIX) ? V2_KEY_PREFIX : 'svc_sk_';
  return { prefix: key.slice(0, p.length + 4), last4: key.slice(-4) };
}

export function makeKeyRecord(
  data: SandboxData,
  id: number,
  accountId: number,
  name: string,
  key: string,
  scopes: Scope[] | undefined,
  at: string,
): KeyRecord {
  const version = keyVersion(key);
  if (!version) throw new Error('invalid key format');
  const rec: KeyRecord = {
    id,
    accountId,
    name,
    version,
    hash: hashKey(key),
    ...keyDisplay(key),
    active: true,
    createdAt: at,
    lastUsedAt: null,
    usage: [],
  };
  if (version === 'v2') rec.scopes = scopes;
  data.keys.push(rec);
  changed(data, 'keys', rec);
  return rec;
}

/** The version of key a family of routes takes: v1 keys also authenticate key management (A10). */
export function familyKeyVersion(family: RouteFamily): ApiVersion {
  return family === 'v2' ? 'v2' : 'v1';
}

/** spec 5.1/5.2 + A12: missing, unknown, revoked or wrong-version key → 401. */
export function authenticate(
  data: SandboxData,
  family: RouteFamily,
  header: string | undefined,
): { key: KeyRecord; account: Account } {
  if (!header) throw new SandboxError(401, undefined, 'missing x-api-key header');
  const version = keyVersion(header);
  if (!version) throw new SandboxError(401, undefined, 'invalid API key');
  const want = familyKeyVersion(family);
  if (version !== want) {
    throw new SandboxError(
      401,
      undefined,
      `a ${version} key does not work on ${family === 'keys' ? 'key management' : family} routes`,
    );
  }
  const hash = hashKey(header);
  const key = data.keys.find((k) => k.hash === hash);
  if (!key?.active) throw new SandboxError(401, undefined, 'invalid API key');
  const account = data.accounts.find((a) => a.id === key.accountId);
  if (!account) throw new SandboxError(401, undefined, 'invalid API key');
  return { key, account };
}

/** spec 5.3, 7.2, 7.3: account-wide refusals, checked on every route. */
export function checkSeller(account: Account): void {
  if (!account.verified) throw new SandboxError(403, SELLER_NOT_VERIFIED, 'only verified sellers can use the API');
  if (account.restricted)
    throw new SandboxError(403, ERROR_CODES.SELLER_RESTRICTED, 'seller account restricted: the API is suspended');
  if (account.inDebt)
    throw new SandboxError(
      403,
      ERROR_CODES.SELLER_IN_DEBT,
      'API suspended: the seller has a pending debt with the platform',
    );
}

/** spec 5.4 + A9: a v2 route called without its scope → 403 (no code, spec 7.2). */
export function checkScope(route: RouteDef, key: KeyRecord): void {
  if (route.family !== 'v2' || !route.scope) return;
  if (!(key.scopes ?? []).includes(route.scope)) {
    throw new SandboxError(403, undefined, `this key lacks the scope ${route.scope}`);
  }
}
