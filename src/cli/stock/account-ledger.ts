// The account's pool ledger (svc decision "one identity"), found by the service's identity of the
// account, and the rule of one pool secret per account: uploads tagged with a second secret would
// not be recognised by the first (nor its by the second), so the same credential could be sold
// twice.
import { SvcError } from '../../api/errors.js';
import { sidOf } from '../../api/rules/pool-tag.js';
import { existsSync } from 'node:fs';
import { adoptUrlLedgers, urlLedgerFound } from '../../state/ledger-adopt.js';
import { accountLedgerPath, type LedgerState } from '../../state/pool-ledger.js';
import { accountIdentity, accountName, type AccountIdentity } from '../../state/account-identity.js';
import type { Deps } from '../shared/context.js';
import { POOL_SECRET_ENV } from './pool-secret.js';

export interface AccountLedgerFile {
  file: string;
  identity: AccountIdentity;
}

/**
 * The ledger's file: one per account, whatever the URL spelling, profile or secret. `write`
 * false (dry runs, `stock pool`) keeps the state folder as it is.
 */
export async function accountLedgerFile(
  deps: Deps,
  secret: Buffer | undefined,
  write: boolean,
): Promise<AccountLedgerFile> {
  const identity = await accountIdentity(deps, write);
  const file = accountLedgerPath(deps.stateDir(), accountName(identity));
  const baseUrl = (await deps.session()).baseUrl;
  if (secret && write) adoptUrlLedgers(deps.stateDir(), secret, baseUrl, file);
  // Read-only before the first write: an earlier version's ledger is read where it lies.
  else if (secret && !existsSync(file))
    return { file: urlLedgerFound(deps.stateDir(), secret, baseUrl) ?? file, identity };
  return { file, identity };
}

/** Ids of the ledger's entries made with a secret other than `sid` (sent, added or sold). */
function otherSecretIds(ledger: LedgerState, sid: string): number {
  let n = 0;
  const count = (id: string) => {
    if (sidOf(id) !== sid) n++;
  };
  for (const p of ledger.plans) if (p.end?.state !== 'abandoned') for (const c of p.plan.chunks) c.forEach(count);
  for (const id of ledger.added.keys()) count(id);
  for (const id of ledger.sold.keys()) count(id);
  return n;
}

/**
 * Refuses a second pool secret for an account that has uploads tagged with another one (in its
 * ledger, or `foreignSales` delivered refs the service shows), as the empty-ledger case does.
 */
export function refuseSecondSecret(ledger: LedgerState, sid: string, foreignSales = 0): void {
  const known = otherSecretIds(ledger, sid) + foreignSales;
  if (known === 0) return;
  throw new SvcError(
    `this account already has ${known} credentials uploaded by svc with another pool secret: with this one svc would not recognise them, and could sell the same account twice; nothing was sent`,
    `use one pool secret per account: copy the poolSecret line of the profile that uploaded them into this profile in the config file, or set ${POOL_SECRET_ENV} to the secret the CI job that uploaded them uses (svc never prints a secret)`,
  );
}
