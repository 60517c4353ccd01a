// svc stock refill ID[:VARIANT] --pool FILE --target N (cli-spec 8 "Stock"):
// tops a listing or variant up to N credentials from a pool file (the formats of `stock add`,
// with ref and cost), taking entries in file order and never one this account was sent by svc
// from any pool, whatever the pool file's path or name (identity by content). The
// account's ledger (src/state/pool-ledger.ts) records each refill's selection BEFORE its job
// starts, then each chunk's answer, and is checked against the account's orders on every run
// (src/cli/stock/pool-sync.ts): a lost ledger is detected, not trusted. The job runs on the one
// job engine (journal, keys made before the first attempt, 2000 per request: spec 8). A rerun
// after a kill -9 first finishes the unfinished job, then tops up what is left.
import { credentialFileOptions } from './credential-options.js';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import { nowIso } from '../../api/clock.js';
import { errorValue, EXIT, UsageError, type ErrorValue } from '../../api/errors.js';
import type { ServiceApi } from '../../api/resources/index.js';
import { formatProblems } from '../../input/problems.js';
import { listJobs } from '../../jobs/index.js';
import { note, warn } from '../../output/reporter.js';
import {
  LedgerWriter,
  lockPool,
  planSha,
  readLedger,
  type LedgerPlan,
  type LedgerRecord,
  type LedgerState,
} from '../../state/pool-ledger.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { invalidInput, requireV2 } from '../shared/job-helpers.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { checkLedgerTrust, syncSold } from './pool-sync.js';
import { printDryRun } from './refill-dry.js';
import { runPlan, type RefillRun } from './refill-job.js';
import { openPool, type Pool } from './refill-pool.js';
import { selector } from './refill-select.js';
import {
  describeTarget,
  heldNow,
  parseTarget,
  resolveStockTarget,
  type StockTarget,
  type TargetArg as Target,
} from './stock-target.js';
import { refillWithStatus } from './refill-status.js';
import type { FigureSink, RefillFigures } from './refill-figures.js';

const EXAMPLES = [
  'svc stock refill 101 --pool accounts.csv --target 50',
  'svc stock refill 109:1 --pool keys.txt --target 200 --dry-run',
  'for l in 101 109:0 109:1; do svc stock refill $l --pool batch.csv --target 100 || exit; done',
  'svc stock refill 101 --pool batch.csv --target 50 --activate --deactivate-when-empty',
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
  ...credentialFileOptions,
  retryRefused: flag('--retry-refused', 'also take entries the service refused before (after fixing what it said)'),
  acceptRebuiltLedger: flag(
    '--accept-rebuilt-ledger',
    'the ledger was lost and rebuilt from the orders: go on although other listings hold credentials (none from this pool)',
  ),
  resume: option('--resume <job>', 'finish an interrupted refill (a plain rerun does it too)', z.string().optional()),
  // the shop's on/off rule for one listing (src/cli/stock/refill-status.ts).
  activate: flag('--activate', 'reactivate the listing once it has stock (bulk-status; refusals with their codes)'),
  deactivateWhenEmpty: flag('--deactivate-when-empty', 'deactivate the listing when it and the pool are both empty'),
};
type Opts = OptsOf<typeof options>;

