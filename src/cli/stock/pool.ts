// svc stock pool FILE: what a credential pool has left, what it sent where (listing,
// job), and the entries the service refused (with codes) so the seller can fix and reuse them.
// Read-only: it reads the pool and its ledger (src/state/pool-ledger.ts) and sends nothing.
import { credentialFileOptions } from './credential-options.js';
import { listJobs } from '../../jobs/index.js';
import { note, warn } from '../../output/reporter.js';
import { entryUses, readLedger, type EntryUse, type LedgerState } from '../../state/pool-ledger.js';
import type { PoolScan } from '../../input/credential-pool.js';
import { openPool } from './refill-pool.js';
import { printRecords } from '../../ui/print.js';
import { defineVerb, type OptsOf } from '../shared/verb.js';
import type { Deps } from '../shared/context.js';

const options = {
  ...credentialFileOptions,
};

export interface PoolRow {
  /** available | sent | in flight | refused | invalid */
  status: string;
  count: number;
  listing: number | null;
  variant: number | null;
  job: string | null;
  /** Lines of the file as it is now, e.g. "2-11, 15". */
  lines: string;
  code: string | null;
  message: string | null;
}

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const file = args[0]!;
  // Read-only: no secret yet means nothing was sent under one (the ledger is the
  // account's, so entries sent from any pool file show, whatever this file's path).
  const pool = await openPool(deps, { file, format: o.format, separator: o.separator }, false);
  const scan = pool.scan;
  const stateDir = deps.stateDir();
  const ledger = pool.noSecret ? undefined : readLedger(pool.ledgerFile, pool.sid);
  const uses = ledger ? withSold(entryUses(ledger), ledger) : new Map<string, EntryUse>();
  // An unfinished refill's job is found by its plan's fingerprint (the job's input sha256).
  const jobs = ledger?.plans.some((p) => !p.end) ? listJobs(stateDir, { kind: 'stock' }) : [];
  const jobOfPlan = new Map(
    ledger?.plans.map((p) => [p.plan.plan, jobs.find((j) => j.input.sha256 === p.plan.sha256)?.id]) ?? [],
  );

  if (scan.problemCount > 0) for (const p of scan.problems) warn(deps.io, p);
  const rows = poolRows(scan, uses, jobOfPlan);
  await printPool(deps, file, scan, rows);
  return 0;
}

/** One row per status and listing, variant, job and code, with the file's lines (sorted by status). */
function poolRows(scan: PoolScan, uses: Map<string, EntryUse>, jobOfPlan: Map<string, string | undefined>): PoolRow[] {
  const groups = new Map<string, PoolRow & { lineList: number[] }>();
  const add = (key: string, init: Omit<PoolRow, 'count' | 'lines'>, line?: number) => {
    let g = groups.get(key);
    if (!g) {
      g = { ...init, count: 0, lines: '', lineList: [] };
      groups.set(key, g);
    }
    g.count++;
    if (line !== undefined) g.lineList.push(line);
  };
  const inFile = new Set<string>();
  for (const e of scan.entries) {
    inFile.add(e.hash);
    const u = uses.get(e.hash);
    if (!u) {
      add(
        'available',
        { status: 'available', listing: null, variant: null, job: null, code: null, message: null },
        e.line,
      );
      continue;
    }
    const job = u.job ?? jobOfPlan.get(u.plan) ?? null;
    add(
      `${u.status}|${u.listing}|${u.variant}|${job}|${u.code ?? ''}`,
      {
        status: u.status,
        listing: u.listing,
        variant: u.variant,
        job,
        code: u.code ?? null,
        message: u.message ?? null,
      },
      e.line,
    );
  }
  // Entries the ledger knows that this file does not hold (another pool's, or removed): never sent again.
  for (const [hash, u] of uses) {
    if (inFile.has(hash)) continue;
    const job = u.job ?? jobOfPlan.get(u.plan) ?? null;
    add(`gone|${u.status}|${u.listing}|${u.variant}|${job}`, {
      status: `${u.status}, not in this file`,
      listing: u.listing,
      variant: u.variant,
      job,
      code: u.code ?? null,
      message: u.message ?? null,
    });
  }
  if (scan.problemCount > 0) {
    groups.set('invalid', {
      status: 'invalid',
      count: scan.problemCount,
      listing: null,
      variant: null,
      job: null,
      lines: '',
      lineList: [],
      code: null,
      message: 'fix these lines: `stock refill` refuses a pool with invalid lines',
    });
  }
  return sortedRows(groups);
}

