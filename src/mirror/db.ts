// The orders mirror's database: <stateDir>/mirror/<profile>.sqlite, 0600 in a 0700
// folder, one per profile, bound to the base URL and the account it was made from (a mirror of
// another address or account is refused, never mixed). It holds orders as the service returned
// them (no credential: orders never carry one, spec 2.5; no key: svc never writes one here).
// A file that is not a database, or of another schema version, is rebuilt with a message.
import { chmodSync, closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MIRROR } from '../api/assumptions.js';
import { describeFsError, LocalFaultError, SvcError, UsageError } from '../api/errors.js';
import { normalBaseUrl } from '../api/base-url.js';
import { type Database, loadSqlite } from './sqlite.js';
import { refuseDamagedOffline, refuseMissingOffline } from './trust.js';

export interface MirrorPlace {
  stateDir: string;
  profile: string;
  baseUrl: string;
}

function mirrorDir(stateDir: string): string {
  return join(stateDir, 'mirror');
}

/** A profile name as a file name: what is not a plain character becomes `_` plus its code. */
export function mirrorFile(stateDir: string, profile: string): string {
  const safe = profile.replace(/[^A-Za-z0-9._-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
  return join(mirrorDir(stateDir), `${safe || '_'}.sqlite`);
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  status TEXT,
  created_at TEXT NOT NULL,
  product_id INTEGER,
  variant_index INTEGER,
  quantity INTEGER NOT NULL,
  price INTEGER NOT NULL,
  fee INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  items INTEGER NOT NULL,
  costed INTEGER NOT NULL,
  seen_pass INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_type_created ON orders (type, created_at);
CREATE INDEX IF NOT EXISTS orders_created ON orders (created_at);
CREATE INDEX IF NOT EXISTS orders_status ON orders (status);
CREATE TABLE IF NOT EXISTS handed (
  key TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL,
  event TEXT NOT NULL,
  source TEXT NOT NULL,
  at TEXT NOT NULL
);`;

export class MirrorDb {
  constructor(
    readonly db: Database,
    readonly file: string,
  ) {}

  get(k: string): string | undefined {
    const row = this.db.prepare('SELECT v FROM meta WHERE k = ?').get(k) as { v: string } | undefined;
    return row?.v;
  }

  set(k: string, v: string | undefined): void {
    if (v === undefined) this.db.prepare('DELETE FROM meta WHERE k = ?').run(k);
    else
      this.db.prepare('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v').run(k, v);
  }

  /** `fn` in one transaction: all of it is on disk, or none (kill -9 mid-sync). */
  tx<T>(fn: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        /* the failed statement may have rolled back already */
      }
      throw err;
    }
  }

  private closed = false;

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}

/**
 * Open (or make) the profile's mirror. `notice` hears why a mirror was rebuilt. Throws a
 * UsageError when the mirror was made for another base URL (never mixed).
 */
export async function openMirror(
  place: MirrorPlace,
  notice: (text: string) => void,
  opts: { rebuild?: boolean; offline?: boolean } = {},
): Promise<MirrorDb> {
  const { DatabaseSync } = await loadSqlite();
  const file = mirrorFile(place.stateDir, place.profile);
  if (opts.offline) refuseMissingOffline(file);
  prepareFolder(file);
  if (opts.rebuild) {
    removeMirror(file);
    notice(`the orders mirror ${file} is made again from the service`);
  }
  let m: MirrorDb | undefined;
  try {
    m = new MirrorDb(new DatabaseSync(file), file);
    // First, before anything reads: another svc closing or checkpointing the file holds it a moment.
    m.db.exec('PRAGMA busy_timeout = 10000');
    const problem = versionProblem(m);
    if (problem && opts.offline) refuseDamagedOffline(file, problem);
    if (problem) {
      notice(`the orders mirror ${file} ${problem}; it is rebuilt from the service`);
      m.close();
      removeMirror(file);
      m = new MirrorDb(new DatabaseSync(file), file);
      m.db.exec('PRAGMA busy_timeout = 10000');
    }
    init(m);
  } catch (err) {
    m?.close();
    throw mirrorError(err, file);
  }
  const here = normalBaseUrl(place.baseUrl);
  const made = m.get('base_url');
  if (made === undefined && !opts.offline) m.set('base_url', here);
  // Mirrors made before svc named the account kept the URL with only its trailing slashes cut: read
  // in the one spelling.
  else if (made && normalBaseUrl(made) !== here) {
    m.close();
    throw new UsageError(
      `the orders mirror of profile "${place.profile}" was made from ${made}, and this run talks to ${here}: svc does not mix them`,
      `use another profile (or SVC_STATE_DIR) for that service, or run \`svc orders sync --rebuild\` to start this mirror again from ${here}`,
    );
  }
  return m;
}

