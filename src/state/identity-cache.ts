// Which account a key belongs to, as the service said (`GET /api/v2/me`, spec 4; svc decision "one
// identity"), kept so that it costs one request per key, once. Named by a hash of the base URL and
// the key, never the key itself; the file holds only the account's and seller's ids. 0600 in a 0700
// folder.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

export interface CachedIdentity {
  accountId: number;
  sellerId?: number;
}

export function identityFile(stateDir: string, baseUrl: string, key: string): string {
  const id = createHash('sha256').update(`svc account of key\0${baseUrl}\0${key}`).digest('hex').slice(0, 32);
  return join(stateDir, 'identity', `${id}.json`);
}

export function readIdentity(stateDir: string, baseUrl: string, key: string): CachedIdentity | undefined {
  try {
    const v = JSON.parse(readFileSync(identityFile(stateDir, baseUrl, key), 'utf8')) as Partial<CachedIdentity>;
    if (typeof v.accountId !== 'number' || !Number.isSafeInteger(v.accountId)) return undefined;
    return { accountId: v.accountId, ...(typeof v.sellerId === 'number' ? { sellerId: v.sellerId } : {}) };
  } catch {
    return undefined; // missing or damaged: asked again (one request)
  }
}

/** Best effort: a cache that cannot be written costs one request next time, nothing else. */
export function writeIdentity(stateDir: string, baseUrl: string, key: string, id: CachedIdentity): void {
  const file = identityFile(stateDir, baseUrl, key);
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, `${JSON.stringify(id)}\n`, { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    /* asked again next run */
  }
}
