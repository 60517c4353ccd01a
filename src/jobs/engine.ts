// The bulk-job engine (style: "one job engine for every bulk write"): journal → send chunk by
// chunk → record each answer → result. The caller plans the chunks from an input it has
// already validated (cli-spec 3) and gives a `send` that talks to the request core.
import { nowIso, nowMs } from '../api/clock.js';
import { LocalFaultError } from '../api/errors.js';
import { classifyChunkError } from './chunk-errors.js';
import { ExpiredKeyError, defaultExpiredKeyDecision, keyExpired, type ExpiredKeyHandler } from './expired-key.js';
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
  /**
   * an unfinished chunk whose journaled key is older than the service keeps keys
   * (src/jobs/expired-key.ts). Default: stock stops, the other kinds resend under a new key.
   */
  onExpiredKey?: ExpiredKeyHandler;
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
    checkSpec(spec);
    const job = opts.resumeJobId
      ? openJobForResume(spec, opts.stateDir, opts.resumeJobId)
      : openNewJob(spec, opts.stateDir, opts.svcVersion);
    try {
      return await new ChunkRun(spec, send, job, opts).run();
    } finally {
      job.writer.close();
      job.lock.release();
    }
  } finally {
    runningJobs.count--;
  }
}

/** One run of a job: its chunks sent in turn (or `concurrency` at a time), each answer journaled. */
class ChunkRun<I extends ItemRef> {
  private readonly signal: AbortSignal;
  private readonly answered = new Map<number, Answered>();
  private readonly chunksFromJournal: number;
  /**
   * Keys of chunks started but never answered, with when they were first sent: resent as they
   * are, so the server replays instead of applying twice (marketplace-api 4.1.2, cli-spec 4),
   * unless the key is older than the service keeps it.
   */
  private readonly journaledKeys: Map<number, string>;
  private readonly keySentAt: Map<number, string>;
  private readonly startedAt = nowMs();
  private itemsDone = 0;
  private failures = 0;
  private itemsThisRun = 0;
  private requests = 0;
  private stop: { error: unknown } | undefined;

  constructor(
    private readonly spec: JobSpec<I>,
    private readonly send: SendChunk<I>,
    private readonly job: OpenedJob,
    private readonly opts: RunOptions,
  ) {
    this.signal = opts.signal ?? new AbortController().signal;
    const replay = job.replay;
    for (const [index, rec] of replay?.done ?? []) this.answered.set(index, { items: rec.items, summary: rec.summary });
    this.chunksFromJournal = this.answered.size;
    this.journaledKeys = new Map(replay?.unfinished ?? []);
    this.keySentAt = new Map(replay?.unfinishedSince ?? []);
    this.itemsDone = spec.chunks.reduce((n, c) => n + (this.answered.has(c.index) ? c.items.length : 0), 0);
    this.failures = [...this.answered.values()].reduce((n, a) => n + countFailed(a.items), 0);
  }

