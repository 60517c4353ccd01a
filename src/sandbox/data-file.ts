// The `--data FILE` format: FILE is a JSON snapshot of the whole state, and
// FILE.log beside it holds the changes made since, one JSON line per changed record, grouped
// in batches that each end with a commit line:
//   {"s":7,"c":"listings","r":{...}}          a record of a collection, added or replaced (by id)
//   {"s":7,"c":"idempotency","k":"KEY","r":…}  a stored response; "r":null forgets it
//   {"s":7,"m":"nextId","v":{...}}            a small top-level value; "d":1 removes it
//   {"s":7,"end":3}                           the batch holds 3 lines: only now is it applied
// A load applies the batches numbered after the snapshot's `logSeq`, in order; a batch without
// its commit line (a process killed while writing it) is cut off, so a kill at any moment
// leaves the previous state or the new one, never a mix. A snapshot is written to a temporary
// name and renamed into place; version 1 files (the whole state, no log) still load.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fsyncDir, processAlive } from '../state/durable.js';
import type { SandboxData } from './state.js';

export const FORMAT_VERSION = 2;

function logPath(file: string): string {
  return `${file}.log`;
}

/** The key of a record in its collection: mediations are keyed by their order. */
export function recordId(collection: string, r: Record<string, unknown>): string {
  return String(collection === 'mediations' ? r.orderId : r.id);
}

export interface Loaded {
  data: SandboxData;
  /** The number of the last batch applied (or the snapshot's). */
  seq: number;
  snapshotBytes: number;
  /** Bytes of the log that hold committed batches; anything after them is cut at open. */
  logBytes: number;
  /** The log had a torn tail. */
  torn: boolean;
  /** A version 1 file: rewritten in the current format at open. */
  migrate: boolean;
}

type Op =
  | { s: number; c: string; k?: string; r: Record<string, unknown> | null }
  | { s: number; m: string; v?: unknown; d?: 1 };

export function loadDataFile(file: string): Loaded | undefined {
  if (!existsSync(file)) return undefined;
  const raw = readFileSync(file, 'utf8');
  const parsed = JSON.parse(raw) as Omit<Partial<SandboxData>, 'version'> & { version?: unknown; logSeq?: unknown };
  const version = parsed.version;
  if ((version !== 1 && version !== 2) || !Array.isArray(parsed.accounts) || !Array.isArray(parsed.listings)) {
    throw new Error(`${file} is not a sandbox data file (version 1 or 2)`);
  }
  const seq = typeof parsed.logSeq === 'number' ? parsed.logSeq : 0;
  delete parsed.logSeq;
  const data = Object.assign(parsed, { version: FORMAT_VERSION }) as unknown as SandboxData;
  const log = existsSync(logPath(file)) ? readFileSync(logPath(file)) : Buffer.alloc(0);
  const replayed = replay(data, log, seq);
  return {
    data,
    seq: replayed.seq,
    snapshotBytes: Buffer.byteLength(raw),
    logBytes: replayed.good,
    torn: replayed.good < log.length,
    migrate: version === 1,
  };
}

/** Apply the committed batches after `fromSeq`; stops at the first line that is not whole. */
function replay(data: SandboxData, log: Buffer, fromSeq: number): { seq: number; good: number } {
  const apply = new Applier(data);
  let seq = fromSeq;
  let good = 0;
  let pos = 0;
  let batch: Op[] = [];
  while (pos < log.length) {
    const nl = log.indexOf(10, pos);
    if (nl < 0) break;
    let op: (Op & { end?: number }) | undefined;
    try {
      op = JSON.parse(log.toString('utf8', pos, nl)) as Op & { end?: number };
    } catch {
      break;
    }
    pos = nl + 1;
    if (typeof op?.s !== 'number') break;
    if (op.end === undefined) {
      batch.push(op);
      continue;
    }
    if (op.end !== batch.length || batch.some((b) => b.s !== op.s)) break;
    if (op.s > seq) {
      for (const b of batch) apply.op(b);
      seq = op.s;
    }
    batch = [];
    good = pos;
  }
  return { seq, good };
}

class Applier {
  private readonly index = new Map<string, Map<string, number>>();
  constructor(private readonly data: SandboxData) {}

