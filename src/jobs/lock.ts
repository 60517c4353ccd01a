// One runner per job (cli-spec 4): two processes resending the same chunks would still be
// safe thanks to idempotency keys, but their journals would interleave and their reports lie.
// `<jobId>.lock` is a lock file of src/state/lock.ts (a dead or reused pid is a stale lock).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../api/errors.js';
import { jobsDir } from './journal.js';
import { type FileLock, lockOwner, tryLock } from '../state/lock.js';

/** Another live process holds the job (exit 2: nothing was sent by this run). */
export class JobLockedError extends UsageError {
  constructor(
    readonly jobId: string,
    readonly pid: number | undefined,
  ) {
    super(
      `job ${jobId} is running in process ${pid ?? '(unknown)'}`,
      'wait for it to finish, or stop that process (its journal keeps what it did) and resume',
    );
  }
}

export type JobLock = FileLock;

export function lockPath(stateDir: string, jobId: string): string {
  return join(jobsDir(stateDir), `${jobId}.lock`);
}

/**
 * Takes the job's lock or throws JobLockedError. A lock whose pid is dead (the process was
 * killed) is stale and taken over.
 */
export function acquireLock(stateDir: string, jobId: string): JobLock {
  return acquireFile(lockPath(stateDir, jobId), (pid) => new JobLockedError(jobId, pid));
}

/** Another live job writes to the same target: exit 2, nothing sent by this run. */
class TargetLockedError extends UsageError {
  constructor(
    readonly target: string,
    readonly pid: number | undefined,
  ) {
    super(
      `another job is writing to ${target} (process ${pid ?? '(unknown)'})`,
      'wait for it to finish (two imports at once could upload the same credentials twice), then run this one again',
    );
  }
}

/**
 * A lock per write target, beside the lock per job: two jobs adding stock to one
 * listing or variant from different files (or a --no-resume re-run) never run at once.
 */
export function acquireTargetLock(stateDir: string, key: string, display: string): JobLock {
  mkdirSync(jobsDir(stateDir), { recursive: true, mode: 0o700 });
  const name = `target-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.lock`;
  return acquireFile(join(jobsDir(stateDir), name), (pid) => new TargetLockedError(display, pid));
}

function acquireFile(file: string, locked: (pid: number | undefined) => Error): JobLock {
  const got = tryLock(file);
  if ('heldBy' in got) throw locked(got.heldBy);
  return got.lock;
}

/** Who holds a job's lock, if a live process does. Used by listJobs to tell running jobs. */
export function lockHolder(stateDir: string, jobId: string): number | undefined {
  return lockOwner(lockPath(stateDir, jobId));
}
