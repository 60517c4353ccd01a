// One runner per job (cli-spec 4): two processes resending the same chunks would still be
// safe thanks to idempotency keys, but their journals would interleave and their reports lie.
// `<jobId>.lock` is created with `wx` and holds the owner's pid and, where the system tells it,
// the process's start time (issue 14: a pid reused by another process is a stale lock).
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../api/errors.js';
import { processAlive } from '../state/durable.js';

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

export interface JobLock {
  readonly path: string;
  release(): void;
}

/** Journals and locks live here; the folder is private to the user (0700). (Here, not in the journal: the usage ledger takes this lock on every run, reads included, and must not load the journal's schemas.) */
export function jobsDir(stateDir: string): string {
  return path.join(stateDir, 'jobs');
}

// A lock file that exists but holds no pid yet is someone mid-creation, unless it is old.
const EMPTY_LOCK_GRACE_MS = 5_000;

export function lockPath(stateDir: string, jobId: string): string {
  return path.join(jobsDir(stateDir), `${jobId}.lock`);
}

/**
 * Takes the job's lock or throws JobLockedError. A lock whose pid is dead (the process was
 * killed) is stale and taken over.
 */
export function acquireLock(stateDir: string, jobId: string): JobLock {
  return acquireFile(lockPath(stateDir, jobId), (pid) => new JobLockedError(jobId, pid));
}

/** Another live job writes to the same target (issue 14): exit 2, nothing sent by this run. */
export class TargetLockedError extends UsageError {
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
 * A lock per write target (issue 14), beside the lock per job: two jobs adding stock to one
 * listing or variant from different files (or a --no-resume re-run) never run at once.
 */
export function acquireTargetLock(stateDir: string, key: string, display: string): JobLock {
  fs.mkdirSync(jobsDir(stateDir), { recursive: true, mode: 0o700 });
  const name = `target-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.lock`;
  return acquireFile(path.join(jobsDir(stateDir), name), (pid) => new TargetLockedError(display, pid));
}

/** The same lock on any file of the state folder (the usage ledger); throws while a live process holds it. */
export function acquireFileLock(file: string): JobLock {
  return acquireFile(file, (pid) => new Error(`${path.basename(file)} is held by process ${pid ?? '(unknown)'}`));
}

function acquireFile(file: string, locked: (pid: number | undefined) => Error): JobLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        fs.writeSync(fd, ownerRecord());
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return { path: file, release: () => releaseLock(file) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder === undefined) continue; // vanished between open and read: try again
    if (holder.live) throw locked(holder.pid);
    // Stale: re-read right before removing, so a lock retaken in between is left alone.
    const again = readHolder(file);
    if (again && again.raw === holder.raw && !again.live) {
      try {
        fs.unlinkSync(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  throw locked(readHolder(file)?.pid);
}

/** Who holds a job's lock, if a live process does. Used by listJobs to tell running jobs. */
export function lockHolder(stateDir: string, jobId: string): number | undefined {
  const holder = readHolder(lockPath(stateDir, jobId));
  return holder?.live ? (holder.pid ?? -1) : undefined;
}

function readHolder(file: string): { raw: string; pid?: number; live: boolean } | undefined {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = fs.readFileSync(file, 'utf8');
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const m = /^(\d+)(?: (\S+))?$/.exec(raw.trim());
  const pid = m ? Number(m[1]) : undefined;
  if (pid === undefined) return { raw, live: Date.now() - mtimeMs < EMPTY_LOCK_GRACE_MS };
  // A lock with a start time is live only while the pid's process started at that time; one
  // written by an older svc (pid only), or where the start time cannot be read, trusts the pid.
  const recorded = m?.[2];
  const now = recorded === undefined ? undefined : processStart(pid);
  return { raw, pid, live: processAlive(pid) && (now === undefined || now === recorded) };
}

/** What a lock holds: `<pid> <start time>` (or the pid alone where start times are unknown). */
function ownerRecord(): string {
  const start = processStart(process.pid);
  return start === undefined ? String(process.pid) : `${process.pid} ${start}`;
}

/**
 * When `pid` started, as an opaque token: field 22 of /proc/<pid>/stat (clock ticks since boot)
 * on Linux. Undefined elsewhere or when unreadable (the pid alone then decides).
 */
export function processStart(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}

function releaseLock(file: string): void {
  try {
    if (fs.readFileSync(file, 'utf8').trim() === ownerRecord()) fs.unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
