// What every bulk verb does around the job engine (cli-spec 1 and 4): the dry-run
// plan, offering to resume an unfinished job, progress (Ink on a TTY, plain lines elsewhere),
// Ctrl-C, per-item results, the report file and the exit code.
import { localDecimal, t } from '../../i18n/index.js';
import { count } from '../../output/plural.js';
import { jsonText } from '../../output/sanitize.js';
import { LIMITS } from '../../api/assumptions.js';
import { timeToMs } from '../../api/times.js';
import { EXIT, InterruptedError, SvcError, UsageError } from '../../api/errors.js';
import { chunkSender, type SendBound } from '../../api/resources/index.js';
import {
  exitCodeFor,
  findResumable,
  planSummary,
  runJob,
  writeReport,
  type ChunkPlan,
  type ChunkResult,
  type ExpiredKeyHandler,
  type ItemOutcome,
  type ItemRef,
  type JobProgress,
  type JobResult,
  type JobSpec,
  type PlanSummary,
  type PlanBudget,
  type ReportStyle,
} from '../../jobs/index.js';
import { UsageLedger } from '../../state/usage-ledger.js';
import { loadUi } from '../../ui/load.js';
import { printRecords } from '../../ui/print.js';
import { note, printError, warn } from '../../output/reporter.js';
import { canDrawLive } from '../../output/io.js';
import { VERSION } from '../../version.js';
import type { Deps } from './context.js';

/**
 * Sends one chunk: `send` is already bound to the chunk's journaled idempotency key and the
 * job's signal (the engine made the key before the first attempt, cli-spec 4); the chunk's code
 * only builds the call, e.g. `send(api.products.bulkPrice(items))`.
 */
export type ChunkSend<I extends ItemRef = ItemRef> = (chunk: ChunkPlan<I>, send: SendBound) => Promise<ChunkResult>;

export interface BulkJob<I extends ItemRef = ItemRef> {
  spec: JobSpec<I>;
  send: ChunkSend<I>;
  /** --resume JOB */
  resume?: string;
  /** --no-resume: start a new job even if an unfinished one exists for this input. */
  noResume?: boolean;
  /** The caller already ran decideResume (a job id, or null for a new job). */
  decidedResume?: string | null;
  /** --report FILE.csv: input rows + status, code, message. */
  report?: { path: string; columns: string[]; rows: Map<number, Record<string, string>>; style?: ReportStyle };
  /** One line on stderr after the job, e.g. "250 prices: 248 applied, 2 unchanged". */
  summary(result: JobResult): string;
  /** Outcomes that came before sending (e.g. rows refused by --max-change). */
  preOutcomes?: ItemOutcome[];
  /** false: the result is a summary, not per-item rows (stock: the route answers counts). */
  printItems?: boolean;
  /** After a finished job: the summary record printed when printItems is false. */
  finish?(result: JobResult): Promise<Record<string, unknown>>;
  /** The line a person is shown for an item (reprice: the rule's line, not the plan file's). */
  displayLine?: (line: number) => number;
  /** The caller showed its own plan and asked on a terminal (products reprice). */
  confirmed?: boolean;
  /** a chunk whose journaled key is past the service's 24 h (engine default otherwise). */
  onExpiredKey?: ExpiredKeyHandler;
  /** `--dry-run`: what the command spent or decided before the plan, printed with it. */
  planExtra?: PlanExtra;
}

/** Fields (json) and lines (table) a command adds to its plan, e.g. requests a check spent. */
export interface PlanExtra {
  fields: Record<string, number>;
  lines: string[];
}