function prepareFolder(file: string): void {
  const dir = dirname(file);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    // Made 0600 before SQLite opens it; SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  } catch (err) {
    const d = describeFsError(err);
    throw new LocalFaultError(
      `cannot make the orders mirror ${file}: ${d.text}`,
      d.code,
      'make SVC_STATE_DIR writable, or point it at a folder that is',
    );
  }
}

/** Why an existing file cannot be used as this version's mirror, or undefined. */
function versionProblem(m: MirrorDb): string | undefined {
  try {
    const v = (m.db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const tables = m.db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n === 0) return undefined; // new
    if (v !== MIRROR.schemaVersion) return `is of schema version ${v}, this svc uses ${MIRROR.schemaVersion}`;
    const check = m.db.prepare('PRAGMA quick_check(1)').get() as Record<string, string>;
    const verdict = Object.values(check)[0];
    if (verdict !== 'ok') return `is damaged (${String(verdict).slice(0, 120)})`;
    return undefined;
  } catch (err) {
    // Busy or locked is another svc at work, never a reason to rebuild: said as an error.
    const primary = (err as { errcode?: number }).errcode;
    if (typeof primary === 'number' && ((primary & 0xff) === 5 || (primary & 0xff) === 6)) throw err;
    if (/database is locked|database table is locked|busy/i.test((err as Error).message)) throw err;
    return `cannot be read (${(err as Error).message})`;
  }
}

function init(m: MirrorDb): void {
  m.db.exec('PRAGMA journal_mode = WAL');
  // WAL with synchronous NORMAL survives kill -9 (only a power cut may drop the last commit, which
  // the next sync reads again); busy_timeout lets a report read while a sync writes.
  m.db.exec('PRAGMA synchronous = NORMAL');
  m.db.exec('PRAGMA busy_timeout = 10000');
  m.db.exec(SCHEMA);
  m.db.exec(`PRAGMA user_version = ${MIRROR.schemaVersion}`);
}

function removeMirror(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
  closeSync(openSync(file, 'a', 0o600));
}

/** SQLite's errors as svc's: a full disk or a damaged file said plainly with what to do. */
export function mirrorError(err: unknown, file: string): unknown {
  if (err instanceof SvcError) return err;
  const e = err as { code?: string; errcode?: number; errstr?: string; message?: string };
  const msg = e.message ?? String(err);
  const primary = typeof e.errcode === 'number' ? e.errcode & 0xff : undefined;
  if (primary === 13 || /database or disk is full/i.test(msg) || (e as NodeJS.ErrnoException).code === 'ENOSPC')
    return new LocalFaultError(
      `no space left on the device for the orders mirror ${file}`,
      'ENOSPC',
      'free some space and run again: what was read before is kept, the sync goes on from there',
    );
  if (primary === 11 || primary === 26 || /malformed|not a database/i.test(msg))
    return new SvcError(
      `the orders mirror ${file} is damaged (${msg})`,
      'run `svc orders sync --rebuild` to make it again from the service',
    );
  if (primary === 5 || primary === 6)
    return new SvcError(`the orders mirror ${file} is busy (${msg})`, 'another svc is writing it; run again');
  if (primary === 8 || primary === 10 || primary === 14)
    return new LocalFaultError(
      `cannot write the orders mirror ${file}: ${msg}`,
      undefined,
      'make SVC_STATE_DIR writable, or point it at a folder that is',
    );
  return err;
}
