// The bulk-job engine (style: "one job engine for every bulk write"): journal → send chunk by
// chunk → record each answer → result. The caller plans the chunks from an input it has
// already validated (cli-spec 3) and gives a `send` that talks to the request core.
import { LocalFaultError } from '../api/errors.js';
import { classifyChunkError } from './chunk-errors.js';
import { newIdempotencyKey } from './ids.js';
import { compactOutcome, journalError, type JournaledError } from './journal-records.js';
import { openJobForResume, openNewJob, type OpenedJob } from './open-job.js';
import { runningJobs } from './running.js';
import {
  ITEM_STATUSES,
  type ChunkPlan,
  type ChunkResult,
  type ItemOutcome,
  type ItemRef,
  type ItemStatus,
  type JobProgress,
  type JobResult,
  type JobSpec,
  type RunState,
  type SendChunk,
} from './types.js';

export interface RunOptions {
  /** SVC_STATE_DIR (cli-spec 1); journals go to <stateDir>/jobs. */
  stateDir: string;
  /** Ctrl-C / SIGTERM: stop sending, leave the in-flight chunk unfinished, state "interrupted". */
  signal?: AbortSignal;
  /** Called after every answered chunk. */
  onProgress?: (progress: JobProgress) => void;
  /** `--resume JOB`, or the id findResumable offered. */
  resumeJobId?: string;
  /** Chunks in flight at once (default 1). The request core paces by the rate limit anyway. */
  concurrency?: number;
  /** Recorded in the job header. */
  svcVersion?: string;
}

interface Answered {
  items: ItemOutcome[];
  summary?: Record<string, number>;
}

export async function runJob<I extends ItemRef>(
  spec: JobSpec<I>,
  send: SendChunk<I>,
  opts: RunOptions,
): Promise<JobResult> {
  runningJobs.count++;
  try {
    return await runJobInner(spec, send, opts);
  } finally {
    runningJobs.count--;
  }
}

async function runJobInner<I extends ItemRef>(
  spec: JobSpec<I>,
  send: SendChunk<I>,
  opts: RunOptions,
): Promise<JobResult> {
  checkSpec(spec);
  const job = opts.resumeJobId
    ? openJobForResume(spec, opts.stateDir, opts.resumeJobId)
    : openNewJob(spec, opts.stateDir, opts.svcVersion);
  try {
    return await runChunks(spec, send, job, opts);
  } finally {
    job.writer.close();
    job.lock.release();
  }
}

async function runChunks<I extends ItemRef>(
  spec: JobSpec<I>,
  send: SendChunk<I>,
  job: OpenedJob,
  opts: RunOptions,
): Promise<JobResult> {
  const { writer, replay } = job;
  const signal = opts.signal ?? new AbortController().signal;
  const answered = new Map<number, Answered>();
  for (const [index, rec] of replay?.done ?? []) answered.set(index, { items: rec.items, summary: rec.summary });
  const chunksFromJournal = answered.size;
  // Keys of chunks started but never answered: resent as they are, so the server replays
  // instead of applying twice (marketplace-api 4.1.2, cli-spec 4).
  const journaledKeys = new Map(replay?.unfinished ?? []);
  const pending = spec.chunks.filter((c) => !answered.has(c.index));

  const startedAt = Date.now();
  let itemsDone = spec.chunks.reduce((n, c) => n + (answered.has(c.index) ? c.items.length : 0), 0);
  let failures = [...answered.values()].reduce((n, a) => n + countFailed(a.items), 0);
  let itemsThisRun = 0;
  let requests = 0;
  let stopError: unknown;
  let hasStopError = false;
  let next = 0;

  const journaled = (write: () => void): boolean => {
    try {
      write();
      return true;
    } catch (err) {
      if (!(err instanceof LocalFaultError)) throw err;
      if (!hasStopError) {
        stopError = err;
        hasStopError = true;
      }
      return false;
    }
  };

  const sendOne = async (chunk: ChunkPlan<I>): Promise<void> => {
    // Key generated and journaled BEFORE the first attempt (cli-spec 4).
    const key = journaledKeys.get(chunk.index) ?? newIdempotencyKey();
    // issue 14: a journal that cannot be written stops the job (nothing is sent unjournaled);
    // the runner says what happened and how to resume.
    if (
      !journaled(() =>
        writer.write({ t: 'chunk-start', index: chunk.index, key, descriptor: chunk.descriptor, at: now() }),
      )
    )
      return;
    requests++;
    let result: ChunkResult;
    let refusal: JournaledError | undefined;
    try {
      result = checkResult(await send(chunk, key, signal), chunk);
    } catch (err) {
      if (signal.aborted) return; // interrupted mid-flight: unfinished, resume reuses the key
      if (classifyChunkError(err) === 'fatal') {
        if (!hasStopError) {
          stopError = err;
          hasStopError = true;
        }
        return;
      }
      refusal = journalError(err);
      result = { items: chunk.items.map((ref) => ({ ...ref, status: 'failed', ...codeAndMessage(refusal!) })) };
    }
    const items = result.items.map(compactOutcome);
    // Not journaled as done: the chunk stays unfinished, and a resume resends it with its key
    // (the service replays the stored answer, spec 4.1.2).
    if (
      !journaled(() =>
        writer.write({
          t: 'chunk-done',
          index: chunk.index,
          key,
          items,
          ...(result.summary ? { summary: result.summary } : {}),
          ...(refusal ? { error: refusal } : {}),
          at: now(),
        }),
      )
    )
      return;
    answered.set(chunk.index, { items, summary: result.summary });
    itemsDone += chunk.items.length;
    itemsThisRun += chunk.items.length;
    failures += countFailed(items);
    opts.onProgress?.(progress());
  };

  const progress = (): JobProgress => {
    const seconds = (Date.now() - startedAt) / 1000;
    const itemsPerSecond = seconds > 0 ? itemsThisRun / seconds : 0;
    return {
      jobId: job.jobId,
      itemsDone,
      totalItems: spec.totalItems,
      chunksDone: answered.size,
      chunksTotal: spec.chunks.length,
      requests,
      failures,
      itemsPerSecond,
      ...(itemsPerSecond > 0 ? { etaSeconds: (spec.totalItems - itemsDone) / itemsPerSecond } : {}),
    };
  };

  const worker = async (): Promise<void> => {
    while (next < pending.length && !hasStopError && !signal.aborted) await sendOne(pending[next++]!);
  };
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, worker));

  const unfinishedChunks = spec.chunks.filter((c) => !answered.has(c.index)).map((c) => c.index);
  const state: RunState = hasStopError ? 'aborted' : unfinishedChunks.length === 0 ? 'done' : 'interrupted';
  journaled(() =>
    writer.write({ t: 'job-end', state, ...(hasStopError ? { error: journalError(stopError) } : {}), at: now() }),
  );
  return buildResult(spec, job, answered, {
    state,
    requests,
    chunksFromJournal,
    unfinishedChunks,
    hasStopError,
    stopError,
  });
}

