// svc stock refill ID[:VARIANT] --pool FILE --target N (issue 17, cli-spec 8 "Stock"): tops a
// listing or variant up to N credentials from a pool file (the formats of `stock add`, with ref
// and cost), taking pool entries in file order and never one that this pool already sent to any
// listing. The pool's ledger (src/state/pool-ledger.ts) records each refill's selection BEFORE
// its job starts, then each chunk's answer; the job itself runs on the one job engine (journal,
// idempotency keys made before the first attempt, 2000 per request: spec 8). A rerun after a
// kill -9 first finishes the unfinished job with its journaled keys, then tops up what is left.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { ApiError, NotFoundError, SvcError, UsageError } from '../../api/errors.js';
import type { ServiceApi } from '../../api/resources/index.js';
import type { Listing, StockAddResult } from '../../api/responses.js';
import { detectFormat, type CredentialFormat } from '../../input/credentials.js';
import { readPoolItems, scanPool, type PoolEntry, type PoolReadOptions } from '../../input/credential-pool.js';
import { formatProblems } from '../../input/problems.js';
import { readError } from '../../input/source.js';
import { classifyChunkError, jobSpec, listJobs, type ChunkPlan, type ItemRef } from '../../jobs/index.js';
import { note, warn } from '../../output/reporter.js';
import {
  LedgerWriter,
  chunkSha,
  entryUses,
  fingerprinter,
  ledgerPath,
  lockPool,
  planSha,
  poolSecret,
  readLedger,
  type LedgerPlan,
} from '../../state/pool-ledger.js';
import { printRecords } from '../../ui/print.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import type { Deps } from '../shared/context.js';
import { invalidInput, jobCommand, requireV2 } from '../shared/job-helpers.js';
import { runBulkJob, type ChunkSend } from '../shared/job-runner.js';

const EXAMPLES = [
  'svc stock refill 101 --pool accounts.csv --target 50',
  'svc stock refill 109:1 --pool keys.txt --target 200 --dry-run',
  'for l in 101 109:0 109:1; do svc stock refill $l --pool batch.csv --target 100 || exit; done',
];

const options = {
  pool: option(
    '--pool <file>',
    'pool file: lines, csv (credential, ref, cost|cost_cents) or jsonl, as for `stock add`',
    z.string({ message: '--pool is required (the pool file)' }),
    { mandatory: true },
  ),
  target: option(
    '--target <n>',
    `credentials the listing or variant should hold (at most ${STOCK_LEVELS.targetMax})`,
    z.coerce
      .number({ message: '--target must be a whole number' })
      .int('--target must be a whole number')
      .min(0, '--target must be 0 or more'),
    { mandatory: true },
  ),
  format: option(
    '--format <format>',
    'lines|csv|jsonl (default: from the file extension)',
    z.enum(['lines', 'csv', 'jsonl']).optional(),
  ),
  separator: option(
    '--separator <text>',
    'lines format: a line that separates multi-line credentials, e.g. ---',
    z.string().min(1).optional(),
  ),
  retryRefused: flag('--retry-refused', 'also take entries the service refused before (after fixing what it said)'),
  resume: option('--resume <job>', 'finish an interrupted refill (a plain rerun does it too)', z.string().optional()),
};
type Opts = OptsOf<typeof options>;

interface Target {
  id: number;
  variant?: number;
  arg: string;
}

function parseTarget(arg: string | undefined): Target {
  const m = /^(\d+)(?::(\d+))?$/.exec(arg ?? '');
  if (!m || Number(m[1]) <= 0 || !Number.isSafeInteger(Number(m[1]))) {
    throw new UsageError(`"${arg ?? ''}" is not a listing: use ID or ID:VARIANT, e.g. 109:1`);
  }
  return { id: Number(m[1]), ...(m[2] !== undefined ? { variant: Number(m[2]) } : {}), arg: arg! };
}

const describe = (t: Target): string => `listing ${t.id}${t.variant !== undefined ? ` variant ${t.variant}` : ''}`;

