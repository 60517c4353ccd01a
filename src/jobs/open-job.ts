// Starting a job or picking one up again (cli-spec 4): take the lock, then either write a
// fresh header or check that the journaled job is the one this command describes.
import { dirname } from 'node:path';
import { LocalFaultError, UsageError, describeFsError } from '../api/errors.js';
import { newJobId } from './ids.js';
import { JobLockedError, acquireLock, type JobLock } from './lock.js';
import { JOURNAL_VERSION, type JournaledChunk } from './journal-records.js';
import { JournalWriter, ensureJobsDir, journalPath, readJournal, type JournalReplay } from './journal.js';
import { sameAccount } from './account.js';
import type { JobSpec, JsonValue } from './types.js';

export interface OpenedJob {
  jobId: string;
  journalPath: string;
  lock: JobLock;
  writer: JournalWriter;
  /** The earlier runs' journal when resuming. */
  replay?: JournalReplay;
}

const NEW_ID_ATTEMPTS = 5;

export function openNewJob(spec: JobSpec, stateDir: string, svcVersion?: string): OpenedJob {
  try {
    ensureJobsDir(stateDir);
  } catch (err) {
    // nothing was sent yet; say what the folder's problem is.
    const d = describeFsError(err);
    throw new LocalFaultError(
      `cannot create the jobs folder in ${stateDir}: ${d.text}${d.code ? ` (${d.code})` : ''}; nothing was sent`,
      d.code,
      'make SVC_STATE_DIR (or the platform state folder) writable, or point SVC_STATE_DIR at a folder that is',
    );
  }
  for (let attempt = 0; ; attempt++) {
    const jobId = newJobId(spec.kind);
    const file = journalPath(stateDir, jobId);
    let lock: JobLock | undefined;
    let writer: JournalWriter | undefined;
    try {
      lock = acquireLock(stateDir, jobId);
      writer = JournalWriter.create(file);
      writer.write({
        t: 'job',
        v: JOURNAL_VERSION,
        id: jobId,
        kind: spec.kind,
        command: spec.command,
        ...(spec.target !== undefined ? { target: spec.target } : {}),
        ...(spec.account !== undefined ? { account: spec.account } : {}),
        input: { ...spec.input },
        chunks: journaledPlan(spec),
        totalItems: spec.totalItems,
        createdAt: new Date().toISOString(),
        ...(svcVersion !== undefined ? { svcVersion } : {}),
        pid: process.pid,
      });
      return { jobId, journalPath: file, lock, writer };
    } catch (err) {
      writer?.close();
      lock?.release();
      // Six random hex digits per day can collide: take another id.
      const collided = err instanceof JobLockedError || (err as NodeJS.ErrnoException).code === 'EEXIST';
      if (!collided || attempt + 1 >= NEW_ID_ATTEMPTS) throw err;
    }
  }
}

export function openJobForResume(spec: JobSpec, stateDir: string, jobId: string): OpenedJob {
  const file = journalPath(stateDir, jobId);
  ensureJobsDir(stateDir);
  // Lock before reading: a second resumer must not act on a journal the first is extending.
  const lock = acquireLock(stateDir, jobId);
  try {
    const replay = readJournal(file);
    if (!replay) {
      throw new UsageError(
        `no job ${jobId} in ${dirname(file)}`,
        'list jobs with `svc stock jobs`, or check SVC_STATE_DIR',
      );
    }
    checkSameJob(replay, spec, jobId);
    const writer = JournalWriter.append(file);
    writer.write({ t: 'resume', at: new Date().toISOString(), pid: process.pid });
    return { jobId, journalPath: file, lock, writer, replay };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Refuses to resume anything but the same unfinished job on the same unchanged input. */
function checkSameJob(replay: JournalReplay, spec: JobSpec, jobId: string): void {
  const h = replay.header;
  if (replay.end?.state === 'done') {
    // A finished job is never resumed: the same edit run again later is a new operation (cli-spec 4).
    throw new UsageError(
      `job ${jobId} already finished; there is nothing to resume`,
      'run the command without --resume to send the file again as a new job',
    );
  }
  if (h.kind !== spec.kind) throw new UsageError(`job ${jobId} is a ${h.kind} job, not ${spec.kind}`);
  if ((h.target ?? '') !== (spec.target ?? '')) {
    throw new UsageError(`job ${jobId} writes to ${h.target ?? '(no target)'}, not ${spec.target ?? '(no target)'}`);
  }
  if (!sameAccount(h.account, spec.account)) {
    throw new UsageError(
      `job ${jobId} was started for another account than the one of the key in use; svc does not send its items here`,
      'resume it with a key of the account that started it, or run the command without --resume to start a new job',
    );
  }
  if (h.input.sha256 !== spec.input.sha256 || h.input.size !== spec.input.size) {
    throw new UsageError(
      `the input file changed since job ${jobId} started; resuming would send different items under the journaled keys`,
      'restore the original file to resume, or run the command without --resume to start a new job',
    );
  }
  if (stableJson(h.chunks) !== stableJson(journaledPlan(spec))) {
    throw new UsageError(
      `the chunk plan of job ${jobId} differs from this run's (was svc upgraded since?)`,
      'finish the job with the svc version that started it, or run without --resume to start a new job',
    );
  }
}

/** The plan as journaled: no item data, only what locates each chunk in the input. */
function journaledPlan(spec: JobSpec): JournaledChunk[] {
  return spec.chunks.map((c) => ({
    index: c.index,
    ...(c.route !== undefined ? { route: c.route } : {}),
    count: c.items.length,
    descriptor: c.descriptor,
  }));
}

/** JSON with sorted keys, so two equal plans compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: JsonValue) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
