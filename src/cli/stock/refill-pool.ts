// A pool opened for `stock refill` and `stock pool`: the file validated whole
// (cli-spec 3: FILE:LINE, exit 2, nothing sent), its entries named by their ids under the
// profile's pool secret, and the account's ledger they are checked against.
import { realpathSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { UsageError } from '../../api/errors.js';
import { POOL_SELLER_REF_MAX } from '../../api/rules/pool-tag.js';
import { detectFormat, type CredentialFormat } from '../../input/credentials.js';
import { scanPool, type PoolEntry, type PoolReadOptions, type PoolScan } from '../../input/credential-pool.js';
import { readError } from '../../input/source.js';
import { entryIdMaker, secretId } from '../../state/pool-ledger.js';
import type { Deps } from '../shared/context.js';
import { accountLedgerFile } from './account-ledger.js';
import { accountName } from '../../state/account-identity.js';
import { resolvePoolSecret } from './pool-secret.js';

export interface Pool {
  /** As the user wrote it (messages). */
  name: string;
  realPath: string;
  read: PoolReadOptions;
  entries: PoolEntry[];
  repeats: number;
  scan: PoolScan;
  /** The account's ledger (one per account, whatever the pool file, URL spelling or secret). */
  ledgerFile: string;
  /** Whether finding the account cost a request (`GET /me`, once per key): plans count it. */
  accountAsked: boolean;
  /** The account's name (svc decision "one identity"): the refill's job is resumed only by it. */
  account: string;
  /** The secret's id: the first characters of every entry id made with it. */
  sid: string;
  /** No pool secret existed (a dry run or `stock pool` makes none): nothing is known under it. */
  noSecret: boolean;
}

export interface PoolArgs {
  file: string;
  format?: CredentialFormat;
  separator?: string;
}

export async function openPool(deps: Deps, a: PoolArgs, create: boolean): Promise<Pool> {
  if (a.file === '-')
    throw new UsageError('a pool must be a file, not stdin: svc reads it again when it sends each chunk');
  const format: CredentialFormat = a.format ?? detectFormat(a.file);
  if (a.separator !== undefined && format !== 'lines') throw new UsageError('--separator goes with the lines format');
  let realPath: string;
  try {
    realPath = realpathSync(a.file);
    if (!statSync(realPath).isFile()) throw new UsageError(`cannot read ${a.file}: not a regular file`);
  } catch (err) {
    throw readError(err, a.file);
  }
  // A dry run writes nothing, not even the secret: without one nothing was tagged with it either.
  const found = await resolvePoolSecret(deps, create);
  const secret = found?.secret ?? randomBytes(32);
  const read: PoolReadOptions = {
    format,
    ...(a.separator ? { separator: a.separator } : {}),
    displayName: a.file,
    fingerprint: entryIdMaker(secret),
    maxRef: POOL_SELLER_REF_MAX,
  };
  const scan = await scanPool(realPath, read);
  const ledger = await accountLedgerFile(deps, found?.secret, create);
  return {
    name: a.file,
    realPath,
    read,
    entries: scan.entries,
    repeats: scan.repeats,
    scan,
    ledgerFile: ledger.file,
    accountAsked: ledger.identity.asked,
    account: accountName(ledger.identity),
    sid: secretId(secret),
    noSecret: !found,
  };
}