/** The listing's credentials held for the target (A4), after the checks of `stock add` (A13). */
async function held(_deps: Deps, api: ServiceApi, t: Target): Promise<{ held: number; multiple: boolean }> {
  let listing: Listing;
  try {
    listing = (await api.products.get(t.id, 'v2')).data;
  } catch (err) {
    // issue 17: an unknown listing is bad input (exit 2), found before anything is sent.
    if (err instanceof NotFoundError)
      throw new UsageError(
        `no listing ${t.id} among your listings`,
        'see them with `svc stock status` or `svc products list`',
      );
    throw err;
  }
  const multiple = listing.listingType === 'multiple';
  if (multiple && t.variant === undefined)
    throw new UsageError(
      `listing ${t.id} has variants: say which, e.g. ${t.id}:0`,
      `see them with \`svc products variants ${t.id}\``,
    );
  if (!multiple && t.variant !== undefined && t.variant !== 0)
    throw new UsageError(`listing ${t.id} has no variants: use ${t.id} alone`);
  if (!multiple) return { held: listing.autoDeliveryStock ?? 0, multiple };
  const v = listing.variants?.find((x) => x.index === t.variant);
  if (!v)
    throw new UsageError(
      `listing ${t.id} has no variant ${t.variant}`,
      `see them with \`svc products variants ${t.id}\``,
    );
  return { held: v.autoDeliveryStock ?? 0, multiple };
}

interface Pool {
  /** As the user wrote it (messages). */
  name: string;
  realPath: string;
  read: PoolReadOptions;
  entries: PoolEntry[];
  repeats: number;
  ledgerFile: string;
}

