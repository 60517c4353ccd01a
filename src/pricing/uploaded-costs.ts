// The cost basis svc knows from its own uploads: `costCents` sent with credentials.
// Neither the journals nor the ledgers hold a credential or its cost (cli-spec 4), so the cost
// is read back from the uploaded file itself, and only when the file is unchanged:
//   - <stateDir>/jobs/*.jsonl, `stock add` journals (kind stock, target `listing N [variant V]`):
//     the input file they name, if its sha256 still matches; items whose line the journal marks ok.
//   - <stateDir>/pools/account-*.jsonl, the account's pool ledger: each refill plan
//     records what its entries cost (entry id -> cents); the chunks the service took count.
// For each listing or variant only its LATEST upload counts (the batch on sale now); older
// batches speak through the `deliveredItems` of sales. Credentials are read into memory one
// entry at a time and dropped; nothing is written.
import { createReadStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { detectFormat } from '../input/credentials.js';
import { scanPool } from '../input/credential-pool.js';
import type { CredentialFormat } from '../input/credential-checks.js';
import { listJobs } from '../jobs/index.js';
import { readJournal, journalPath } from '../jobs/journal.js';
import { poolsDir, readLedger } from '../state/pool-ledger.js';
import type { CostBook } from './cost-basis.js';

interface Upload {
  at: string;
  costs: number[];
}

export interface UploadedCosts {
  /** Uploads read (latest per target). */
  uploads: number;
  /** Why an upload could not be read (file moved or changed): said in the plan's notes. */
  skipped: string[];
}

const TARGET = /^listing (\d+)(?: variant (\d+))?$/;

/** Adds the latest upload's item costs of every target to `book`. */
export async function addUploadedCosts(stateDir: string, book: CostBook): Promise<UploadedCosts> {
  const latest = new Map<
    string,
    { listing: number; variant: number | null; upload: () => Promise<Upload | string>; at: string }
  >();
  const offer = (listing: number, variant: number | null, at: string, upload: () => Promise<Upload | string>) => {
    const k = `${listing}:${variant ?? ''}`;
    const cur = latest.get(k);
    if (!cur || cur.at < at) latest.set(k, { listing, variant, upload, at });
  };
  for (const job of listJobs(stateDir, { kind: 'stock' })) {
    const m = TARGET.exec(job.target ?? '');
    if (!m || job.itemsDone === 0) continue;
    offer(Number(m[1]), m[2] !== undefined ? Number(m[2]) : null, job.createdAt, () => stockJobCosts(stateDir, job.id));
  }
  for (const p of poolPlans(stateDir)) offer(p.listing, p.variant, p.at, p.read);
  const skipped: string[] = [];
  let uploads = 0;
  for (const t of latest.values()) {
    const u = await t.upload().catch((err: Error) => `cannot read it (${err.message})`);
    if (typeof u === 'string') {
      skipped.push(`listing ${t.listing}${t.variant !== null ? ` variant ${t.variant}` : ''}: latest upload: ${u}`);
      continue;
    }
    uploads++;
    for (const c of u.costs) book.add(t.listing, t.variant, c, 'upload');
  }
  return { uploads, skipped };
}

/** The format `stock add` used: its `--format`, else the file's extension. */
function formatOf(command: string, file: string): CredentialFormat {
  const m = / --format (lines|csv|jsonl)\b/.exec(command);
  return (m?.[1] as CredentialFormat | undefined) ?? detectFormat(file);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

async function stockJobCosts(stateDir: string, jobId: string): Promise<Upload | string> {
  const replay = readJournal(journalPath(stateDir, jobId));
  if (!replay) return 'journal unreadable';
  const h = replay.header;
  const format = formatOf(h.command, h.input.displayName);
  if (format === 'lines') return { at: h.createdAt, costs: [] }; // the lines format carries no cost
  if (!(await sameFile(h.input.path, h.input.sha256))) return `${h.input.displayName} moved or changed since`;
  const okLines = new Set<number>();
  for (const rec of replay.done.values()) for (const i of rec.items) if (i.status === 'ok') okLines.add(i.line);
  const scan = await scanPool(h.input.path, { format, displayName: h.input.displayName, fingerprint: sha256 });
  const costs = scan.entries.filter((e) => okLines.has(e.line) && e.costCents !== undefined).map((e) => e.costCents!);
  return { at: h.createdAt, costs };
}

async function sameFile(file: string, expected: string): Promise<boolean> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch {
    return false;
  }
  return hash.digest('hex') === expected;
}

interface PoolPlan {
  listing: number;
  variant: number | null;
  at: string;
  read: () => Promise<Upload | string>;
}

/** Refill plans of every account ledger (one ledger per account), with the costs each
 *  plan recorded for its entries; only the chunks the service took count. */
function poolPlans(stateDir: string): PoolPlan[] {
  let names: string[];
  try {
    names = readdirSync(poolsDir(stateDir)).filter((n) => n.startsWith('account-') && n.endsWith('.jsonl'));
  } catch {
    return [];
  }
  const out: PoolPlan[] = [];
  for (const name of names) {
    for (const p of readLedger(join(poolsDir(stateDir), name)).plans) {
      const sent = p.plan.chunks.flatMap((ids, i) => (p.outcomes.get(i)?.t === 'sent' ? ids : []));
      if (sent.length === 0) continue;
      const costs = p.plan.costs ?? {};
      const known = sent.flatMap((id) => (costs[id] !== undefined ? [costs[id]] : []));
      out.push({
        listing: p.plan.listing,
        variant: p.plan.variant,
        at: p.plan.at,
        read: async () => ({ at: p.plan.at, costs: known }),
      });
    }
  }
  return out;
}
