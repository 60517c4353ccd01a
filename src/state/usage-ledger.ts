// The usage ledger: every request svc makes from this state folder, counted by UTC day (the
// service's day: DAILY_LIMIT runs to 00:00 UTC, A8) and by feature, beside what the answers say
// of the ACCOUNT: the shared minute window of X-RateLimit-* (A8), a 429 whose Retry-After outruns
// a minute (the day is spent), the last /usage read. So a resident `shop run` and a cron `shop
// sync` on one account see one budget (spec 8: 5,000 a day per account, v1 and v2 together).
// A process keeps its counts in memory and appends them, one JSON line of what it adds, to the
// day's log (`usage-ledger.<day>.log`, 0600) at most every FLUSH_MS and when it exits. An append
// takes no lock and rewrites nothing: every read pays one small write on its way out (the
// read-modify-write of one file under a lock it replaced was 1.8 ms of a 48 ms read). Older logs
// are folded, under the one lock of src/state/lock.ts, into `usage-ledger.json`, which says
// through which day it holds them, and where a reader may start in the logs it does not hold
// (checkpoints), so a busy day's log is parsed once, not by every reader. The files' formats and
// the fold's days: src/state/usage-log.ts.
import { closeSync, fstatSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS, RATE_HEADERS } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import { timeToMs } from '../api/times.js';
import { tryLock } from './lock.js';
import {
  appendLine,
  type Checkpoint,
  deltaOf,
  foldLimit,
  linesOf,
  logDays,
  logFiles,
  mergeDelta,
  nextUtcMidnight,
  readLedgerFile,
  type UsageFile,
  utcDay,
  writeLedgerFile,
} from './usage-log.js';

export { type UsageFile, utcDay } from './usage-log.js';

/** What the account has left today, as well as this ledger knows it. */
export interface AccountLeft {
  /** Requests left today (0 while spent). */
  remaining: number;
  limit: number;
  /** `usage`: the last /usage read less what was counted since; `spent`: a DAILY_LIMIT; `local`: only this ledger's count. */
  source: 'usage' | 'spent' | 'local';
  /** When the day resets (ms). */
  resetAt: number;
  /** Requests counted here today. */
  countedToday: number;
}

const FILE = 'usage-ledger.json';
const FLUSH_MS = 1_000;
/** A reader that parsed this much of a log anew leaves a checkpoint, so the next reads start there. */
const CHECKPOINT_BYTES = 64 * 1024;
/** A per-minute Retry-After is at most a minute (A8); a longer one is the day's quota. */
const MINUTE_S = 60;

const open = new Map<string, UsageLedger>();

export class UsageLedger {
  private pending: Record<string, Record<string, number>> = {};
  private news: Partial<UsageFile> = {};
  private timer: NodeJS.Timeout | undefined;
  /** What this process has read of each day log: its bytes so far and what they add up to. */
  private logs = new Map<string, { ino: number; bytes: number; rest: Buffer; sum: UsageFile }>();

  private constructor(
    readonly dir: string,
    readonly file: string,
  ) {}

  /** The ledger of a state folder (one per folder per process). */
  static of(stateDir: string): UsageLedger {
    const file = join(stateDir, FILE);
    let l = open.get(file);
    if (!l) {
      // What is still in memory is written when the process exits (bin/svc.js exits at once).
      if (open.size === 0) process.once('exit', () => flushAll());
      l = new UsageLedger(stateDir, file);
      open.set(file, l);
    }
    return l;
  }

  /** The log a day's flushes append to. */
  logOf(day: string): string {
    return join(this.dir, `usage-ledger.${day}.log`);
  }

  /** One request on the wire, and what its answer's headers say of the account. */
  count(feature: string, status: number | undefined, headers: Record<string, string> | undefined): void {
    const now = nowMs();
    const key = utcDay(now);
    const day = this.pending[key] ?? {};
    this.pending[key] = day;
    day[feature] = (day[feature] ?? 0) + 1;
    const h = headers ?? {};
    const limit = Number(h[RATE_HEADERS.limit]);
    const remaining = Number(h[RATE_HEADERS.remaining]);
    const reset = Number(h[RATE_HEADERS.reset]);
    if (h[RATE_HEADERS.limit] && Number.isFinite(limit) && Number.isFinite(remaining) && Number.isFinite(reset))
      this.news.minute = { at: now, limit, remaining, resetAt: reset * 1000 };
    const ra = Number(h[RATE_HEADERS.retryAfter]);
    if (status === 429 && Number.isFinite(ra) && ra > MINUTE_S) {
      this.news.spentUntil = now + ra * 1000;
      this.flush(); // every other process of the account should know at once, not in a second
      return;
    }
    this.schedule();
  }