async function run(deps: Deps, o: Opts, args: string[]): Promise<number> {
  const t = parseTarget(args[0]);
  if (o.target > STOCK_LEVELS.targetMax) {
    throw new UsageError(
      `--target ${o.target} is above ${STOCK_LEVELS.targetMax}, the most a listing or variant may hold (spec 8)`,
    );
  }
  if (o.pool === '-')
    throw new UsageError('--pool must be a file, not stdin: its ledger of what was sent is kept by its path');
  const format: CredentialFormat = o.format ?? detectFormat(o.pool);
  if (o.separator !== undefined && format !== 'lines') throw new UsageError('--separator goes with the lines format');
  await requireV2(deps, 'stock refill');
  const dry = deps.globals.dryRun === true;
  const stateDir = deps.stateDir();

  // The pool, validated whole before anything is sent (cli-spec 3): FILE:LINE, exit 2.
  let realPath: string;
  try {
    realPath = fs.realpathSync(o.pool);
    if (!fs.statSync(realPath).isFile()) throw new UsageError(`cannot read ${o.pool}: not a regular file`);
  } catch (err) {
    throw readError(err, o.pool);
  }
  // A dry run writes nothing, not even the secret: without one there is no ledger yet either.
  const secret = poolSecret(stateDir, !dry) ?? randomBytes(32);
  const read: PoolReadOptions = {
    format,
    ...(o.separator ? { separator: o.separator } : {}),
    displayName: o.pool,
    fingerprint: fingerprinter(secret),
  };
  const scan = await scanPool(realPath, read);
  if (scan.problemCount > 0)
    return invalidInput(deps, formatProblems(scan.problems, scan.problemCount), scan.problemCount, o.pool);
  const pool: Pool = {
    name: o.pool,
    realPath,
    read,
    entries: scan.entries,
    repeats: scan.repeats,
    ledgerFile: ledgerPath(stateDir, secret, realPath),
  };

  const api = await deps.api();
  let before = await held(deps, api, t); // unknown listing or variant: exit 2, nothing sent

  const lock = dry
    ? { release: () => {}, waited: false }
    : await lockPool(pool.ledgerFile, o.pool, {
        waitMs: STOCK_LEVELS.poolLockWaitMs,
        pollMs: STOCK_LEVELS.poolLockPollMs,
        signal: deps.signal,
        onWait: (pid) => note(deps.io, `waiting for the refill from pool ${o.pool} running in process ${pid}`),
      });
  const release = lock.release;
  if (lock.waited) before = await held(deps, api, t); // the other refill may have filled it
  let writer: LedgerWriter | undefined;
  const ledger = (): LedgerWriter => (writer ??= LedgerWriter.open(stateDir, pool.ledgerFile, realPath));
  try {
    // 1. Refills of this pool that a kill or an error left open.
    const open = readLedger(pool.ledgerFile).plans.filter((p) => !p.end);
    const jobs = open.length > 0 ? listJobs(stateDir, { kind: 'stock' }) : [];
    const resumable: { plan: LedgerPlan; job: string }[] = [];
    for (const p of open) {
      const job = jobs.find((j) => j.input.sha256 === p.plan.sha256);
      const same = p.plan.listing === t.id && (p.plan.variant ?? undefined) === t.variant;
      if (!job) {
        // The plan was recorded but its job never started: nothing of it was sent.
        if (!dry) ledger().write({ t: 'end', plan: p.plan.plan, state: 'abandoned', at: now() });
      } else if (job.state === 'done') {
        if (!dry) ledger().write({ t: 'end', plan: p.plan.plan, state: 'done', job: job.id, at: now() });
      } else if (same) {
        resumable.push({ plan: p, job: job.id });
      } else {
        const count = p.plan.chunks.reduce((n, c) => n + c.length, 0);
        note(
          deps.io,
          `refill job ${job.id} to listing ${p.plan.listing}${p.plan.variant !== null ? `:${p.plan.variant}` : ''} is unfinished; its ${count} entries stay set aside until \`svc stock refill ${p.plan.listing}${p.plan.variant !== null ? `:${p.plan.variant}` : ''} --pool ${o.pool} --target N\` finishes it`,
        );
      }
    }
    if (o.resume !== undefined && !resumable.some((r) => r.job === o.resume)) {
      throw new UsageError(
        `job ${o.resume} is not an unfinished refill of ${describe(t)} from ${o.pool}`,
        'see `svc stock pool FILE`; a plain rerun finishes what is unfinished',
      );
    }
    if (dry) return printDryRun(deps, t, o, pool, before.held, resumable);
    for (const r of resumable) {
      note(deps.io, `finishing interrupted refill job ${r.job}`);
      const code = await runPlan(deps, api, t, o, pool, before.multiple, r.plan, ledger(), r.job);
      if (code !== 0) return code;
    }

    // 2. A new refill: what is missing, from the entries this pool never sent.
    const uses = entryUses(readLedger(pool.ledgerFile));
    const free = pool.entries.filter((e) => {
      const u = uses.get(e.hash);
      return !u || (u.status === 'refused' && o.retryRefused === true);
    });
    const setAside = pool.entries.filter((e) => uses.get(e.hash)?.status === 'refused').length;
    const now0 = resumable.length > 0 ? (await held(deps, api, t)).held : before.held;
    const needed = Math.max(0, o.target - now0);
    const take = free.slice(0, needed);
    const left = free.length - take.length;
    if (setAside > 0 && !o.retryRefused)
      note(
        deps.io,
        `${setAside} pool entries the service refused before are set aside (see \`svc stock pool ${o.pool}\`; --retry-refused takes them again)`,
      );
    if (take.length === 0) {
      const record = {
        listing: t.id,
        ...(t.variant !== undefined ? { variant: t.variant } : {}),
        target: o.target,
        held: now0,
        sent: 0,
        poolLeft: left,
      };
      // After finishing an interrupted refill, its record is the result: one record for scripts.
      if (resumable.length === 0)
        await printRecords<Record<string, unknown>>(deps.io, record, {
          format: deps.format(),
          single: true,
          columns: Object.keys(record).map((k) => ({ header: k, value: k })),
        });
      if (needed === 0)
        note(deps.io, `${describe(t)}: ${now0} held, at or above the target of ${o.target}; nothing to send`);
      poolWarnings(deps, o, pool.name, needed, 0, left);
      return 0;
    }
    const planId = randomBytes(6).toString('hex');
    const chunks: string[][] = [];
    for (let at = 0; at < take.length; at += LIMITS.stockItemsPerRequest)
      chunks.push(take.slice(at, at + LIMITS.stockItemsPerRequest).map((e) => e.hash));
    const plan: LedgerPlan = {
      plan: {
        t: 'plan',
        plan: planId,
        listing: t.id,
        variant: t.variant ?? null,
        target: o.target,
        held: now0,
        sha256: planSha(planId, chunks),
        chunks,
        at: now(),
      },
      outcomes: new Map(),
    };
    ledger().write(plan.plan); // before the job starts: from here on these entries are taken
    const code = await runPlan(deps, api, t, o, pool, before.multiple, plan, ledger(), null, left);
    if (code === 0 || code === 3) poolWarnings(deps, o, pool.name, needed, take.length, left);
    return code;
  } finally {
    writer?.close();
    release();
  }
}

