// The ledger of a credential pool (issue 17): which entries of the pool were sent, to which
// listing, in which job, with the service's answer. One JSONL file per pool under
// <stateDir>/pools (0700), 0600, each record fsynced before svc goes on. It never holds a
// credential: entries are named by an HMAC-SHA256 of the credential keyed with a secret made
// once per install (<stateDir>/pools/secret, 0600), so the ledger alone reveals nothing, not
// even whether a guessed credential is in it.
import { DurableAppendFile } from './append-file.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SvcError } from '../api/errors.js';
import { fsyncDir, processAlive } from './durable.js';

const LEDGER_VERSION = 1;

function poolsDir(stateDir: string): string {
  return path.join(stateDir, 'pools');
}

function ensurePoolsDir(stateDir: string): string {
  const dir = poolsDir(stateDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * The install's secret. Made on first use (32 random bytes) and published atomically (a temp
 * file hard-linked into place), so two first runs at once agree on one secret. Undefined when
 * it does not exist and `create` is false (a dry run writes nothing).
 */
export function poolSecret(stateDir: string, create: boolean): Buffer | undefined {
  const file = path.join(poolsDir(stateDir), 'secret');
  const read = (): Buffer | undefined => {
    try {
      const b = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
      if (b.length < 32)
        throw new SvcError(
          `${file} is damaged (not a 32-byte secret)`,
          'restore it from a backup; without it the pool ledgers cannot be read',
        );
      return b;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  };
  const existing = read();
  if (existing || !create) return existing;
  const dir = ensurePoolsDir(stateDir);
  const tmp = path.join(dir, `.secret.${process.pid}.${randomBytes(4).toString('hex')}`);
  fs.writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
    fsyncDir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return read();
}

/** The keyed hash that names a pool entry: HMAC-SHA256(secret, credential), base64url. */
export function fingerprinter(secret: Buffer): (credential: string) => string {
  return (credential) => createHmac('sha256', secret).update(credential, 'utf8').digest('base64url');
}

/** The ledger of the pool at `realPath` (one per pool file; named by a keyed hash of its path). */
export function ledgerPath(stateDir: string, secret: Buffer, realPath: string): string {
  const id = createHmac('sha256', secret).update(`pool-path\0${realPath}`).digest('hex').slice(0, 24);
  return path.join(poolsDir(stateDir), `${id}.jsonl`);
}

export type LedgerRecord =
  | { t: 'pool'; v: number; path: string; createdAt: string }
  /** A refill's selection, written before its job starts: its entries are taken from then on. */
  | {
      t: 'plan';
      plan: string;
      listing: number;
      variant: number | null;
      target: number;
      held: number;
      sha256: string;
      chunks: string[][];
      at: string;
    }
  | {
      t: 'sent';
      plan: string;
      chunk: number;
      job?: string;
      added: number;
      duplicates: number;
      total?: number;
      at: string;
    }
  | {
      t: 'refused';
      plan: string;
      chunk: number;
      job?: string;
      status?: number;
      code?: string;
      message: string;
      at: string;
    }
  /** done: the job finished; abandoned: the plan's job never started (nothing was sent). */
  | { t: 'end'; plan: string; state: 'done' | 'abandoned'; job?: string; at: string };

export interface LedgerPlan {
  plan: Extract<LedgerRecord, { t: 'plan' }>;
  outcomes: Map<number, Extract<LedgerRecord, { t: 'sent' | 'refused' }>>;
  end?: Extract<LedgerRecord, { t: 'end' }>;
}

/** Where an entry went, by its hash. */
export interface EntryUse {
  plan: string;
  listing: number;
  variant: number | null;
  chunk: number;
  /** sent: the service took the chunk; refused: it refused it (code); in flight: no answer recorded yet. */
  status: 'sent' | 'refused' | 'in flight';
  job?: string;
  code?: string;
  message?: string;
  at: string;
}

export interface LedgerState {
  file: string;
  plans: LedgerPlan[];
  /** Lines that did not parse (a tail torn by a kill); ignored. */
  skipped: number;
}

export function readLedger(file: string): LedgerState {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const plans = new Map<string, LedgerPlan>();
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let r: LedgerRecord;
    try {
      r = JSON.parse(line) as LedgerRecord;
    } catch {
      skipped++;
      continue;
    }
    if (r.t === 'plan') plans.set(r.plan, { plan: r, outcomes: new Map() });
    else if (r.t === 'sent' || r.t === 'refused') plans.get(r.plan)?.outcomes.set(r.chunk, r);
    else if (r.t === 'end') {
      const p = plans.get(r.plan);
      if (p) p.end = r;
    }
  }
  return { file, plans: [...plans.values()], skipped };
}

/** Every entry the ledger knows, by hash: an abandoned plan's entries were never sent and are free. */
export function entryUses(state: LedgerState): Map<string, EntryUse> {
  const uses = new Map<string, EntryUse>();
  for (const p of state.plans) {
    if (p.end?.state === 'abandoned') continue;
    p.plan.chunks.forEach((hashes, chunk) => {
      const o = p.outcomes.get(chunk);
      const use: EntryUse = {
        plan: p.plan.plan,
        listing: p.plan.listing,
        variant: p.plan.variant,
        chunk,
        status: o?.t === 'sent' ? 'sent' : o?.t === 'refused' ? 'refused' : 'in flight',
        ...(o?.job ? { job: o.job } : p.end?.job ? { job: p.end.job } : {}),
        ...(o?.t === 'refused'
          ? { ...(o.code ? { code: o.code } : o.status ? { code: String(o.status) } : {}), message: o.message }
          : {}),
        at: o?.at ?? p.plan.at,
      };
      // A later plan that sent a refused entry again wins over the refusal.
      for (const h of hashes) if (!uses.has(h) || uses.get(h)!.status === 'refused') uses.set(h, use);
    });
  }
  return uses;
}

/** sha256 of a plan's entries: the job's input fingerprint (resume checks it, cli-spec 4). */
export function planSha(plan: string, chunks: string[][]): string {
  const h = createHash('sha256').update(`${plan}\n`);
  for (const c of chunks) h.update(`${c.join(',')}\n`);
  return h.digest('hex');
}

export function chunkSha(hashes: string[]): string {
  return createHash('sha256').update(hashes.join(',')).digest('hex');
}

/** Appends records durably (src/state/append-file.ts); one writer at a time, under the pool lock. */
export class LedgerWriter {
  private constructor(private readonly file: DurableAppendFile<LedgerRecord>) {}

  static open(stateDir: string, file: string, poolPath: string): LedgerWriter {
    ensurePoolsDir(stateDir);
    const opened = DurableAppendFile.append<LedgerRecord>(file);
    const w = new LedgerWriter(opened.file);
    if (opened.created) w.write({ t: 'pool', v: LEDGER_VERSION, path: poolPath, createdAt: new Date().toISOString() });
    return w;
  }

  write(record: LedgerRecord): void {
    this.file.write(record);
  }

  close(): void {
    this.file.close();
  }
}

/**
 * One refill per pool at a time (a cron run and a webhook hook may meet): `<ledger>.lock`
 * holds the owner's pid; a dead owner's lock is taken over. A live owner is waited for, up to
 * `waitMs`, checking every `pollMs`: the second refill then sees what the first one sent.
 */
export async function lockPool(
  file: string,
  displayName: string,
  opts: { waitMs: number; pollMs: number; onWait?: (pid: number) => void; signal?: AbortSignal },
): Promise<{ release: () => void; waited: boolean }> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + opts.waitMs;
  let waited = false;
  for (;;) {
    try {
      const fd = fs.openSync(lock, 'wx', 0o600);
      try {
        fs.writeSync(fd, String(process.pid));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return { release: () => fs.rmSync(lock, { force: true }), waited };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid = NaN;
    try {
      pid = Number(fs.readFileSync(lock, 'utf8').trim());
    } catch {
      continue; /* released meanwhile */
    }
    const hasPid = Number.isInteger(pid) && pid > 0;
    if (hasPid && !processAlive(pid)) {
      fs.rmSync(lock, { force: true });
      continue;
    } // its owner died
    if (!hasPid && lockAgeMs(lock) > EMPTY_LOCK_GRACE_MS) {
      fs.rmSync(lock, { force: true });
      continue;
    } // killed mid-creation
    if (Date.now() >= deadline || opts.signal?.aborted) {
      throw new SvcError(
        `pool ${displayName} is in use by another svc (process ${Number.isNaN(pid) ? '?' : pid})`,
        'wait for that refill to finish, then run again',
      );
    }
    if (!waited) opts.onWait?.(pid);
    waited = true;
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
}

// An owner writes its pid right after creating the lock: an empty lock older than this is a
// creator killed in between.
const EMPTY_LOCK_GRACE_MS = 5_000;

function lockAgeMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