async function run(deps: Deps, o: Opts, args: string[], sink?: FigureSink, known?: StockTarget): Promise<number> {
  const t = parseTarget(args[0]);
  if (o.target > STOCK_LEVELS.targetMax) {
    throw new UsageError(
      `--target ${o.target} is above ${STOCK_LEVELS.targetMax}, the most a listing or variant may hold (spec 8)`,
    );
  }
  await requireV2(deps, 'stock refill');
  const dry = deps.globals.dryRun === true;
  // The pool, validated whole before anything is sent (cli-spec 3): FILE:LINE, exit 2.
  const pool = await openPool(deps, { file: o.pool, format: o.format, separator: o.separator }, !dry);
  if (pool.scan.problemCount > 0)
    return invalidInput(
      deps,
      formatProblems(pool.scan.problems, pool.scan.problemCount),
      pool.scan.problemCount,
      o.pool,
    );
  const api = await deps.api();
  // unknown listing or variant: exit 2, nothing sent (a caller that has just read it says what it holds)
  let before = known ?? (await resolveStockTarget(api, t, 'colon'));
  // One refill per account at a time: the ledger is the account's, whatever the pool file.
  const lock = dry
    ? { release: () => {}, waited: false }
    : await lockPool(pool.ledgerFile, o.pool, {
        waitMs: STOCK_LEVELS.poolLockWaitMs,
        pollMs: STOCK_LEVELS.poolLockPollMs,
        signal: deps.signal,
        onWait: (pid) => note(deps.io, `waiting for the refill running in process ${pid}`),
      });
  if (lock.waited) before = await resolveStockTarget(api, t, 'colon'); // the other refill may have filled it
  const session = new Refill(deps, api, t, o, pool, dry, sink);
  try {
    return await session.run(before);
  } finally {
    session.close();
    lock.release();
  }
}

/** One refill: the ledger checked against the orders, unfinished plans finished, then the top-up. */
class Refill {
  private writer: LedgerWriter | undefined;
  private readonly ledger: LedgerState;

  constructor(
    private readonly deps: Deps,
    private readonly api: ServiceApi,
    private readonly t: Target,
    private readonly o: Opts,
    private readonly pool: Pool,
    private readonly dry: boolean,
    private readonly sink?: FigureSink,
  ) {
    this.ledger = readLedger(pool.ledgerFile, pool.sid);
  }

  close(): void {
    this.writer?.close();
  }

  /** Ledger records; a dry run writes none (it still reads what it needs in memory). */
  private record = (r: LedgerRecord): void => {
    if (this.dry) return;
    this.writer ??= LedgerWriter.open(this.deps.stateDir(), this.pool.ledgerFile);
    this.writer.write(r);
  };

  async run(before: StockTarget): Promise<number> {
    const sync = await syncSold(this.deps, this.api, this.ledger, this.pool.sid, this.record);
    if (!sync.ledgerHadUploads && this.ledger.sold.size > 0)
      note(
        this.deps.io,
        `the ledger of this account had no uploads; ${this.ledger.sold.size} entries svc uploaded were found sold in ${sync.orders} sales and are recorded (rebuilt from the orders)`,
      );
    await checkLedgerTrust(this.api, sync, this.ledger, this.t, this.o.acceptRebuiltLedger === true, this.pool.sid);
    const resumable = this.openPlans();
    if (this.o.resume !== undefined && !resumable.some((r) => r.job === this.o.resume)) {
      throw new UsageError(
        `job ${this.o.resume} is not an unfinished refill of ${describeTarget(this.t)}`,
        'see `svc stock pool FILE`; a plain rerun finishes what is unfinished',
      );
    }
    const select = selector(this.pool.entries, this.ledger, this.o.retryRefused === true);
    if (this.dry)
      return printDryRun(this.deps, this.t, this.o.target, this.pool, before.held, resumable, select, this.sink);
    const r = this.runContext(before);
    for (const u of resumable) {
      note(this.deps.io, `finishing interrupted refill job ${u.job}`);
      const code = await runPlan(r, u.plan, u.job);
      if (code !== 0) return code;
    }
    const now = resumable.length > 0 ? await heldNow(this.api, this.t) : before.held;
    return this.topUp(r, now, resumable.length > 0);
  }

  private runContext(target: StockTarget): RefillRun {
    this.writer ??= LedgerWriter.open(this.deps.stateDir(), this.pool.ledgerFile);
    const { deps, api, t, o, pool, ledger, writer } = this;
    return { deps, api, t, target, opts: o, pool, ledger, writer, sink: this.sink };
  }