/** Runs (or resumes) one refill plan on the job engine; the ledger gets each chunk's answer. */
async function runPlan(
  deps: Deps,
  api: ServiceApi,
  t: Target,
  o: Opts,
  pool: Pool,
  multiple: boolean,
  plan: LedgerPlan,
  ledger: LedgerWriter,
  resumeJob: string | null,
  poolLeft?: number,
): Promise<number> {
  const p = plan.plan;
  const lineOf = new Map(pool.entries.map((e) => [e.hash, e.line]));
  const chunks: ChunkPlan<ItemRef>[] = p.chunks.map((hashes, index) => ({
    index,
    route: 'addStock',
    // The journal locates a chunk by its entries' keyed hashes, not by lines: lines move when the pool is edited.
    descriptor: { entries: hashes.length, sha256: chunkSha(hashes) },
    items: hashes.map((h) => ({
      line: lineOf.get(h) ?? 0,
      id: t.id,
      ...(t.variant !== undefined ? { variant: t.variant } : {}),
    })),
  }));
  const total = p.chunks.reduce((n, c) => n + c.length, 0);
  const spec = jobSpec({
    kind: 'stock',
    target: `${describe(t)} from pool ${path.basename(pool.realPath)}`,
    command: jobCommand(
      deps,
      ['stock', 'refill', t.arg],
      [
        '--pool',
        o.pool,
        '--target',
        String(o.target),
        ...(o.format ? ['--format', o.format] : []),
        ...(o.separator ? ['--separator', o.separator] : []),
      ],
    ),
    input: { path: pool.realPath, displayName: pool.name, sha256: p.sha256, size: total },
    chunks,
  });
  // The job's id, for the ledger's records: its journal (input sha256 = the plan's) exists
  // before the first chunk is sent. Looked up once per plan.
  let jobId = resumeJob ?? undefined;
  const job = (): string | undefined =>
    (jobId ??= listJobs(deps.stateDir(), { kind: 'stock' }).find((j) => j.input.sha256 === p.sha256)?.id);
  const send: ChunkSend = async (chunk, sendBound) => {
    const hashes = p.chunks[chunk.index]!;
    const items = await readPoolItems(pool.realPath, pool.read, hashes);
    if (items.length !== hashes.length) {
      throw new SvcError(
        `${pool.name} no longer holds ${hashes.length - items.length} of the entries this refill set aside (chunk ${chunk.index + 1})`,
        'put them back in the pool file and run the refill again to finish it',
      );
    }
    const body = { ...(multiple ? { variantIndex: t.variant } : {}), items, dedupeMode: 'skip' as const };
    let data: StockAddResult;
    try {
      data = (await sendBound(api.stock.add(t.id, body))).data;
    } catch (err) {
      if (err instanceof ApiError && classifyChunkError(err) === 'refused') {
        ledger.write({
          t: 'refused',
          plan: p.plan,
          chunk: chunk.index,
          ...(job() ? { job: job() } : {}),
          ...(err.status !== undefined ? { status: err.status } : {}),
          ...(err.code ? { code: err.code } : {}),
          message: err.message.slice(0, 300),
          at: now(),
        });
      }
      throw err;
    }
    ledger.write({
      t: 'sent',
      plan: p.plan,
      chunk: chunk.index,
      ...(job() ? { job: job() } : {}),
      added: data.added ?? 0,
      duplicates: data.duplicates ?? 0,
      ...(typeof data.total === 'number' ? { total: data.total } : {}),
      at: now(),
    });
    return {
      items: chunk.items.map((ref) => ({ ...ref, status: 'ok' as const })),
      summary: { added: data.added ?? 0, duplicates: data.duplicates ?? 0 },
    };
  };
  let inStock: number | undefined;
  return runBulkJob(deps, {
    spec,
    send,
    decidedResume: resumeJob,
    printItems: false,
    summary: (r) =>
      `${describe(t)}: ${total} sent from pool ${pool.name} (${r.summary.added ?? 0} added, ${r.summary.duplicates ?? 0} already held), ${inStock ?? '?'} now in stock (${r.requests} request${r.requests === 1 ? '' : 's'})${poolLeft !== undefined ? `; pool: ${poolLeft} left` : ''}`,
    finish: async (r) => {
      ledger.write({ t: 'end', plan: p.plan, state: 'done', job: r.jobId, at: now() });
      inStock = (await held(deps, api, t)).held;
      return {
        jobId: r.jobId,
        listing: t.id,
        ...(t.variant !== undefined ? { variant: t.variant } : {}),
        target: o.target,
        sent: total,
        added: r.summary.added ?? 0,
        duplicates: r.summary.duplicates ?? 0,
        refused: r.counts.failed,
        inStock,
        ...(poolLeft !== undefined ? { poolLeft } : {}),
        requests: r.requests,
      };
    },
  });
}