export async function runBulkJob<I extends ItemRef>(deps: Deps, job: BulkJob<I>): Promise<number> {
  const { io } = deps;
  if (deps.globals.dryRun) return printJobPlan(deps, job);

  const resumeJobId =
    job.decidedResume !== undefined
      ? (job.decidedResume ?? undefined)
      : await decideResume(deps, job.spec, job.resume, job.noResume);
  if (resumeJobId) note(io, `resuming job ${resumeJobId}`);
  else if (!(await confirmJob(deps, job))) return EXIT.cancelled;

  const progress = await progressReporter(deps, job.spec);
  let result: JobResult;
  try {
    result = await runJob(job.spec, (chunk, key, signal) => job.send(chunk, chunkSender(key, signal)), {
      stateDir: deps.stateDir(),
      signal: deps.signal,
      resumeJobId,
      svcVersion: VERSION,
      onProgress: progress.update,
      ...(job.onExpiredKey ? { onExpiredKey: job.onExpiredKey } : {}),
    });
  } finally {
    await progress.done();
  }

  const items = [...(job.preOutcomes ?? []), ...result.items].sort((a, b) => a.line - b.line);
  if (job.report) {
    writeReport(
      job.report.path,
      job.report.columns,
      items.map((o) => ({ raw: job.report!.rows.get(o.line) ?? {}, outcome: o })),
      job.report.style,
    );
  }
  if (result.state === 'interrupted') {
    printError(
      io,
      new InterruptedError(
        `interrupted after ${result.counts.ok + result.counts.unchanged + result.counts.failed} of ${job.spec.totalItems} items`,
      ),
    );
    io.stderr.write(`${t('resume with: {command}', { command: result.resumeCommand ?? '' })}\n`);
    return EXIT.interrupted;
  }
  if (result.state === 'aborted') {
    const code = printError(io, result.error);
    io.stderr.write(
      `${t('the job stopped; nothing is lost. resume with: {command}', { command: result.resumeCommand ?? '' })}\n`,
    );
    return code;
  }
  const record = job.finish ? await job.finish(result) : undefined;
  if (job.printItems === false && record) {
    await printRecords<Record<string, unknown>>(deps.io, record, {
      format: deps.format(),
      single: true,
      // one machine contract: snake_case headers in csv/tsv (`job_id`, `in_stock`)
      columns: Object.keys(record).map((k) => ({
        header: k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value: k,
      })),
    });
  } else {
    await printOutcomes(deps, job.displayLine ? items.map((o) => ({ ...o, line: job.displayLine!(o.line) })) : items);
  }
  note(io, job.summary(result));
  if (job.report) note(io, `report: ${job.report.path}`);
  const pre = job.preOutcomes?.length ?? 0;
  const code = exitCodeFor(result);
  return code === EXIT.ok && pre > 0 ? EXIT.refused : code;
}

/** A dry run: the job's plan on stdout, with what the command itself added to it. */
function printJobPlan<I extends ItemRef>(deps: Deps, job: BulkJob<I>): Promise<number> {
  const lines = shownLines(job, job.preOutcomes);
  return printPlan(deps, (budget) => planSummary(job.spec, budget), lines, deps.io.stdout, job.planExtra);
}

function shownLines<I extends ItemRef>(job: BulkJob<I>, items: ItemOutcome[] = []): ItemOutcome[] {
  return job.displayLine ? items.map((o) => ({ ...o, line: job.displayLine!(o.line) })) : items;
}

/**
 * On a terminal a write that changes prices, statuses or stock shows its plan (stderr) and asks
 * first (cli-spec 1: --yes in scripts); a caller that showed its own plan and asked says so.
 */
async function confirmJob<I extends ItemRef>(deps: Deps, job: BulkJob<I>): Promise<boolean> {
  if (job.confirmed || deps.globals.yes || !deps.io.interactive) return true;
  await printPlan(
    deps,
    (budget) => planSummary(job.spec, budget),
    shownLines(job, job.preOutcomes),
    deps.io.stderr,
    job.planExtra,
  );
  if (await deps.confirm(`send {items}?`.replace('{items}', count(job.spec.totalItems, 'item')))) return true;
  note(deps.io, 'cancelled: nothing sent');
  return false;
}

/**
 * Which job this run continues: --resume JOB, or an unfinished job for the same kind, target
 * and unchanged input, which a re-run offers (TTY) or, with --yes, takes.
 */
export async function decideResume(
  deps: Deps,
  spec: Pick<JobSpec, 'kind' | 'target' | 'input' | 'account'>,
  resume?: string,
  noResume?: boolean,
): Promise<string | undefined> {
  if (resume) return resume;
  if (noResume) return undefined;
  const found = findResumable(deps.stateDir(), spec.kind, spec.target, spec.input.sha256, spec.account);
  if (!found) return undefined;
  if (
    deps.globals.yes ||
    (deps.io.interactive && (await deps.confirm(`an unfinished job ${found} exists for this file; resume it?`)))
  )
    return found;
  if (!deps.io.interactive) {
    throw new UsageError(
      `an unfinished job ${found} exists for this file`,
      `finish it with --resume ${found} (or --yes), or start over with --no-resume`,
    );
  }
  return undefined;
}