  /** Refills of this account that a kill or an error left open: this target's are finished first. */
  private openPlans(): { plan: LedgerPlan; job: string }[] {
    const open = this.ledger.plans.filter((p) => !p.end);
    const jobs = open.length > 0 ? listJobs(this.deps.stateDir(), { kind: 'stock' }) : [];
    const resumable: { plan: LedgerPlan; job: string }[] = [];
    for (const p of open) {
      const job = jobs.find((j) => j.input.sha256 === p.plan.sha256);
      const same = p.plan.listing === this.t.id && (p.plan.variant ?? undefined) === this.t.variant;
      const where = `${p.plan.listing}${p.plan.variant !== null ? `:${p.plan.variant}` : ''}`;
      if (!job) {
        // The plan was recorded but its job never started: nothing of it was sent.
        this.record({ t: 'end', plan: p.plan.plan, state: 'abandoned', at: nowIso() });
        p.end = { t: 'end', plan: p.plan.plan, state: 'abandoned', at: nowIso() };
      } else if (job.state === 'done') {
        this.record({ t: 'end', plan: p.plan.plan, state: 'done', job: job.id, at: nowIso() });
      } else if (same) {
        resumable.push({ plan: p, job: job.id });
      } else {
        const count = p.plan.chunks.reduce((n, c) => n + c.length, 0);
        note(
          this.deps.io,
          `refill job ${job.id} to listing ${where} is unfinished; its ${count} entries stay set aside until \`svc stock refill ${where} --pool FILE --target N\` finishes it`,
        );
      }
    }
    return resumable;
  }

  /** A new refill: what is missing, from the entries never sent. */
  private async topUp(r: RefillRun, heldNow: number, afterResume: boolean): Promise<number> {
    const { o, pool } = this;
    const needed = Math.max(0, o.target - heldNow);
    const s = selector(pool.entries, this.ledger, o.retryRefused === true)(needed);
    const left = s.free - s.take.length;
    if (s.refused > 0 && !o.retryRefused)
      note(
        this.deps.io,
        `${s.refused} pool entries the service refused before are set aside (see \`svc stock pool ${o.pool}\`; --retry-refused takes them again)`,
      );
    if (s.take.length === 0) return this.nothingToSend(heldNow, needed, left, afterResume);
    const planId = randomBytes(6).toString('hex');
    const chunks: string[][] = [];
    for (let at = 0; at < s.take.length; at += LIMITS.stockItemsPerRequest)
      chunks.push(s.take.slice(at, at + LIMITS.stockItemsPerRequest).map((e) => e.hash));
    const plan: LedgerPlan = {
      plan: {
        t: 'plan',
        plan: planId,
        listing: this.t.id,
        variant: this.t.variant ?? null,
        target: o.target,
        held: heldNow,
        sha256: planSha(planId, chunks),
        chunks,
        ...costsOf(s.take),
        at: nowIso(),
      },
      outcomes: new Map(),
    };
    this.record(plan.plan); // before the job starts: from here on these entries are taken
    this.ledger.plans.push(plan);
    const code = await runPlan(r, plan, null, left);
    if (code === 0 || code === 3) poolWarnings(this.deps, o, pool.name, needed, s.take.length, left);
    return code;
  }

  private async nothingToSend(heldNow: number, needed: number, left: number, afterResume: boolean): Promise<number> {
    const { o, t } = this;
    const record = {
      listing: t.id,
      ...(t.variant !== undefined ? { variant: t.variant } : {}),
      target: o.target,
      held: heldNow,
      sent: 0,
      poolLeft: left,
    };
    this.sink?.({ held: heldNow, sent: 0, inStock: heldNow, poolLeft: left });
    // After finishing an interrupted refill, its record is the result: one record for scripts.
    if (!afterResume)
      await printRecords<Record<string, unknown>>(this.deps.io, record, {
        format: this.deps.format(),
        single: true,
        columns: Object.keys(record).map((k) => ({ header: k, value: k })),
      });
    if (needed === 0)
      note(
        this.deps.io,
        `${describeTarget(t)}: ${heldNow} held, at or above the target of ${o.target}; nothing to send`,
      );
    poolWarnings(this.deps, o, this.pool.name, needed, 0, left);
    return 0;
  }
}