  /** A /usage answer (spec 8): the account's day as the service counts it. */
  noteAccountDay(day: { limit: number; remaining: number; reset?: unknown }): void {
    const now = nowMs();
    this.news.account = {
      at: now,
      day: utcDay(now),
      limit: day.limit,
      remaining: day.remaining,
      resetAt: timeToMs(day.reset) ?? nextUtcMidnight(now),
      countedThen: countOf(this.read(), utcDay(now)),
    };
    this.schedule();
  }

  /** The ledger as on disk (the folded file and the day logs since) plus what this process has not written yet. */
  read(): UsageFile {
    const now = nowMs();
    let base = readLedgerFile(this.file);
    if ((base.foldedThrough ?? '') < foldLimit(now)) base = this.foldOld(now) ?? base;
    const { checkpoints, ...folded } = base;
    let onDisk: UsageFile = folded;
    const days = logDays(base, now);
    const parsed: Record<string, Checkpoint> = {};
    for (const day of days) {
      const read = this.tail(this.logOf(day), checkpoints?.[day]);
      onDisk = mergeDelta(onDisk, read.sum);
      if (read.parsedAnew > CHECKPOINT_BYTES) parsed[day] = read.checkpoint;
    }
    if (Object.keys(parsed).length > 0) this.checkpoint(parsed);
    // a resident process reads for days: what it kept of logs no longer read goes
    const logs = days.map((day) => this.logOf(day));
    for (const log of this.logs.keys()) if (!logs.includes(log)) this.logs.delete(log);
    return mergeDelta(onDisk, { ...this.news, days: this.pending });
  }

  /** Checkpoints into the file, under the lock (one try: another reader will leave them). */
  private checkpoint(parsed: Record<string, Checkpoint>): void {
    const lock = lockLedger(this.file);
    if (!lock) return;
    try {
      const base = readLedgerFile(this.file);
      const checkpoints = { ...base.checkpoints };
      for (const [day, cp] of Object.entries(parsed))
        if (day > (base.foldedThrough ?? '') && cp.bytes > (checkpoints[day]?.bytes ?? 0)) checkpoints[day] = cp;
      writeLedgerFile(this.file, { ...base, checkpoints });
    } catch {
      /* a full or read-only state folder: the next reader parses the log again */
    } finally {
      lock.release();
    }
  }

  /** What the account has left today. */
  accountLeft(): AccountLeft {
    return accountLeft(this.read(), nowMs());
  }

  /** Appends what is pending to the day's log (kept for the next flush when the disk refuses it). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (Object.keys(this.pending).length === 0 && Object.keys(this.news).length === 0) return;
    const now = nowMs();
    // A newline before as well as after: a line cut short (a full disk) ends at the next one's
    // start, and is passed over alone instead of taking the next process's line with it.
    const line = `\n${JSON.stringify({ ...this.news, days: this.pending })}\n`;
    const made = appendLine(this.dir, this.logOf(utcDay(now)), line);
    if (made === undefined) {
      this.schedule(); // a full or read-only state folder: the counts stay in memory
      return;
    }
    this.pending = {};
    this.news = {};
    // The day's first line: the older logs are folded now, once a day, by whichever process starts
    // the day (a folder only ever written by one-shot reads is still kept small).
    if (made) this.foldOld(now);
  }

  /**
   * Folds the day logs through foldLimit into the file, under the lock; undefined when another
   * process holds it or the disk refuses (the logs are then read as they are, folded later).
   * `foldedThrough` only moves forward: a process whose clock is behind folds nothing again.
   */
  private foldOld(now: number): UsageFile | undefined {
    const lock = lockLedger(this.file);
    if (!lock) return undefined;
    try {
      let base = readLedgerFile(this.file);
      const through = foldLimit(now);
      if (through <= (base.foldedThrough ?? '')) return base;
      const days = logFiles(this.dir).filter((d) => d <= through && d > (base.foldedThrough ?? ''));
      for (const day of days) base = mergeDelta(base, linesOf(readFileSync(this.logOf(day))).sum);
      base.foldedThrough = through;
      for (const day of Object.keys(base.checkpoints ?? {})) if (day <= through) delete base.checkpoints?.[day];
      writeLedgerFile(this.file, base);
      for (const day of logFiles(this.dir).filter((d) => d <= through)) {
        rmSync(this.logOf(day), { force: true });
        this.logs.delete(this.logOf(day));
      }
      return base;
    } catch {
      return undefined; // a full or read-only state folder: read as it is
    } finally {
      lock.release();
    }
  }