function buildResult(
  spec: JobSpec,
  job: OpenedJob,
  answered: Map<number, Answered>,
  run: {
    state: RunState;
    requests: number;
    chunksFromJournal: number;
    unfinishedChunks: number[];
    hasStopError: boolean;
    stopError: unknown;
  },
): JobResult {
  const ordered = [...answered.entries()].sort(([a], [b]) => a - b);
  const items = ordered.flatMap(([, a]) => a.items).sort((a, b) => a.line - b.line); // stable
  const counts = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<ItemStatus, number>;
  for (const item of items) counts[item.status]++;
  const summary: Record<string, number> = {};
  for (const [, a] of ordered) {
    for (const [k, v] of Object.entries(a.summary ?? {})) summary[k] = (summary[k] ?? 0) + v;
  }
  return {
    jobId: job.jobId,
    state: run.state,
    items,
    counts,
    summary,
    requests: run.requests,
    chunksFromJournal: run.chunksFromJournal,
    unfinishedChunks: run.unfinishedChunks,
    ...(run.hasStopError ? { error: run.stopError } : {}),
    ...(run.state !== 'done' ? { resumeCommand: resumeCommand(spec.command, job.jobId) } : {}),
    journalPath: job.journalPath,
  };
}

export function resumeCommand(command: string, jobId: string): string {
  return `${command} --resume ${jobId}`;
}

function codeAndMessage(e: JournaledError): Pick<ItemOutcome, 'code' | 'message'> {
  const code = e.code ?? (e.status !== undefined ? String(e.status) : undefined);
  return { ...(code !== undefined ? { code } : {}), message: e.message };
}

function countFailed(items: ItemOutcome[]): number {
  return items.filter((i) => i.status === 'failed').length;
}

function now(): string {
  return new Date().toISOString();
}

/** A malformed answer is a bug in the caller: stop (fatal) rather than journal it as done. */
function checkResult(result: ChunkResult, chunk: ChunkPlan): ChunkResult {
  const ok =
    result &&
    Array.isArray(result.items) &&
    result.items.every(
      (i) => i && typeof i.line === 'number' && (ITEM_STATUSES as readonly string[]).includes(i.status),
    );
  if (!ok) throw new TypeError(`send returned a malformed result for chunk ${chunk.index}`);
  return result;
}

/** Programming errors in the plan surface before anything is journaled or sent. */
function checkSpec(spec: JobSpec): void {
  spec.chunks.forEach((c, i) => {
    if (c.index !== i) throw new Error(`chunk plan: chunk at position ${i} has index ${c.index}`);
    if (c.items.length === 0) throw new Error(`chunk plan: chunk ${i} is empty`);
  });
  const planned = spec.chunks.reduce((n, c) => n + c.items.length, 0);
  if (planned !== spec.totalItems)
    throw new Error(`chunk plan: ${planned} items in chunks, totalItems says ${spec.totalItems}`);
  if (!spec.input.sha256) throw new Error('job input needs its sha256');
}
