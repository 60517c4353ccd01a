// The one identity of the account a run works for (svc decision "one identity"): what the service
// says of the key (`GET /api/v2/me`: account and seller), never how the base URL is spelled, which
// profile or which pool secret. The pool ledger and the orders mirror are keyed by it, so a second
// spelling of the URL, a second profile or a second HOME reach the same records, and another
// account's key never reads them. Asked once per key (state/identity-cache.ts), and counted then.
import { SvcError } from '../api/errors.js';
import type { Me } from '../api/responses.js';
import { identityFile, readIdentity, writeIdentity, type CachedIdentity } from './identity-cache.js';

/** What finding the identity needs of a run: the Deps of src/cli/shared/context.ts fit it. */
export interface IdentityDeps {
  stateDir(): string;
  session(): Promise<{ baseUrl: string; keys: { v2?: string } }>;
  api(): Promise<{ account: { me(): Promise<{ data: Me }> } }>;
}

export interface AccountIdentity extends CachedIdentity {
  /** Whether finding it cost a request in this run (plans count it). */
  asked: boolean;
}

// What this process was told, by cache file name: a dry run remembers nothing on disk, and still
// asks once, however many parts of the run need the account.
const told = new Map<string, CachedIdentity>();

/** The key the identity is asked with: v2's (`/me` is a v2 route), else none. */
async function identityKey(deps: IdentityDeps): Promise<{ baseUrl: string; key: string } | undefined> {
  const s = await deps.session();
  return s.keys.v2 ? { baseUrl: s.baseUrl, key: s.keys.v2 } : undefined;
}

/** The identity from the cache alone (offline reads), or undefined when it was never asked. */
export async function cachedAccount(deps: IdentityDeps): Promise<CachedIdentity | undefined> {
  const k = await identityKey(deps);
  return k ? readIdentity(deps.stateDir(), k.baseUrl, k.key) : undefined;
}

/**
 * The account, from the cache or one `GET /me`. `remember: false` (dry runs) keeps it out of
 * the state folder. Throws when the service names no account: svc cannot key records by it.
 */
export async function accountIdentity(deps: IdentityDeps, remember = true): Promise<AccountIdentity> {
  const k = await identityKey(deps);
  if (!k)
    throw new SvcError(
      'svc needs a v2 key to know which account it works for',
      'store one with `svc auth login` or set SVC_API_KEY to a svc_v2_sk_ key',
    );
  const memo = identityFile(deps.stateDir(), k.baseUrl, k.key);
  const cached = told.get(memo) ?? readIdentity(deps.stateDir(), k.baseUrl, k.key);
  if (cached) return { ...cached, asked: false };
  const me = (await (await deps.api()).account.me()).data;
  if (typeof me.accountId !== 'number')
    throw new SvcError(
      "the service did not say which account this key belongs to (GET /api/v2/me has no accountId): svc cannot tell this account's records from another's; nothing was sent",
      'check that the base URL points at the marketplace service',
    );
  const id: CachedIdentity = {
    accountId: me.accountId,
    ...(typeof me.sellerId === 'number' ? { sellerId: me.sellerId } : {}),
  };
  told.set(memo, id);
  if (remember) writeIdentity(deps.stateDir(), k.baseUrl, k.key, id);
  return { ...id, asked: true };
}

/** The name records of the account are filed under: the same for every URL spelling, profile and secret. */
export function accountName(id: CachedIdentity): string {
  return `account ${id.accountId}${id.sellerId === undefined ? '' : ` seller ${id.sellerId}`}`;
}
