// Ledgers made before the account had one identity (svc decision "one identity") were named by the
// pool secret and the base URL as it was spelled, so one account could hold several. Each one found
// for this secret and a spelling of this URL is folded into the account's ledger: renamed beside it
// as one of its logs (read with it, never written again), so nothing it knew is lost.
import { existsSync, renameSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { addedLogPath, addedLogs, urlLedgerPath } from './pool-ledger.js';
import { fsyncDir } from './durable.js';

/** The spellings earlier versions may have used for one service. */
function spellings(baseUrl: string): string[] {
  return [baseUrl, `${baseUrl}/`];
}

export function adoptUrlLedgers(stateDir: string, secret: Buffer, baseUrl: string, ledgerFile: string): void {
  let moved = false;
  for (const url of spellings(baseUrl)) {
    const old = urlLedgerPath(stateDir, secret, url);
    if (old === ledgerFile) continue;
    for (const f of [old, ...addedLogs(old)]) {
      const tag = `was-${basename(f, '.jsonl').replace(/^account-/, '')}`;
      try {
        renameSync(f, addedLogPath(ledgerFile, tag));
        moved = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  if (moved) fsyncDir(dirname(ledgerFile));
}

/** The ledger an earlier version kept for this secret and a spelling of this URL, if one exists. */
export function urlLedgerFound(stateDir: string, secret: Buffer, baseUrl: string): string | undefined {
  return spellings(baseUrl)
    .map((url) => urlLedgerPath(stateDir, secret, url))
    .find((f) => existsSync(f));
}
