// The one lock file of svc: a job, a write target, a mirror sync, a webhook store and a stock
// pool each allow one process at a time (cli-spec 4; spec 6.2.4 "nothing twice"). The lock is
// made with `wx` and mode 0600 and holds `<pid> <start time>`: the start time (field 22 of
// /proc/<pid>/stat) tells a reused pid from the owner, so a lock left by a killed process is
// stale even when the system has since given its pid to another one. Where the start time
// cannot be read (not Linux), the pid alone decides. A lock found empty is a process killed
// between creating and writing it once it is older than EMPTY_LOCK_GRACE_MS.
// Each caller keeps its own words: this module says who holds a lock, the caller what it means.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { processAlive } from './durable.js';

export interface FileLock {
  readonly path: string;
  /** Removes the lock if this process still holds it (never one a later owner took over). */
  release(): void;
}

/** Either the lock, or who holds it (`pid` undefined: a lock still being written). */
export type LockAttempt = { lock: FileLock } | { heldBy: number | undefined };

// An owner writes its record right after creating the file: an empty lock older than this is a
// creator killed in between.
const EMPTY_LOCK_GRACE_MS = 5_000;

/** Takes `file` at once, or says who holds it. A stale lock (dead or reused pid) is taken over. */
export function tryLock(file: string): LockAttempt {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(file)) return { lock: { path: file, release: releaser(file) } };
    const holder = readHolder(file);
    if (holder === undefined) continue; // vanished between open and read: try again
    if (holder.live) return { heldBy: holder.pid };
    // Stale: re-read right before removing, so a lock retaken in between is left alone.
    const again = readHolder(file);
    if (again && again.raw === holder.raw && !again.live) rmSync(file, { force: true });
  }
  return { heldBy: readHolder(file)?.pid };
}

export interface WaitOptions {
  /** How long a live owner is waited for before giving up. */
  waitMs: number;
  pollMs: number;
  signal?: AbortSignal;
  /** Called once, when the first wait begins. */
  onWait?: (pid: number | undefined) => void;
  /** The clock the deadline is read on (svc's, with its offset, where the caller has one). */
  now?: () => number;
}

/**
 * Takes `file`, waiting for a live owner up to `waitMs`; then returns who holds it. `waited`
 * tells the caller that another process ran meanwhile (its work may have changed the state).
 */
export async function waitLock(
  file: string,
  opts: WaitOptions,
): Promise<{ lock: FileLock; waited: boolean } | { heldBy: number | undefined }> {
  const now = opts.now ?? Date.now;
  const deadline = now() + opts.waitMs;
  let waited = false;
  for (;;) {
    const got = tryLock(file);
    if ('lock' in got) return { lock: got.lock, waited };
    if (now() >= deadline || opts.signal?.aborted) return got;
    if (!waited) opts.onWait?.(got.heldBy);
    waited = true;
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}

/** The live owner of `file`: its pid, -1 for a lock being written, undefined when free or stale. */
export function lockOwner(file: string): number | undefined {
  const holder = readHolder(file);
  return holder?.live ? (holder.pid ?? -1) : undefined;
}

function create(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  // Not fsync'd: a lock speaks only to live processes, which read it through the page cache; after
  // a crash its owner is dead (stale) or the file is empty (EMPTY_LOCK_GRACE_MS) either way. The
  // fsync, with the unlink it made slow on ext4, was 3-4 ms of every read's usage-ledger write.
  try {
    writeSync(fd, ownerRecord());
  } finally {
    closeSync(fd);
  }
  return true;
}

function releaser(file: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(file, 'utf8').trim() === ownerRecord()) unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  };
}

function readHolder(file: string): { raw: string; pid?: number; live: boolean } | undefined {
  let raw: string;
  let mtimeMs: number;
  try {
    raw = readFileSync(file, 'utf8');
    mtimeMs = statSync(file).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const m = /^(\d+)(?: (\S+))?$/.exec(raw.trim());
  const pid = m ? Number(m[1]) : undefined;
  if (pid === undefined || pid <= 0) return { raw, live: Date.now() - mtimeMs < EMPTY_LOCK_GRACE_MS };
  // A lock with a start time is live only while the pid's process started at that time; one
  // written by an older svc (pid only), or where the start time cannot be read, trusts the pid.
  const recorded = m?.[2];
  const now = recorded === undefined ? undefined : processStart(pid);
  return { raw, pid, live: processAlive(pid) && (now === undefined || now === recorded) };
}

/** What a lock holds: `<pid> <start time>` (or the pid alone where start times are unknown). */
function ownerRecord(): string {
  // This process's own never changes: read once, not on every take and release (a read's usage
  // ledger takes a lock at exit, and each /proc read was on its way out).
  if (ownRecord === undefined) {
    const start = processStart(process.pid);
    ownRecord = start === undefined ? String(process.pid) : `${process.pid} ${start}`;
  }
  return ownRecord;
}
let ownRecord: string | undefined;

/**
 * When `pid` started, as an opaque token: field 22 of /proc/<pid>/stat (clock ticks since boot)
 * on Linux. Undefined elsewhere or when unreadable (the pid alone then decides).
 */
export function processStart(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start && /^\d+$/.test(start) ? start : undefined;
  } catch {
    return undefined;
  }
}