async function printOutcomes(deps: Deps, items: ItemOutcome[]): Promise<void> {
  const format = deps.format();
  // On a terminal, thousands of "ok" rows say nothing: show the rows that need a look.
  let rows = items;
  if (format === 'table' && items.length > 50) {
    // unchanged rows (a same-file rerun) need no look either
    rows = items.filter((i) => i.status !== 'ok' && i.status !== 'unchanged');
    if (rows.length === 0) return;
    note(
      deps.io,
      t('{n} of {total} need a look (all items: -o json or --report FILE):', {
        n: rows.length,
        total: count(items.length, 'item'),
      }),
    );
  }
  await printRecords(deps.io, rows, {
    format,
    columns: [
      { header: 'line', value: 'line', kind: 'number' },
      { header: 'id', value: 'id', kind: 'number' },
      { header: 'variant', value: 'variant', kind: 'number' },
      { header: 'status', value: 'status', kind: 'word' },
      { header: 'code', value: 'code' },
      { header: 'message', value: 'message', max: 60, kind: 'word' },
    ],
  });
}

/** The live rate budget (minute and day, spec 8) for a plan; undefined without a v2 key. */
export async function readBudget(deps: Deps): Promise<PlanBudget | undefined> {
  const client = await deps.client();
  let budget: PlanBudget | undefined;
  if (client.hasKey('v2')) {
    try {
      const u = (await (await deps.api()).account.usage()).data;
      if (u?.minute)
        budget = {
          remaining: u.minute.remaining,
          limit: u.minute.limit,
          resetAt: timeToMs(u.minute.reset) ?? Date.now() + 60_000,
        };
      // the day's quota too (`day.remaining`), so the plan says when it is short.
      if (u?.day) {
        budget ??= { remaining: LIMITS.v2PerMinute, limit: LIMITS.v2PerMinute, resetAt: Date.now() + 60_000 };
        budget.dayRemaining = u.day.remaining;
        const dayReset = timeToMs(u.day.reset);
        if (dayReset !== undefined) budget.dayResetAt = dayReset;
        UsageLedger.of(deps.stateDir()).noteAccountDay(u.day);
      }
    } catch (err) {
      if (err instanceof SvcError && err.exitCode === 4) throw err;
      warn(deps.io, `could not read the live rate budget (${(err as Error).message}); assuming a full minute`);
    }
  }
  return budget;
}

/** `--dry-run`: the plan, from a job spec or from counts of a file never held whole. */
export async function printPlan(
  deps: Deps,
  summarise: (budget: PlanBudget | undefined) => PlanSummary,
  refused: readonly ItemOutcome[] = [],
  out: { write(s: string): unknown } = deps.io.stdout,
  extra?: PlanExtra,
): Promise<number> {
  // spec 8: the reads made before the plan (current prices, the catalog, the mirror's sync) are
  // the run's too, it makes them on the same path; the budget read below is the dry run's only.
  const reads = deps.made.total;
  const budget = await readBudget(deps);
  const plan = summarise(budget);
  const format = deps.format();
  const runRequests = reads + plan.requests;
  // spec 8: what the dry run itself spent (its reads and the budget read) is said too.
  const dryRunRequests = deps.made.total;
  if (out === deps.io.stdout && (format === 'json' || format === 'jsonl')) {
    deps.io.stdout.write(
      `${jsonText({ dryRun: true, ...plan, refusedBeforeSending: refused.length, ...extra?.fields, runRequests, dryRunRequests })}\n`,
    );
    return 0;
  }
  const lines = [
    t('dry run: nothing sent'),
    t('input: {input}, {items}', { input: plan.input, items: count(plan.items, 'item') }),
  ];
  for (const r of plan.byRoute)
    lines.push(
      `  ${t('send {what}: {items} in {requests}', { what: t(ROUTE_WORDS[r.route] ?? r.route), items: count(r.items, 'item'), requests: count(r.requests, 'request') })}`,
    );
  const left = budget
    ? ` ${t('({n} of {limit} left in this minute)', { n: budget.remaining, limit: budget.limit })}`
    : '';
  lines.push(`${t('requests: {n}', { n: plan.requests })}${left}`);
  if (reads > 0) lines.push(t('the run makes {n} (reads included)', { n: count(runRequests, 'request') }));
  lines.push(planQuotaLines(plan));
  if (refused.length > 0) lines.push(...refusedLines(refused, plan.input));
  lines.push(...(extra?.lines ?? []));
  lines.push(t('this dry run made {n} (reads included)', { n: count(dryRunRequests, 'request') }));
  out.write(`${lines.join('\n')}\n`);
  return 0;
}