  op(op: Op): void {
    const d = this.data as unknown as Record<string, unknown>;
    if ('m' in op) {
      if (op.d) delete d[op.m];
      else d[op.m] = op.v;
    } else if (op.c === 'idempotency') {
      if (op.r === null) delete this.data.idempotency[op.k!];
      else this.data.idempotency[op.k!] = op.r as never;
    } else if (op.r) {
      if (!Array.isArray(d[op.c])) d[op.c] = [];
      const list = d[op.c] as Record<string, unknown>[];
      const at = this.positions(op.c, list);
      const id = recordId(op.c, op.r);
      const i = at.get(id);
      if (i === undefined) {
        at.set(id, list.length);
        list.push(op.r);
      } else list[i] = op.r;
    }
  }

  private positions(c: string, list: Record<string, unknown>[]): Map<string, number> {
    let at = this.index.get(c);
    if (!at) {
      at = new Map(list.map((r, i) => [recordId(c, r), i]));
      this.index.set(c, at);
    }
    return at;
  }
}

/** Buffers JSON text and writes it in pieces of about 1 MB: a snapshot never exists as one string. */
class ChunkWriter {
  private parts: string[] = [];
  private size = 0;
  bytes = 0;
  constructor(private readonly fd: number) {}
  push(s: string): void {
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= 1 << 20) this.drain();
  }
  drain(): void {
    if (this.parts.length === 0) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    for (let off = 0; off < buf.length; ) off += writeSync(this.fd, buf, off);
    this.bytes += buf.length;
    this.parts = [];
    this.size = 0;
  }
}

function writeState(out: ChunkWriter, data: SandboxData, seq: number): void {
  out.push(`{"version":${FORMAT_VERSION},"logSeq":${seq}`);
  for (const [k, v] of Object.entries(data)) {
    if (k === 'version' || v === undefined) continue;
    const name = JSON.stringify(k);
    if (Array.isArray(v)) {
      out.push(`,${name}:[`);
      for (let i = 0; i < v.length; i++) out.push(`${i ? ',' : ''}\n${JSON.stringify(v[i])}`);
      out.push(']');
    } else if (k === 'idempotency') {
      out.push(`,${name}:{`);
      let first = true;
      for (const [key, e] of Object.entries(v as object)) {
        out.push(`${first ? '' : ','}\n${JSON.stringify(key)}:${JSON.stringify(e)}`);
        first = false;
      }
      out.push('}');
    } else out.push(`,${name}:${JSON.stringify(v)}`);
  }
  out.push('}\n');
}

/**
 * Write the whole state as FILE, synchronously (so it is one consistent moment of the state)
 * and piece by piece (so memory stays flat). Returns the bytes written.
 */
export function writeSnapshot(file: string, data: SandboxData, seq: number): number {
  mkdirSync(dirname(file), { recursive: true });
  // Created exclusively under a name nobody can guess: `wx` never follows a link
  // planted at the path, and a random part means no such path is there to plant.
  const tmp = `${file}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  const out = new ChunkWriter(fd);
  try {
    writeState(out, data, seq);
    out.drain();
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, file);
  fsyncDir(dirname(file));
  return out.bytes;
}

/**
 * Temporary snapshots left by a sandbox killed while writing one (31 MB each with 100,000
 * orders): removed when the process that made them is gone. Only our own name pattern.
 */
export function removeStaleTemporaries(file: string): void {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^(\d+)\.[0-9a-f]{16}\.tmp$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '');
    if (!m || processAlive(Number(m[1]))) continue;
    try {
      unlinkSync(join(dirname(file), name));
    } catch {
      /* gone already, or not ours to remove */
    }
  }
}

/** FILE.log, opened for appending, never through a link planted at its path. */
export class ChangeLog {
  private constructor(private readonly fh: FileHandle) {}

  static async open(file: string, keepBytes: number): Promise<ChangeLog> {
    mkdirSync(dirname(file), { recursive: true });
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0);
    const fh = await open(logPath(file), flags, 0o600);
    const { size } = await fh.stat();
    if (size > keepBytes) await fh.truncate(keepBytes); // a torn batch: cut, so the next one starts clean
    return new ChangeLog(fh);
  }

  /** Append one batch and wait until it is on disk. */
  async append(text: string): Promise<number> {
    const buf = Buffer.from(text, 'utf8');
    for (let off = 0; off < buf.length; ) off += (await this.fh.write(buf, off)).bytesWritten;
    await this.fh.datasync();
    return buf.length;
  }

  /** Everything in the log is in the snapshot now. */
  async clear(): Promise<void> {
    await this.fh.truncate(0);
  }

  close(): Promise<void> {
    return this.fh.close();
  }
}