/** Rows in status order (available, in flight, sent, sold, refused, invalid), then by listing and variant. */
function sortedRows(groups: Map<string, PoolRow & { lineList: number[] }>): PoolRow[] {
  const order = ['available', 'in flight', 'sent', 'sold', 'refused', 'invalid'];
  const rows: PoolRow[] = [...groups.values()]
    .map(({ lineList, ...g }) => ({ ...g, lines: g.lines || ranges(lineList) }))
    .sort(
      (a, b) =>
        rank(a.status) - rank(b.status) || (a.listing ?? 0) - (b.listing ?? 0) || (a.variant ?? -1) - (b.variant ?? -1),
    );
  function rank(s: string): number {
    const i = order.findIndex((x) => s.startsWith(x));
    return i < 0 ? order.length : i;
  }

  return rows;
}

async function printPool(deps: Deps, file: string, scan: PoolScan, rows: PoolRow[]): Promise<void> {
  await printRecords<PoolRow>(deps.io, rows, {
    format: deps.format(),
    empty: 'the pool is empty',
    columns: [
      { header: 'status', value: 'status' },
      { header: 'count', value: 'count', kind: 'number' },
      { header: 'listing', value: 'listing', kind: 'number' },
      { header: 'variant', value: 'variant', kind: 'number' },
      { header: 'job', value: 'job' },
      { header: 'lines', value: 'lines', max: 40 },
      { header: 'code', value: 'code' },
      { header: 'message', value: 'message', max: 50 },
    ],
  });
  const count = (s: string) => rows.filter((r) => r.status === s).reduce((n, r) => n + r.count, 0);
  note(
    deps.io,
    `pool ${file}: ${scan.entries.length} entries, ${count('available')} left, ${count('sent')} sent, ${count('sold')} sold, ${count('in flight')} in flight, ${count('refused')} refused${scan.repeats ? `, ${scan.repeats} lines repeat an earlier credential` : ''}`,
  );
  if (count('in flight') > 0)
    note(deps.io, 'in flight: a refill was interrupted; run the same `svc stock refill` again to finish it');
  if (count('refused') > 0)
    note(deps.io, 'refused: fix what the code says, then `svc stock refill … --retry-refused` sends them again');
}

/** an entry the account's orders show delivered is `sold`, whichever pool file sent it. */
function withSold(uses: Map<string, EntryUse>, ledger: LedgerState): Map<string, EntryUse> {
  for (const [id, where] of ledger.added) {
    if (uses.has(id)) continue;
    uses.set(id, {
      plan: '',
      listing: where.listing,
      variant: where.variant,
      chunk: 0,
      status: 'sent',
      message: 'by stock add',
      at: '',
    });
  }
  for (const [id, order] of ledger.sold) {
    const u = uses.get(id);
    uses.set(id, {
      plan: u?.plan ?? '',
      listing: u?.listing ?? 0,
      variant: u?.variant ?? null,
      chunk: u?.chunk ?? 0,
      status: 'sold',
      ...(u?.job ? { job: u.job } : {}),
      message: `order ${order}`,
      at: u?.at ?? '',
    });
  }
  return uses;
}

/** 2,3,4,5,9 → "2-5, 9"; long lists are cut with a count. */
function ranges(lines: number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.length > 8 ? `${parts.slice(0, 8).join(', ')}, … (${parts.length - 8} more ranges)` : parts.join(', ');
}

export const poolVerb = defineVerb({
  name: 'pool',
  description: 'what a credential pool has left, what it sent to which listing, and what the service refused',
  args: [['<file>', 'pool file, as given to `stock refill --pool`']],
  options,
  examples: ['svc stock pool batch.csv', 'svc stock pool batch.csv -o json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [poolVerb];
