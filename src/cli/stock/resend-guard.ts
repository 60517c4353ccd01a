// The seller's promise, "never the same account twice" (svc decision "one identity"), kept by
// `stock add` too: before anything is sent, every credential of the file is named by its id (a
// keyed digest of its content under the account's pool secret, never its path) and looked up in the
// account's record of what svc uploaded and what its sales delivered (the refs of `deliveredItems`,
// spec 2.5, read since the last look). One already sold is refused with its FILE:LINE (cli-spec 3:
// exit 2, nothing sent), unless the seller says --allow-resend; so is one svc uploaded to another
// listing or variant and not sold: the service still holds it there, and whichever listing sells
// it first, the other can deliver it again.
import type { ServiceApi } from '../../api/resources/index.js';
import { chunkItems, type CredentialFormat, type ScanResult } from '../../input/credentials.js';
import { formatProblems } from '../../input/problems.js';
import { note, warn } from '../../output/reporter.js';
import {
  LedgerWriter,
  addedLogPath,
  entryIdMaker,
  entryUses,
  readLedger,
  secretId,
  type LedgerRecord,
  type LedgerState,
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
  /** The listing (and variant) this import writes to. */
  target: { id: number; variant?: number };
}

/** Why a credential is not uploaded again: the order that sold it, or the place that holds it. */
type Known = { order: number } | { listing: number; variant: number | null };

/** What the account's record says of an entry id: sold, held by another listing or variant, or nothing. */
function knownUse(ledger: LedgerState, target: ResendInput['target']): (id: string) => Known | undefined {
  const sent = entryUses(ledger);
  const here = (p: { listing: number; variant: number | null }) =>
    p.listing === target.id && (p.variant ?? undefined) === target.variant;
  return (id) => {
    const order = ledger.sold.get(id);
    if (order !== undefined) return { order };
    // The same listing and variant: the service skips a credential it holds (spec 2.5 duplicates).
    const added = ledger.added.get(id);
    if (added && !here(added)) return added;
    const use = sent.get(id);
    if (use && use.status !== 'refused' && !here(use)) return { listing: use.listing, variant: use.variant };
    return undefined;
  };
}

function place(k: { listing: number; variant: number | null }): string {
  return k.variant === null ? `listing ${k.listing}` : `listing ${k.listing} variant ${k.variant}`;
}

function problemOf(file: string, line: number, k: Known): string {
  return 'order' in k
    ? `${file}:${line}: this credential was sold already (order ${k.order}); svc does not upload it again (--allow-resend to send it anyway)`
    : `${file}:${line}: svc uploaded this credential to ${place(k)} already, where it is not sold: the service holds it there, and each listing could deliver it; svc does not upload it again (--allow-resend to send it anyway)`;
}

/** The lines of the file whose credential the account sold or holds elsewhere. */
async function knownLines(scan: ScanResult, r: ResendInput, known: (credential: string) => Known | undefined) {
  const hits: { line: number; known: Known }[] = [];
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
      const k = known(item.credential);
      if (k !== undefined) hits.push({ line: chunk.lines[at] ?? chunk.firstLine, known: k });
    }
  }
  return hits;
}

export interface ResendCheck {
  /** The exit code of the refusal; undefined when the import may go on. */
  refused?: number;
  /** Requests the check spent (a dry run prints them: its plan equals the wire, rule 3). */
  identityRequests: number;
  salesRequests: number;
  /** Credentials --allow-resend sends again (sold, or held by another listing). */
  resent: number;
}

/**
 * Whether the import may go on (with a note of what --allow-resend sends again), or the exit
 * code of the refusal. Costs the requests of reading the sales made since the last look.
 */
export async function guardResend(deps: Deps, api: ServiceApi, scan: ScanResult, r: ResendInput): Promise<ResendCheck> {
  const dry = deps.globals.dryRun === true;
  const out: ResendCheck = { identityRequests: 0, salesRequests: 0, resent: 0 };
  const found = await resolvePoolSecret(deps, !dry, true);
  // No secret yet, or one this run made: nothing svc uploaded carries its tags, so no sale can
  // name a credential of this file; the sales are not read (no request, no mirror written).
  if (!found || found.fresh) return out;
  const sid = secretId(found.secret);
  const { file, identity } = await accountLedgerFile(deps, found.secret, !dry);
  out.identityRequests = identity.asked ? 1 : 0;
  const ledger = readLedger(file, sid);
  let writer: LedgerWriter | undefined;
  const write = (rec: LedgerRecord) => {
    if (dry) return;
    writer ??= LedgerWriter.open(deps.stateDir(), addedLogPath(file));
    writer.write(rec);
  };
  try {
    const sync = await syncSold(deps, api, ledger, sid, write);
    out.salesRequests = sync.requests;
    // One secret per account: this state folder's record under another one is refused. Sales
    // tagged by another install's secret (a CI job's, another HOME's) cannot be checked: said.
    refuseSecondSecret(ledger, sid);
    warnUnseenUploads(deps, ledger, sync.newlySold);
    if (sync.foreign > 0)
      warn(
        deps.io,
        `${sync.foreign} credentials this account sold were tagged by svc with another pool secret: \`stock add\` cannot tell whether this file holds them (use that secret here: the profile's poolSecret or ${POOL_SECRET_ENV})`,
      );
  } finally {
    writer?.close();
  }
  if (ledger.sold.size === 0 && ledger.added.size === 0 && ledger.plans.length === 0) return out;
  const idOf = entryIdMaker(found.secret);
  const known = knownUse(ledger, r.target);
  const hits = await knownLines(scan, r, (c) => known(idOf(c)));
  if (hits.length === 0) return out;
  if (r.allowResend) {
    out.resent = hits.length;
    noteResent(deps, r.input.displayName, hits);
    return out;
  }
  const problems = hits.map((h) => problemOf(r.input.displayName, h.line, h.known));
  out.refused = invalidInput(deps, formatProblems(problems, problems.length), problems.length, r.input.displayName);
  return out;
}

/**
 * Sales of credentials this secret tagged, and no upload in this state folder's record: another
 * machine or HOME uploaded them. What it uploaded and did not sell is held by listings svc cannot
 * read (the service shows counts, not refs): said, never guessed.
 */
function warnUnseenUploads(deps: Deps, ledger: LedgerState, newlySold: number): void {
  if (newlySold === 0 || ledger.plans.length > 0 || ledger.added.size > 0) return;
  warn(
    deps.io,
    `the account sold ${newlySold} credentials uploaded with this pool secret from another state folder (another machine or HOME): what that folder uploaded and did not sell cannot be checked here (copy the state folder when you move machines)`,
  );
}

function noteResent(deps: Deps, name: string, hits: { known: Known }[]): void {
  const sold = hits.filter((h) => 'order' in h.known).length;
  if (sold > 0) note(deps.io, `${sold} credentials of ${name} were sold already and are sent again (--allow-resend)`);
  if (hits.length > sold)
    note(
      deps.io,
      `${hits.length - sold} credentials of ${name} are held by another listing already and are sent here too (--allow-resend)`,
    );
}