  /**
   * A day log's lines added up: only the bytes this process has not read before, from the file's
   * checkpoint when this process has read less. `parsedAnew` bytes were parsed now, and
   * `checkpoint` is where the whole lines end.
   */
  private tail(
    path: string,
    cp: Checkpoint | undefined,
  ): { sum: UsageFile; parsedAnew: number; checkpoint: Checkpoint } {
    const empty: UsageFile = { v: 1, days: {} };
    let seen = this.logs.get(path) ?? { ino: -1, bytes: 0, rest: Buffer.alloc(0), sum: empty };
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      this.logs.delete(path);
      return { sum: empty, parsedAnew: 0, checkpoint: { ino: -1, bytes: 0, sum: empty } };
    }
    try {
      const { size, ino } = fstatSync(fd);
      // another file by that name (folded away, then made again): read from its start
      if (ino !== seen.ino || size < seen.bytes) seen = { ino, bytes: 0, rest: Buffer.alloc(0), sum: empty };
      // (the checkpoint is of this file, and a log only grows)
      if (cp && cp.ino === ino && cp.bytes <= size && cp.bytes > seen.bytes - seen.rest.length)
        seen = { ino, bytes: cp.bytes, rest: Buffer.alloc(0), sum: mergeDelta(empty, cp.sum) };
      const fresh = Buffer.alloc(size - seen.bytes);
      const got = fresh.length > 0 ? readSync(fd, fresh, 0, fresh.length, seen.bytes) : 0;
      const lines = linesOf(Buffer.concat([seen.rest, fresh.subarray(0, got)]));
      seen = { ino, bytes: seen.bytes + got, rest: lines.rest, sum: mergeDelta(seen.sum, lines.sum) };
      this.logs.set(path, seen);
      const checkpoint = { ino, bytes: seen.bytes - seen.rest.length, sum: deltaOf(seen.sum) };
      return { sum: seen.sum, parsedAnew: got, checkpoint };
    } finally {
      closeSync(fd);
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), FLUSH_MS);
    this.timer.unref?.();
  }
}

function countOf(f: UsageFile, day: string): number {
  return Object.values(f.days[day] ?? {}).reduce((a, b) => a + b, 0);
}

/** Writes every ledger's pending counts now (at exit, and before a verb returns). */
function flushAll(): void {
  for (const l of open.values()) l.flush();
}

function accountLeft(f: UsageFile, now: number): AccountLeft {
  const day = utcDay(now);
  const countedToday = countOf(f, day);
  const resetAt = nextUtcMidnight(now);
  if (f.spentUntil && f.spentUntil > now)
    return { remaining: 0, limit: LIMITS.v2PerDay, source: 'spent', resetAt: f.spentUntil, countedToday };
  const a = f.account;
  if (a && a.day === day) {
    const since = Math.max(0, countedToday - a.countedThen);
    return { remaining: Math.max(0, a.remaining - since), limit: a.limit, source: 'usage', resetAt, countedToday };
  }
  const remaining = Math.max(0, LIMITS.v2PerDay - countedToday);
  return { remaining, limit: LIMITS.v2PerDay, source: 'local', resetAt, countedToday };
}

/**
 * The one way this ledger takes the state folder's lock: one try. A holder is folding the same
 * logs or leaving a checkpoint (neither ever moves today's log), so the next one does it.
 */
function lockLedger(file: string): { release(): void } | undefined {
  try {
    // (tryLock makes the state folder, 0700, when it is missing)
    const got = tryLock(`${file}.lock`);
    return 'lock' in got ? got.lock : undefined;
  } catch {
    return undefined; // the disk, not a holder: a read-only or full state folder
  }
}