/** issue 17: "the summary says when the pool is running low". */
function poolWarnings(deps: Deps, o: Opts, name: string, needed: number, sent: number, left: number): void {
  if (sent < needed)
    warn(
      deps.io,
      `pool ${name} ran out: ${sent} sent of the ${needed} needed to reach ${o.target}; add entries to the pool`,
    );
  else if (left < o.target * STOCK_LEVELS.poolLowFraction)
    warn(deps.io, `pool ${name} is running low: ${left} entries left`);
}

async function printDryRun(
  deps: Deps,
  t: Target,
  o: Opts,
  pool: Pool,
  heldNow: number,
  resumable: { plan: LedgerPlan; job: string }[],
): Promise<number> {
  const uses = entryUses(readLedger(pool.ledgerFile));
  const unfinished = resumable.reduce((n, r) => n + r.plan.plan.chunks.reduce((m, c) => m + c.length, 0), 0);
  const free = pool.entries.filter((e) => {
    const u = uses.get(e.hash);
    return !u || (u.status === 'refused' && o.retryRefused === true);
  });
  const refused = pool.entries.filter((e) => uses.get(e.hash)?.status === 'refused').length;
  // An unfinished refill of this target would be finished first; its entries count as held then.
  const needed = Math.max(0, o.target - heldNow - unfinished);
  const wouldSend = Math.min(needed, free.length);
  const plan = {
    dryRun: true,
    listing: t.id,
    ...(t.variant !== undefined ? { variant: t.variant } : {}),
    target: o.target,
    held: heldNow,
    needed,
    wouldSend,
    requests: Math.ceil(wouldSend / LIMITS.stockItemsPerRequest),
    unfinishedJobs: resumable.map((r) => r.job),
    pool: pool.name,
    poolEntries: pool.entries.length,
    poolUsed: pool.entries.length - free.length - refused,
    poolRefused: refused,
    poolLeftAfter: free.length - wouldSend,
  };
  const format = deps.format();
  if (format !== 'table') {
    await printRecords<Record<string, unknown>>(deps.io, plan, {
      format,
      single: true,
      columns: Object.keys(plan).map((k) => ({ header: k, value: k })),
    });
  } else {
    deps.io.stdout.write(
      `${[
        'dry run: nothing sent',
        `${describe(t)}: ${heldNow} held, target ${o.target}: ${needed} needed`,
        ...(resumable.length
          ? [
              `would first finish unfinished refill job${resumable.length > 1 ? 's' : ''} ${plan.unfinishedJobs.join(', ')} (${unfinished} entries)`,
            ]
          : []),
        `would send: ${wouldSend} entries from pool ${pool.name} in ${plan.requests} request${plan.requests === 1 ? '' : 's'}`,
        `pool ${pool.name}: ${pool.entries.length} entries, ${plan.poolUsed} sent before, ${refused} refused, ${plan.poolLeftAfter} left after this refill`,
      ].join('\n')}\n`,
    );
  }
  if (wouldSend < needed) warn(deps.io, `pool ${pool.name} would run out: ${wouldSend} of the ${needed} needed`);
  return 0;
}

function now(): string {
  return new Date().toISOString();
}

export const refillVerb = defineVerb({
  name: 'refill',
  description: 'top a listing (or variant) up to N credentials from a pool file, never sending a pool entry twice',
  args: [['<id[:variant]>', 'listing id, or listing:variant for a multi-variant listing']],
  options,
  examples: EXAMPLES,
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [refillVerb];
