// The pool ledger: which pool entries svc sent to which listing of an
// account, in which job, with the service's answer, and which of them the account's orders show
// as sold. ONE ledger per account (not per pool file): an entry is known by its content, so a
// pool copied, renamed or moved, or an entry that now sits in another pool file, is still the
// same entry. JSONL under <stateDir>/pools (0700), 0600, each record fsynced before svc goes on.
// It never holds a credential: an entry is named by its id (src/api/rules/pool-tag.ts), a keyed
// hash made with the profile's pool secret, the same id its upload's `ref` carries, so the
// ledger can be checked against (and rebuilt from) the account's own orders.
import { DurableAppendFile } from './append-file.js';
import { linkSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SvcError } from '../api/errors.js';
import { nowIso, nowMs } from '../api/clock.js';
import { POOL_HASH_LENGTH, POOL_ID_LENGTH, POOL_SID_LENGTH } from '../api/rules/pool-tag.js';
import { fsyncDir } from './durable.js';
import { waitLock } from './lock.js';

const LEDGER_VERSION = 1;

export function poolsDir(stateDir: string): string {
  return join(stateDir, 'pools');
}

function ensurePoolsDir(stateDir: string): string {
  const dir = poolsDir(stateDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/**
 * The install's secret. Made on first use (32 random bytes) and published atomically (a temp
 * file hard-linked into place), so two first runs at once agree on one secret. Undefined when
 * it does not exist and `create` is false (a dry run writes nothing).
 */
export function poolSecret(stateDir: string, create: boolean): Buffer | undefined {
  const file = join(poolsDir(stateDir), 'secret');
  const read = (): Buffer | undefined => {
    try {
      const b = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
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
  const tmp = join(dir, `.secret.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(tmp, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
    fsyncDir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  return read();
}

/** The secret's own id (the SID of every entry id made with it): 4 base64url characters. */
export function secretId(secret: Buffer): string {
  return createHmac('sha256', secret).update('svc pool secret id').digest('base64url').slice(0, POOL_SID_LENGTH);
}

/** The id that names a pool entry: SID + the first 14 base64url characters of HMAC-SHA256(secret, credential). */
export function entryIdMaker(secret: Buffer): (credential: string) => string {
  const sid = secretId(secret);
  return (credential) =>
    sid + createHmac('sha256', secret).update(credential, 'utf8').digest('base64url').slice(0, POOL_HASH_LENGTH);
}

/** The first ledgers named entries by the whole HMAC (43 characters): the same id, cut. */
function idOfLegacyHash(hash: string, sid: string): string {
  return hash.length === POOL_ID_LENGTH ? hash : sid + hash.slice(0, POOL_HASH_LENGTH);
}

/**
 * The ledger of the account (svc decision "one identity"): named by the service's identity of the
 * account (`GET /me`), so another spelling of the base URL, another profile, HOME or pool secret
 * finds the same one.
 */
export function accountLedgerPath(stateDir: string, account: string): string {
  const id = createHash('sha256').update(`svc pool ledger\0${account}`).digest('hex').slice(0, 24);
  return join(poolsDir(stateDir), `account-${id}.jsonl`);
}

/** Where earlier versions kept the ledger: named by the secret and the base URL as spelled. */
export function urlLedgerPath(stateDir: string, secret: Buffer, baseUrl: string): string {
  const id = createHmac('sha256', secret).update(`account\0${baseUrl}`).digest('hex').slice(0, 24);
  return join(poolsDir(stateDir), `account-${id}.jsonl`);
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
      /** the cost of each selected entry that has one (entry id -> cents), for repricing. */
      costs?: Record<string, number>;
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
  | { t: 'end'; plan: string; state: 'done' | 'abandoned'; job?: string; at: string }
  /** entries an order of the account delivered (their ids, read from its refs). */
  | { t: 'sold'; order: number; ids: string[]; at: string }
  /**
   * credentials `stock add` sends to a listing (their ids), written BEFORE the request: a run
   * killed while the chunk is in flight cannot know whether the service took it, so the record
   * holds them there until the service refuses the chunk (then `unadded`).
   */
  | { t: 'added'; listing: number; variant: number | null; ids: string[]; at: string }
  /** a chunk of `added` the service refused as a whole: it holds none of them there. */
  | { t: 'unadded'; listing: number; variant: number | null; ids: string[]; at: string }
  /** the account's sales were read up to `through` (their newest createdAt). */
  | { t: 'sync'; through: string; orders: number; at: string };

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
  /** sent: the service took the chunk; refused: it refused it (code); in flight: no answer recorded yet; sold: an order delivered it. */
  status: 'sent' | 'refused' | 'in flight' | 'sold';
  job?: string;
  code?: string;
  message?: string;
  at: string;
}

export interface LedgerState {
  file: string;
  plans: LedgerPlan[];
  /** Entry id -> the order that delivered it. */
  sold: Map<string, number>;
  /** Entry id -> where `stock add` sent it. */
  added: Map<string, { listing: number; variant: number | null }>;
  /** The newest sale read so far, when the orders were ever read. */
  syncedThrough?: string;
  /** Lines that did not parse (a tail torn by a kill); ignored. */
  skipped: number;
}

/**
 * The account's ledger, with the older per-pool-file ledgers of the same folder folded in
 * (their entries renamed to ids): what any pool sent before is still known.
 */
export function readLedger(file: string, sid?: string): LedgerState {
  const state: LedgerState = { file, plans: [], sold: new Map(), added: new Map(), skipped: 0 };
  const plans = new Map<string, LedgerPlan>();
  const files = [file, ...addedLogs(file), ...(sid ? legacyLedgers(dirname(file)) : [])];
  for (const f of files) {
    const legacy = f !== file;
    for (const line of readText(f).split('\n')) {
      if (!line.trim()) continue;
      let r: LedgerRecord;
      try {
        r = JSON.parse(line) as LedgerRecord;
      } catch {
        state.skipped++;
        continue;
      }
      if (legacy && r.t === 'plan') r = { ...r, chunks: r.chunks.map((c) => c.map((h) => idOfLegacyHash(h, sid!))) };
      apply(state, plans, r);
    }
  }
  state.plans = [...plans.values()];
  return state;
}

function apply(state: LedgerState, plans: Map<string, LedgerPlan>, r: LedgerRecord): void {
  if (r.t === 'plan') plans.set(r.plan, { plan: r, outcomes: new Map() });
  else if (r.t === 'sent' || r.t === 'refused') plans.get(r.plan)?.outcomes.set(r.chunk, r);
  else if (r.t === 'end') {
    const p = plans.get(r.plan);
    if (p) p.end = r;
  } else if (r.t === 'sold') for (const id of r.ids) state.sold.set(id, r.order);
  else if (r.t === 'added') for (const id of r.ids) state.added.set(id, { listing: r.listing, variant: r.variant });
  else if (r.t === 'unadded') unadd(state, r);
  else if (r.t === 'sync' && (!state.syncedThrough || r.through > state.syncedThrough)) state.syncedThrough = r.through;
}

function unadd(state: LedgerState, r: Extract<LedgerRecord, { t: 'unadded' }>): void {
  for (const id of r.ids) {
    const at = state.added.get(id);
    if (at && at.listing === r.listing && at.variant === r.variant) state.added.delete(id);
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return '';
  }
}

/**
 * `stock add` runs append to a file of their own beside the account's ledger
 * (`<ledger>.added-<random>.jsonl`): no lock shared with refills, one writer per file.
 */
export function addedLogPath(ledgerFile: string, tag = randomBytes(6).toString('hex')): string {
  return `${ledgerFile.replace(/\.jsonl$/, '')}.added-${tag}.jsonl`;
}

export function addedLogs(ledgerFile: string): string[] {
  const dir = dirname(ledgerFile);
  const prefix = `${basename(ledgerFile).replace(/\.jsonl$/, '')}.added-`;
  try {
    return readdirSync(dir)
      .filter((n) => n.startsWith(prefix) && n.endsWith('.jsonl'))
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** The older ledgers: one per pool file, named by a hash of its path (not `account-…`). */
function legacyLedgers(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.jsonl') && !n.startsWith('account-')).map((n) => join(dir, n));
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

  static open(stateDir: string, file: string): LedgerWriter {
    ensurePoolsDir(stateDir);
    const opened = DurableAppendFile.append<LedgerRecord>(file);
    const w = new LedgerWriter(opened.file);
    if (opened.created) w.write({ t: 'pool', v: LEDGER_VERSION, path: 'account', createdAt: nowIso() });
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
 * One refill per pool at a time (a cron run and a webhook hook may meet): `<ledger>.lock` is a
 * lock file of ./lock.ts; a dead owner's lock is taken over. A live owner is waited for, up to
 * `waitMs`, checking every `pollMs`: the second refill then sees what the first one sent.
 */
export async function lockPool(
  file: string,
  displayName: string,
  opts: { waitMs: number; pollMs: number; onWait?: (pid: number) => void; signal?: AbortSignal },
): Promise<{ release: () => void; waited: boolean }> {
  const got = await waitLock(`${file}.lock`, {
    waitMs: opts.waitMs,
    pollMs: opts.pollMs,
    signal: opts.signal,
    onWait: (pid) => opts.onWait?.(pid ?? Number.NaN),
    now: nowMs,
  });
  if ('lock' in got) return { release: got.lock.release, waited: got.waited };
  throw new SvcError(
    `pool ${displayName} is in use by another svc (process ${got.heldBy ?? '?'})`,
    'wait for that refill to finish, then run again',
  );
}