  async run(): Promise<JobResult> {
    const pending = this.spec.chunks.filter((c) => !this.answered.has(c.index));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < pending.length && !this.stop && !this.signal.aborted) await this.sendOne(pending[next++]!);
    };
    const concurrency = Math.max(1, Math.floor(this.opts.concurrency ?? 1));
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, worker));

    const unfinishedChunks = this.spec.chunks.filter((c) => !this.answered.has(c.index)).map((c) => c.index);
    const state: RunState = this.stop ? 'aborted' : unfinishedChunks.length === 0 ? 'done' : 'interrupted';
    const stop = this.stop;
    this.journaled(() =>
      this.job.writer.write({
        t: 'job-end',
        state,
        ...(stop ? { error: journalError(stop.error) } : {}),
        at: nowIso(),
      }),
    );
    return buildResult(this.spec, this.job, this.answered, {
      state,
      requests: this.requests,
      chunksFromJournal: this.chunksFromJournal,
      unfinishedChunks,
      stop,
    });
  }

  /** Runs `write`; a journal that cannot be written stops the job (nothing is sent unjournaled). */
  private journaled(write: () => void): boolean {
    try {
      write();
      return true;
    } catch (err) {
      if (!(err instanceof LocalFaultError)) throw err;
      this.stop ??= { error: err };
      return false;
    }
  }

  /** The key to send `chunk` under: the journaled one while the service still keeps it, else a new one or none (stop). */
  private async keyFor(chunk: ChunkPlan<I>): Promise<string | undefined> {
    const old = this.journaledKeys.get(chunk.index);
    const sentAt = this.keySentAt.get(chunk.index);
    if (old === undefined) return newIdempotencyKey();
    if (sentAt === undefined || !keyExpired(sentAt)) return old;
    const decide = this.opts.onExpiredKey ?? (async () => defaultExpiredKeyDecision(this.spec.kind));
    let decision: Awaited<ReturnType<ExpiredKeyHandler>>;
    try {
      decision = await decide(chunk, sentAt);
    } catch (err) {
      this.stop ??= { error: err };
      return undefined;
    }
    if (decision === 'new-key') return newIdempotencyKey();
    this.stop ??= { error: new ExpiredKeyError(chunk.index, sentAt) };
    return undefined;
  }

  private async sendOne(chunk: ChunkPlan<I>): Promise<void> {
    // Key generated and journaled BEFORE the first attempt (cli-spec 4).
    const key = await this.keyFor(chunk);
    if (key === undefined) return;
    const start = { t: 'chunk-start' as const, index: chunk.index, key, descriptor: chunk.descriptor, at: nowIso() };
    if (!this.journaled(() => this.job.writer.write(start))) return;
    this.requests++;
    const answer = await this.answer(chunk, key);
    if (!answer) return;
    const items = answer.result.items.map(compactOutcome);
    // Not journaled as done: the chunk stays unfinished, and a resume resends it with its key
    // (the service replays the stored answer, spec 4.1.2).
    const done = {
      t: 'chunk-done' as const,
      index: chunk.index,
      key,
      items,
      ...(answer.result.summary ? { summary: answer.result.summary } : {}),
      ...(answer.refusal ? { error: answer.refusal } : {}),
      at: nowIso(),
    };
    if (!this.journaled(() => this.job.writer.write(done))) return;
    this.answered.set(chunk.index, { items, summary: answer.result.summary });
    this.itemsDone += chunk.items.length;
    this.itemsThisRun += chunk.items.length;
    this.failures += countFailed(items);
    this.opts.onProgress?.(this.progress());
  }

  /** The chunk's answer; a refusal marks every item failed; undefined when the job stops or is interrupted. */
  private async answer(
    chunk: ChunkPlan<I>,
    key: string,
  ): Promise<{ result: ChunkResult; refusal?: JournaledError } | undefined> {
    try {
      return { result: checkResult(await this.send(chunk, key, this.signal), chunk) };
    } catch (err) {
      if (this.signal.aborted) return undefined; // interrupted mid-flight: unfinished, resume reuses the key
      if (classifyChunkError(err) === 'fatal') {
        this.stop ??= { error: err };
        return undefined;
      }
      const refusal = journalError(err);
      const items = chunk.items.map((ref) => ({ ...ref, status: 'failed' as const, ...codeAndMessage(refusal) }));
      return { result: { items }, refusal };
    }
  }

  private progress(): JobProgress {
    const seconds = (nowMs() - this.startedAt) / 1000;
    const itemsPerSecond = seconds > 0 ? this.itemsThisRun / seconds : 0;
    return {
      jobId: this.job.jobId,
      itemsDone: this.itemsDone,
      totalItems: this.spec.totalItems,
      chunksDone: this.answered.size,
      chunksTotal: this.spec.chunks.length,
      requests: this.requests,
      failures: this.failures,
      itemsPerSecond,
      ...(itemsPerSecond > 0 ? { etaSeconds: (this.spec.totalItems - this.itemsDone) / itemsPerSecond } : {}),
    };
  }
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
    stop: { error: unknown } | undefined;
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
    ...(run.stop ? { error: run.stop.error } : {}),
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
