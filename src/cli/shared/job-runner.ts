// What every bulk verb does around the job engine (cli-spec 1 and 4): the dry-run
// plan, offering to resume an unfinished job, progress (Ink on a TTY, plain lines elsewhere),
// Ctrl-C, per-item results, the report file and the exit code.
import { t } from '../../i18n/index.js';
import { count } from '../../output/plural.js';
import { EXIT, InterruptedError, UsageError } from '../../api/errors.js';
import { chunkSender, type SendBound } from '../../api/resources/index.js';
import {
  exitCodeFor,
  findResumable,
  planSummary,
  runJob,
  writeReport,
  ARGS_INPUT_PATH,
  type ChunkPlan,
  type ChunkResult,
  type ExpiredKeyHandler,
  type ItemOutcome,
  type ItemRef,
  type JobProgress,
  type JobResult,
  type JobSpec,
  type ReportStyle,
} from '../../jobs/index.js';
import { loadUi } from '../../ui/load.js';
import { printRecords } from '../../ui/print.js';
import { note, printError } from '../../output/reporter.js';
import { canDrawLive } from '../../output/io.js';
import { VERSION } from '../../version.js';
import type { Deps } from './context.js';
import { printPlan, type PlanExtra } from './job-plan.js';

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

interface Reporter {
  update(p: JobProgress): void;
  done(): Promise<void>;
}

/** Ink progress on a TTY; elsewhere at most one plain line per chunk or per 5 seconds (cli-spec 1). */
async function progressReporter(deps: Deps, spec: Pick<JobSpec, 'kind' | 'input' | 'totalItems'>): Promise<Reporter> {
  const { io } = deps;
  // a file is named as given; ids from the command line are svc's word for them
  const name = spec.input.path === ARGS_INPUT_PATH ? t(spec.input.displayName) : spec.input.displayName;
  const title = `${t(spec.kind)} ${name}`;
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