/** "the summary says when the pool is running low". */
function poolWarnings(deps: Deps, o: Opts, name: string, needed: number, sent: number, left: number): void {
  if (sent < needed)
    warn(
      deps.io,
      `pool ${name} ran out: ${sent} sent of the ${needed} needed to reach ${o.target}; add entries to the pool`,
    );
  else if (left < o.target * STOCK_LEVELS.poolLowFraction)
    warn(deps.io, `pool ${name} is running low: ${left} entries left`);
}

/** A rule of the shop as the refill takes it: the listing or variant, its pool and its target. */
export interface RefillAsk {
  listing: number;
  variant?: number;
  pool: string;
  target: number;
  format?: 'lines' | 'csv' | 'jsonl';
  separator?: string;
}

/** The function's answer: the figures, or the failure as a value (its code, message and exit). */
export type RefillResult =
  | ({ ok: true; exit: 0 | 3 } & RefillFigures)
  | ({ ok: false; error: ErrorValue } & Partial<RefillFigures>);

/**
 * "Refill listing L (variant V) from pool P to target T" as a function (for `shop run` and `shop
 * sync`): the same exact, journaled, ledgered run as `svc stock refill L[:V] --pool P --target
 * T` (`plan`: its dry run), printing nothing; the figures come back as data.
 */
export async function refillListing(
  deps: Deps,
  r: RefillAsk,
  mode: 'send' | 'plan',
  known?: StockTarget,
): Promise<RefillResult> {
  let figures: RefillFigures | undefined;
  const quiet = { write: () => true };
  const sub: Deps = {
    ...deps,
    io: { ...deps.io, stdout: quiet, stderr: quiet, stdoutIsTTY: false, stderrIsTTY: false, interactive: false },
    globals: { ...deps.globals, dryRun: mode === 'plan' },
  };
  const opts = {
    pool: r.pool,
    target: r.target,
    ...(r.format ? { format: r.format } : {}),
    ...(r.separator ? { separator: r.separator } : {}),
  } as Opts;
  const arg = `${r.listing}${r.variant !== undefined ? `:${r.variant}` : ''}`;
  let exit: number;
  try {
    exit = await run(
      sub,
      opts,
      [arg],
      (f) => {
        figures = f;
      },
      known,
    );
  } catch (err) {
    return { ok: false, error: errorValue(err), ...figures };
  }
  if ((exit === EXIT.ok || exit === EXIT.refused) && figures) return { ok: true, exit, ...figures };
  const code = exit === EXIT.refused ? 'REFUSED' : 'FAILED';
  return { ok: false, error: { code, message: `the refill of ${arg} ended with exit ${exit}`, exit }, ...figures };
}

export const refillVerb = defineVerb({
  name: 'refill',
  description: 'top a listing (or variant) up to N credentials from a pool file, never sending an entry twice',
  args: [['<id[:variant]>', 'listing id, or listing:variant for a multi-variant listing']],
  options,
  examples: EXAMPLES,
  run: (deps, o, args) => refillWithStatus(deps, o, args, run),
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [refillVerb];

/** what each taken entry cost, kept in the plan so repricing knows the batch's cost. */
function costsOf(take: readonly { hash: string; costCents?: number }[]): { costs?: Record<string, number> } {
  const costs: Record<string, number> = {};
  let any = false;
  for (const e of take)
    if (e.costCents !== undefined) {
      costs[e.hash] = e.costCents;
      any = true;
    }
  return any ? { costs } : {};
}