/**
 * The rows refused before sending, each by its line of the seller's file and with the message
 * that names the limit and the flag that governs it (--max-change, --floor): the first 20.
 */
function refusedLines(refused: readonly ItemOutcome[], file: string): string[] {
  const shown = refused
    .slice(0, 20)
    .map((o) => `  ${file}:${o.line}: ${t(o.message ?? o.code ?? '')} (${o.code ?? ''})`);
  if (refused.length > shown.length)
    shown.push(`  ${t('… and {n} more (--report FILE lists every row)', { n: refused.length - shown.length })}`);
  return [t('refused before sending: {rows}', { rows: count(refused.length, 'row') }), ...shown];
}

/** What each route of a job sends, in the seller's words: a plan never names an internal route. */
const ROUTE_WORDS: Record<string, string> = {
  bulkPrice: 'listing prices',
  updateVariants: 'variant prices',
  addStock: 'credentials',
  bulkStatus: 'listing statuses',
};

/** The estimated time and the day's quota of a plan (spec 8). */
function planQuotaLines(plan: PlanSummary): string {
  const source = t(plan.dayRemainingSource === 'usage' ? 'as `svc usage` reports' : 'the documented limit');
  if (plan.requestsBeyondDay <= 0)
    return [
      t('estimated time: {s} s', { s: localDecimal(String(plan.etaSeconds)) }),
      t('daily quota: {n} left today ({source})', { n: count(plan.dayRemaining, 'request'), source }),
    ].join('\n');
  const resets = plan.dayResetsAt ? t('; the quota resets at {at}', { at: plan.dayResetsAt }) : '';
  return [
    t('estimated time: {s} s for the {n} requests the day allows', {
      s: plan.etaSeconds,
      n: plan.requests - plan.requestsBeyondDay,
    }),
    t(
      'daily quota: {n} left today ({source}), the job needs {need}: the run would stop after {left} with exit 5 and a resume command',
      {
        n: count(plan.dayRemaining, 'request'),
        source,
        need: plan.requests,
        left: plan.dayRemaining,
      },
    ) + resets,
  ].join('\n');
}

interface Reporter {
  update(p: JobProgress): void;
  done(): Promise<void>;
}

/** Ink progress on a TTY; elsewhere at most one plain line per chunk or per 5 seconds (cli-spec 1). */
async function progressReporter(deps: Deps, spec: Pick<JobSpec, 'kind' | 'input' | 'totalItems'>): Promise<Reporter> {
  const { io } = deps;
  const title = `${t(spec.kind)} ${spec.input.displayName}`;
  if (io.quiet) return { update: () => {}, done: async () => {} };
  if (canDrawLive(io, 'stderr') && deps.format() !== 'json' && deps.format() !== 'jsonl') {
    const ui = await loadUi(deps.io);
    const handle = ui.startProgress(io, {
      title,
      itemsDone: 0,
      totalItems: spec.totalItems,
      requests: 0,
      failures: 0,
      itemsPerSecond: 0,
    });
    return { update: (p) => handle.update({ title, ...p }), done: () => handle.done() };
  }
  let last = 0;
  return {
    update: (p) => {
      const now = Date.now();
      if (p.chunksDone < p.chunksTotal && now - last < 5000 && p.chunksTotal > 20) return;
      last = now;
      const eta = p.etaSeconds !== undefined;
      const line = t('{title}: chunk {done}/{chunks}, {items}/{total} items, {failed} failed', {
        title,
        done: p.chunksDone,
        chunks: p.chunksTotal,
        items: p.itemsDone,
        total: p.totalItems,
        failed: p.failures,
      });
      io.stderr.write(`${line}${eta ? t(', ETA {s} s', { s: Math.round(p.etaSeconds!) }) : ''}\n`);
    },
    done: async () => {},
  };
}
