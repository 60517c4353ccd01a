// The usage ledger: every request svc makes from this state folder, counted by UTC day (the
// service's day: DAILY_LIMIT runs to 00:00 UTC, A8) and by feature, beside what the answers say
// of the ACCOUNT: the shared minute window of X-RateLimit-* (A8), a 429 whose Retry-After outruns
// a minute (the day is spent), the last /usage read. So a resident `shop run` and a cron `shop
// sync` on one account see one budget (spec 8: 5,000 a day per account, v1 and v2 together).
// One small JSON file (0600), read-modify-written under the one lock of src/state/lock.ts; the counts are
// kept in memory and written at most every FLUSH_MS and when the process exits.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS, RATE_HEADERS } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import { timeToMs } from '../api/times.js';
import { tryLock } from './lock.js';

export interface UsageFile {
  v: 1;
  /** Requests by UTC day (YYYY-MM-DD), then by feature; the last DAYS_KEPT days. */
  days: Record<string, Record<string, number>>;
  /** The last /usage answer: the account's day as the service counted it, and this ledger's count then. */
  account?: { at: number; day: string; limit: number; remaining: number; resetAt: number; countedThen: number };
  /** The account's day is spent until then (a 429 with a Retry-After longer than a minute, A8). */
  spentUntil?: number;
  /** The last minute window an answer showed (shared by every tool of the account, A8). */
  minute?: { at: number; limit: number; remaining: number; resetAt: number };
}

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
const DAYS_KEPT = 8;
const FLUSH_MS = 1_000;
/** A per-minute Retry-After is at most a minute (A8); a longer one is the day's quota. */
const MINUTE_S = 60;

/** YYYY-MM-DD of a time in UTC. From the UTC parts, not toISOString: its first call in a process
 * costs 0.3 ms, and a read counts its request here on the way to its output. */
export function utcDay(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

function nextUtcMidnight(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

const open = new Map<string, UsageLedger>();

export class UsageLedger {
  private pending: Record<string, Record<string, number>> = {};
  private news: Partial<UsageFile> = {};
  private timer: NodeJS.Timeout | undefined;

  private constructor(readonly file: string) {}

  /** The ledger of a state folder (one per folder per process). */
  static of(stateDir: string): UsageLedger {
    const file = join(stateDir, FILE);
    let l = open.get(file);
    if (!l) {
      // What is still in memory is written when the process exits (bin/svc.js exits at once).
      if (open.size === 0) process.once('exit', () => flushAll());
      l = new UsageLedger(file);
      open.set(file, l);
    }
    return l;
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

  /** The ledger as on disk plus what this process has not written yet. */
  read(): UsageFile {
    return merge(readFile(this.file), this.pending, this.news);
  }

  /** What the account has left today. */
  accountLeft(): AccountLeft {
    return accountLeft(this.read(), nowMs());
  }

  /** Writes what is pending (under the lock; kept for the next flush when the lock is busy). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (Object.keys(this.pending).length === 0 && Object.keys(this.news).length === 0) return;
    const lock = lockLedger(this.file);
    if (!lock) {
      this.schedule();
      return;
    }
    try {
      writeFile(this.file, merge(readFile(this.file), this.pending, this.news));
      this.pending = {};
      this.news = {};
    } catch {
      // A full or read-only state folder: the counts stay in memory for the next flush.
    } finally {
      lock.release();
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

/** The one way this ledger takes the state folder's lock: a few short tries, then later. */
function lockLedger(file: string): { release(): void } | undefined {
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 20; i++) {
    try {
      // (tryLock makes the state folder, 0700, when it is missing)
      const got = tryLock(`${file}.lock`);
      if ('lock' in got) return got.lock;
    } catch {
      return undefined; // the disk, not a holder: a read-only or full state folder keeps the counts in memory
    }
    Atomics.wait(wait, 0, 0, 10); // another process writes its counts: a few ms
  }
  return undefined;
}

function merge(base: UsageFile, pending: Record<string, Record<string, number>>, news: Partial<UsageFile>): UsageFile {
  const days: UsageFile['days'] = {};
  for (const [d, fs] of Object.entries(base.days)) days[d] = { ...fs };
  for (const [d, fs] of Object.entries(pending)) {
    const into = days[d] ?? {};
    days[d] = into;
    for (const [k, n] of Object.entries(fs)) into[k] = (into[k] ?? 0) + n;
  }
  for (const d of Object.keys(days).sort().slice(0, -DAYS_KEPT)) delete days[d];
  const out: UsageFile = { ...base, ...news, days, v: 1 };
  if ((base.spentUntil ?? 0) > (out.spentUntil ?? 0)) out.spentUntil = base.spentUntil;
  return out;
}

function readFile(file: string): UsageFile {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<UsageFile>;
    if (raw && raw.v === 1 && raw.days && typeof raw.days === 'object') return raw as UsageFile;
  } catch {
    /* none yet, or unreadable: counting starts again */
  }
  return { v: 1, days: {} };
}

function writeFile(file: string, data: UsageFile): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  renameSync(tmp, file);
}
