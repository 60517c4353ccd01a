// The usage ledger's files (src/state/usage-ledger.ts keeps the counts and says what is left):
// `usage-ledger.json`, what is folded, and a log a UTC day (`usage-ledger.<day>.log`) each process
// appends its counts to; how a line is written and read, and which days are folded when. Not
// state/append-file.ts's durable file: that one has one writer and fsyncs each record, where this
// has every svc process of the folder appending at once, and a count is not worth a disk flush.
import {
  closeSync,
  constants,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

const LOG = /^usage-ledger\.(\d{4}-\d{2}-\d{2})\.log$/;
/** Days of counts kept. */
const DAYS_KEPT = 8;
const DAY_MS = 86_400_000;
/** How long into a UTC day yesterday's log is left unfolded (see foldLimit). */
const FOLD_AFTER_MS = 10 * 60_000;

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
  /** The day logs through this day are in this file (their files may linger; they are not read again). */
  foldedThrough?: string;
  /**
   * What the first `bytes` of a later day's log add up to (the log of that file number): a reader
   * adds only the lines after. Written by a reader that parsed more than CHECKPOINT_BYTES anew.
   */
  checkpoints?: Record<string, Checkpoint>;
}

/** The sum of a log's whole lines up to a byte offset. */
export interface Checkpoint {
  ino: number;
  bytes: number;
  sum: Delta;
}

/** One appended line: what one flush of one process adds. */
export type Delta = Pick<UsageFile, 'days' | 'account' | 'spentUntil' | 'minute'>;

/**
 * YYYY-MM-DD of a time in UTC, by arithmetic on the day number (the civil-from-days rule of the
 * proleptic Gregorian calendar): a read counts its request here on the way to its output, and on
 * Node 26 the first Date a process makes loads the local time zone from ICU (0.13 ms), which a
 * UTC day never needs.
 */
export function utcDay(ms: number): string {
  const z = Math.floor(ms / DAY_MS) + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097); // 400-year cycles
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100)); // from March 1st
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

/** The next 00:00 UTC after a time (a UTC day is DAY_MS long in epoch time: no leap seconds). */
export function nextUtcMidnight(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}

/**
 * Appends one line to a day log (O_APPEND: each write lands whole at the end, whoever else
 * appends). True when this append made the log, false when it was there, undefined when the disk
 * refused it.
 */
export function appendLine(dir: string, log: string, line: string): boolean | undefined {
  const { O_WRONLY, O_APPEND, O_CREAT, O_EXCL } = constants;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number | undefined;
    let made = false;
    try {
      try {
        fd = openSync(log, O_WRONLY | O_APPEND);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        fd = openSync(log, O_WRONLY | O_APPEND | O_CREAT | O_EXCL, 0o600);
        made = true;
      }
      // A short write (a full disk) failed: its counts stay in memory. One short of the whole line
      // is a whole record (only its last newline is missing; the next line's first ends it).
      const bytes = Buffer.byteLength(line);
      if (writeSync(fd, line) < bytes - 1) return undefined;
      return made;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue; // made by another process in between: append to it
      if (code !== 'ENOENT' || attempt > 0) return undefined;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch {
        return undefined;
      }
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  return undefined;
}

/**
 * The last day whose log is folded: yesterday once today is FOLD_AFTER_MS old (no process still
 * names yesterday's log then: each names it by the time of its append, microseconds before
 * writing), the day before until then. What is left as logs is read by every reader.
 */
export function foldLimit(now: number): string {
  // (a UTC day is DAY_MS long in epoch time: no leap seconds)
  return utcDay(now - (now % DAY_MS >= FOLD_AFTER_MS ? 1 : 2) * DAY_MS);
}

/** The days of the logs a read adds to the file: those after what it holds, to tomorrow (a clock ahead). */
export function logDays(base: UsageFile, now: number): string[] {
  const days: string[] = [];
  for (let i = DAYS_KEPT; i >= -1; i--) {
    const day = utcDay(now - i * DAY_MS);
    if (day > (base.foldedThrough ?? '')) days.push(day);
  }
  return days;
}

/** The days of the logs in a state folder. */
export function logFiles(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => LOG.exec(name)?.[1])
    .filter((d): d is string => d !== undefined)
    .sort();
}

/** A log's whole lines added up, and what follows the last newline (a line still being written). */
export function linesOf(bytes: Buffer): { sum: UsageFile; rest: Buffer } {
  const end = bytes.lastIndexOf(10) + 1;
  const sum: UsageFile = { v: 1, days: {} };
  for (const text of bytes.subarray(0, end).toString('utf8').split('\n')) {
    if (!text) continue;
    try {
      const d = JSON.parse(text) as Partial<Delta>;
      if (d && typeof d === 'object' && d.days && typeof d.days === 'object') addInto(sum, d as Delta);
    } catch {
      /* a line cut by a full disk: what it held is lost, the others count */
    }
  }
  return { sum, rest: Buffer.from(bytes.subarray(end)) };
}

/**
 * `base` and then `delta`: counts add up; of the minute window and the /usage read, the later
 * one by when it was seen (processes append in the order they flush, not the order they saw);
 * a spent day, the later end.
 */
export function mergeDelta(base: UsageFile, delta: Delta): UsageFile {
  const days: UsageFile['days'] = {};
  for (const [d, fs] of Object.entries(base.days)) days[d] = { ...fs };
  const out: UsageFile = { ...base, days, v: 1 };
  addInto(out, delta);
  for (const d of Object.keys(days).sort().slice(0, -DAYS_KEPT)) delete days[d];
  return out;
}

/** What a sum of lines holds, as a line would. */
export function deltaOf(f: UsageFile): Delta {
  const { days, minute, account, spentUntil } = f;
  return { days, ...(minute && { minute }), ...(account && { account }), ...(spentUntil && { spentUntil }) };
}

/** `delta` added to `into` in place (a log's lines, one after another, without a copy a line). */
function addInto(into: UsageFile, delta: Delta): void {
  for (const [d, fs] of Object.entries(delta.days)) {
    const day = into.days[d] ?? {};
    into.days[d] = day;
    for (const [k, n] of Object.entries(fs)) if (typeof n === 'number') day[k] = (day[k] ?? 0) + n;
  }
  if (delta.minute && delta.minute.at >= (into.minute?.at ?? -Infinity)) into.minute = delta.minute;
  if (delta.account && delta.account.at >= (into.account?.at ?? -Infinity)) into.account = delta.account;
  if ((delta.spentUntil ?? 0) > (into.spentUntil ?? 0)) into.spentUntil = delta.spentUntil;
}

export function readLedgerFile(file: string): UsageFile {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<UsageFile>;
    if (raw && raw.v === 1 && raw.days && typeof raw.days === 'object') return raw as UsageFile;
  } catch {
    /* none yet, or unreadable: counting starts again */
  }
  return { v: 1, days: {} };
}

export function writeLedgerFile(file: string, data: UsageFile): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  renameSync(tmp, file);
}
