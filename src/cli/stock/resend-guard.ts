// The seller's promise, "never the same account twice" (svc decision "one identity"), kept by
// `stock add` too: before anything is sent, every credential of the file is named by its id (a
// keyed digest of its content under the account's pool secret, never its path) and looked up in the
// account's record of what svc uploaded and what its sales delivered (the refs of `deliveredItems`,
// spec 2.5, read since the last look). One already sold is refused with its FILE:LINE (cli-spec 3:
// exit 2, nothing sent), unless the seller says --allow-resend.
import type { ServiceApi } from '../../api/resources/index.js';
import { chunkItems, type CredentialFormat, type ScanResult } from '../../input/credentials.js';
import { formatProblems } from '../../input/problems.js';
import { note, warn } from '../../output/reporter.js';
import {
  LedgerWriter,
  addedLogPath,
  entryIdMaker,
  readLedger,
  secretId,
  type LedgerRecord,
} from '../../state/pool-ledger.js';
import type { Deps } from '../shared/context.js';
import { invalidInput } from '../shared/job-helpers.js';
import { accountLedgerFile, refuseSecondSecret } from './account-ledger.js';
import { syncSold } from './pool-sync.js';
import { POOL_SECRET_ENV, resolvePoolSecret } from './pool-secret.js';

export interface ResendInput {
  input: { path: string; displayName: string };
  format: CredentialFormat;
  separator?: string;
  keepWhitespace?: boolean;
  allowResend: boolean;
}

/** The lines of the file whose credential the account sold already (order id by line). */
async function soldLines(scan: ScanResult, r: ResendInput, isSold: (credential: string) => number | undefined) {
  const hits: { line: number; order: number }[] = [];
  for (const chunk of scan.chunks) {
    const drop = new Set(chunk.drop ?? []);
    let at = -1;
    const items = chunkItems(r.input.path, r.format, chunk, {
      separator: r.separator,
      keepWhitespace: r.keepWhitespace ?? false,
      displayName: r.input.displayName,
      csv: scan.csv,
    });
    for await (const item of items) {
      at++;
      while (drop.has(at)) at++; // repeats of an earlier line are not read back: never sent
      const order = isSold(item.credential);
      if (order !== undefined) hits.push({ line: chunk.lines[at] ?? chunk.firstLine, order });
    }
  }
  return hits;
}

/**
 * Undefined when the import may go on (with a note of what --allow-resend sends again), else the
 * exit code of the refusal. Costs the requests of reading the sales made since the last look.
 */
export async function guardResend(
  deps: Deps,
  api: ServiceApi,
  scan: ScanResult,
  r: ResendInput,
): Promise<number | undefined> {
  const dry = deps.globals.dryRun === true;
  const found = await resolvePoolSecret(deps, !dry, true);
  // No secret yet, or one this run made: nothing svc uploaded carries its tags, so no sale can
  // name a credential of this file; the sales are not read (no request, no mirror written).
  if (!found || found.fresh) return undefined;
  const sid = secretId(found.secret);
  const { file } = await accountLedgerFile(deps, found.secret, !dry);
  const ledger = readLedger(file, sid);
  let writer: LedgerWriter | undefined;
  const write = (rec: LedgerRecord) => {
    if (dry) return;
    writer ??= LedgerWriter.open(deps.stateDir(), addedLogPath(file));
    writer.write(rec);
  };
  try {
    const sync = await syncSold(deps, api, ledger, sid, write);
    // One secret per account: this state folder's record under another one is refused. Sales
    // tagged by another install's secret (a CI job's, another HOME's) cannot be checked: said.
    refuseSecondSecret(ledger, sid);
    if (sync.foreign > 0)
      warn(
        deps.io,
        `${sync.foreign} credentials this account sold were tagged by svc with another pool secret: \`stock add\` cannot tell whether this file holds them (use that secret here: the profile's poolSecret or ${POOL_SECRET_ENV})`,
      );
  } finally {
    writer?.close();
  }
  if (ledger.sold.size === 0) return undefined;
  const idOf = entryIdMaker(found.secret);
  const hits = await soldLines(scan, r, (c) => ledger.sold.get(idOf(c)));
  if (hits.length === 0) return undefined;
  if (r.allowResend) {
    note(
      deps.io,
      `${hits.length} credentials of ${r.input.displayName} were sold already and are sent again (--allow-resend)`,
    );
    return undefined;
  }
  const problems = hits.map(
    (h) =>
      `${r.input.displayName}:${h.line}: this credential was sold already (order ${h.order}); svc does not upload it again (--allow-resend to send it anyway)`,
  );
  return invalidInput(deps, formatProblems(problems, problems.length), problems.length, r.input.displayName);
}
