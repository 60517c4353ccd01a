// svc stock add ID --file F: restock automatic delivery. The credential pipeline
// (docs/ARCHITECTURE.md "One credential pipeline"): target (stock-target.ts), read, normalise,
// dedupe and limits in two passes over the file in constant memory (add-input.ts), then chunks
// of 2000 (spec 8) sent on the one job engine (add-job.ts, stock-send.ts), each re-read from
// its byte range and checked against the hash it had when validated.
import { t } from '../../i18n/index.js';
import { credentialFileOptions } from './credential-options.js';
import { z } from 'zod';
import { DEDUPE_MODES, LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { accountLedgerPath, lockPool } from '../../state/pool-ledger.js';
import { UsageError } from '../../api/errors.js';
import { detectFormat, type CredentialFormat } from '../../input/credentials.js';
import { openInput } from '../../input/source.js';
import { acquireTargetLock, fingerprintInput, listJobs, sameAccount } from '../../jobs/index.js';
import { holdYoungGeneration } from '../../jobs/memory.js';
import { note } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { requireV2 } from '../shared/job-helpers.js';
import { decideResume, runBulkJob } from '../shared/job-runner.js';
import type { PlanExtra } from '../shared/job-plan.js';
import { defineVerb, flag, option, reportOption, resumeOption, type OptsOf } from '../shared/verb.js';
import { refuseUnnamedFormat, scanAddInput, type AddInputOptions } from './add-input.js';
import { stockAddJob } from './add-job.js';
import { openAddLedger, type AddLedger } from './add-ledger.js';
import { guardResend, type ResendCheck } from './resend-guard.js';
import { accountIdentity, accountName } from '../../state/account-identity.js';
import { describeTarget, resolveStockTarget } from './stock-target.js';

const options = {
  variant: option(
    '--variant <index>',
    'variant index (required for multi-variant listings)',
    z.coerce.number().int().min(0).optional(),
  ),
  file: option(
    '--file <file>',
    'credentials file: lines, csv (credential, ref, cost|cost_cents) or jsonl; - for stdin',
    z.string({ message: '--file is required (a path, or - for stdin)' }),
    { mandatory: true },
  ),
  ...credentialFileOptions,
  dedupe: option(
    '--dedupe <mode>',
    'skip (default: repeats of a credential in the file are left out, and the service skips what it holds) or none',
    z.enum(DEDUPE_MODES).default('skip'),
  ),
  strictColumns: flag(
    '--strict-columns',
    'csv: refuse columns other than credential, ref, cost|cost_cents (default: ignored with a note)',
  ),
  keepWhitespace: flag(
    '--keep-whitespace',
    'send credentials as written: no trimming of leading/trailing spaces, zero-width characters allowed',
  ),
  resume: resumeOption(
    'finish an interrupted import (same file)',
    'start a new import even if an unfinished one exists for this file',
  ),
  allowResend: flag(
    '--allow-resend',
    'also send credentials this account sold already (svc refuses them by default, with their lines)',
  ),
  report: reportOption('write one row per credential: its line, status, code and message (never the credential)'),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  holdYoungGeneration(); // memory stays flat with the file's size (bench/stock-memory)
  const id = parseId(args[0], 'listing id');
  const format: CredentialFormat = o.format ?? (o.file === '-' ? 'lines' : detectFormat(o.file));
  if (o.separator !== undefined && format !== 'lines') throw new UsageError('--separator goes with the lines format');
  const io: AddInputOptions = { ...o, format, formatGiven: o.format !== undefined };
  await requireV2(deps, 'stock add');
  const api = await deps.api();
  // Stage "target": the listing or variant, before the file is read (A13, spec 8).
  const target = await resolveStockTarget(api, { id, variant: o.variant }, 'flag');
  const label = describeTarget(target);
  // one stock job per target at a time (a lock per listing or variant of this
  // account, not per file): two imports started together cannot upload the same credentials twice.
  // Named by the account (svc decision "one identity"), never by how the URL is spelled: the
  // import asks the identity anyway (its ledger is the account's), so this costs no request.
  const account = deps.globals.dryRun ? undefined : accountName(await accountIdentity(deps));
  const targetLock = account ? acquireTargetLock(deps.stateDir(), `stock ${account} ${label}`, label) : undefined;
  let input: Awaited<ReturnType<typeof openInput>> | undefined;
  let ledger: AddLedger | undefined;
  let recordLock: { release(): void } | undefined;
  try {
    input = await openInput(o.file, { signal: deps.signal }); // stage "read"
    refuseUnnamedFormat(io, input.path);
    // Resume or not is known before validating: it decides what the 10000 check counts.
    const resumeJobId = deps.globals.dryRun ? undefined : await stockResume(deps, { label, account }, input, o.resume);
    const scan = await scanAddInput(deps, io, input, target, resumeJobId !== undefined);
    if (typeof scan === 'number') return scan;
    // The account's record is checked and extended under its lock, as refills do: a refill started
    // meanwhile waits, then sees what this import sent (never one credential in two listings).
    recordLock = account ? await lockAccountRecord(deps, account) : undefined;
    // svc decision "one identity": a credential the account sold is refused before anything is
    // sent. A resumed import is the job engine's to judge (chunks it sent itself; past 24 h
    // add-expiry.ts asks the sales).
    const resend =
      resumeJobId !== undefined
        ? undefined
        : await guardResend(deps, api, scan, { ...io, input, allowResend: o.allowResend === true, target });
    if (resend?.refused !== undefined) return resend.refused;
    ledger = deps.globals.dryRun ? undefined : await openAddLedger(deps, target);
    const job = stockAddJob({
      deps,
      api,
      o: { ...io, report: o.report },
      target,
      input,
      scan,
      resumeJobId,
      ledger,
      account,
    });
    const code = await runBulkJob(deps, resend ? { ...job, planExtra: checkSpent(resend) } : job);
    if (scan.count + target.held > LIMITS.stockPerVariantMax && code === 0)
      note(deps.io, `the ${label} is at or close to its limit of ${LIMITS.stockPerVariantMax} credentials`);
    return code;
  } finally {
    await input?.cleanup();
    ledger?.close();
    recordLock?.release();
    targetLock?.release();
  }
}

function lockAccountRecord(deps: Deps, account: string) {
  return lockPool(accountLedgerPath(deps.stateDir(), account), 'of this account', {
    waitMs: STOCK_LEVELS.poolLockWaitMs,
    pollMs: STOCK_LEVELS.poolLockPollMs,
    signal: deps.signal,
    onWait: (pid) => note(deps.io, `waiting for the stock job running in process ${pid}`),
  });
}

/** What a dry run's plan says of the check before it (rule 3: the plan equals the wire). */
function checkSpent(c: ResendCheck): PlanExtra {
  return {
    fields: { identityRequests: c.identityRequests, salesRequests: c.salesRequests, resent: c.resent },
    lines: [
      ...(c.identityRequests ? [t('which account this key is: 1 request (GET /me, once per key)')] : []),
      ...(c.salesRequests
        ? [
            t(`sales read to find credentials already sold: {n} request${c.salesRequests === 1 ? '' : 's'}`, {
              n: c.salesRequests,
            }),
          ]
        : []),
      ...(c.resent
        ? [t('sent again (--allow-resend): {n} credentials sold or held by another listing', { n: c.resent })]
        : []),
    ],
  };
}

/**
 * The job this import continues, if any. Fingerprinting the file (a full read) is needed only
 * to match an unfinished import of the same target: most runs have none and skip that read.
 */
async function stockResume(
  deps: Deps,
  target: { label: string; account?: string },
  input: { path: string; displayName: string },
  resume: string | boolean | undefined,
): Promise<string | undefined> {
  if (typeof resume === 'string') return resume; // the engine checks the file against the journal
  if (resume === false) return undefined;
  const unfinished = listJobs(deps.stateDir(), { kind: 'stock' }).some(
    (j) => j.target === target.label && j.state !== 'done' && sameAccount(j.account, target.account),
  );
  if (!unfinished) return undefined;
  return decideResume(deps, {
    kind: 'stock',
    target: target.label,
    ...(target.account !== undefined ? { account: target.account } : {}),
    input: await fingerprintInput(input.path, input.displayName),
  });
}

export const addVerb = defineVerb({
  name: 'add',
  description: 'add automatic-delivery credentials (with optional ref and cost) from a file, 2000 per request',
  args: [['<id>', 'listing id']],
  options,
  examples: [
    'svc stock add 42 --file creds.txt',
    'svc stock add 42 --variant 1 --file creds.csv            # columns credential, ref, cost',
    'svc stock add 42 --file accounts.txt --separator ---     # multi-line credentials',
    'cat keys.txt | svc stock add 42 --file - --format lines',
    'svc stock add 42 --variant 1 --file creds.txt --resume st-20261121-a1b2c3',
    'svc stock add 42 --file creds.csv --report stock-report.csv',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [addVerb];
