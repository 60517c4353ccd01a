// A credential pool (`svc stock refill --pool FILE`, `svc stock pool FILE`): a file
// in the formats of `stock add` (cli-spec 3: lines, csv with ref and cost, jsonl) from which
// refills take entries in file order. An entry is known by a keyed hash of its credential
// (the caller's `fingerprint`, an HMAC), never by its line: lines move when the file is edited.
// Nothing here keeps a credential beyond the chunk being read.
import type { CredentialEntry, CredentialFormat, EntryReadContext, StockItem } from './credential-checks.js';
import { CredentialCsvReader } from './credential-csv.js';
import { readJsonlEntries } from './credential-jsonl.js';
import { normaliseSeparator, readLineEntries } from './credential-lines.js';
import { LIMITS } from '../api/assumptions.js';
import { looksLikeHeader } from './format-sniff.js';
import { ProblemList } from './problems.js';
import { assertReadableFile, readError } from './source.js';

export interface PoolEntry {
  /** First physical line of the entry in the file as it is now. */
  line: number;
  /** The keyed hash of the credential. */
  hash: string;
  ref?: string;
  costCents?: number;
}

export interface PoolScan {
  /** Distinct credentials, in file order (a repeat of an earlier credential is counted, not listed). */
  entries: PoolEntry[];
  /** Entries that repeat an earlier credential of the file. */
  repeats: number;
  problems: string[];
  problemCount: number;
}

export interface PoolReadOptions {
  format: CredentialFormat;
  separator?: string;
  displayName?: string;
  /** The entry's id: a keyed hash of the credential (src/state/pool-ledger.ts entryIdMaker). */
  fingerprint: (credential: string) => string;
  /** the longest ref an entry may carry (its upload adds the pool tag to it). */
  maxRef?: number;
}

/** Every entry of the pool, validated as `stock add` validates (cli-spec 3). */
export async function scanPool(path: string, opts: PoolReadOptions): Promise<PoolScan> {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const entries: PoolEntry[] = [];
  const seen = new Set<string>();
  let repeats = 0;
  let count = 0;
  try {
    for await (const e of poolEntries(path, opts, problems)) {
      count++;
      if (!e.item) continue;
      if (opts.format === 'lines' && looksLikeHeader(e.item.credential)) {
        problems.add(e.line, 'this line is the header of a CSV file, not a credential: use --format csv');
        continue;
      }
      const hash = opts.fingerprint(e.item.credential);
      if (seen.has(hash)) {
        repeats++;
        continue;
      }
      seen.add(hash);
      if (opts.maxRef !== undefined && e.item.ref !== undefined && e.item.ref.length > opts.maxRef)
        problems.add(
          e.line,
          `ref is ${e.item.ref.length} characters: a pool entry's upload adds svc's pool tag to its ref (${LIMITS.refMax - opts.maxRef} characters, spec 2.3 allows ${LIMITS.refMax}), so at most ${opts.maxRef}`,
        );
      entries.push({
        line: e.line,
        hash,
        ...(e.item.ref !== undefined ? { ref: e.item.ref } : {}),
        ...(e.item.costCents !== undefined ? { costCents: e.item.costCents } : {}),
      });
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  if (count === 0 && problems.count === 0) problems.add(1, 'no credentials in the pool');
  return { entries, repeats, problems: problems.messages, problemCount: problems.count };
}

/**
 * The items whose hash is in `wanted`, read from the file as it is now, in the order of
 * `wanted`. Entries no longer in the file are left out: the caller compares the count.
 */
export async function readPoolItems(
  path: string,
  opts: PoolReadOptions,
  wanted: readonly string[],
): Promise<StockItem[]> {
  const displayName = opts.displayName ?? path;
  const want = new Set(wanted);
  const found = new Map<string, StockItem>();
  const problems = new ProblemList(displayName);
  try {
    for await (const e of poolEntries(path, opts, problems)) {
      if (!e.item) continue;
      const hash = opts.fingerprint(e.item.credential);
      if (want.has(hash) && !found.has(hash)) found.set(hash, e.item);
      if (found.size === want.size) break;
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return wanted.flatMap((h) => (found.has(h) ? [found.get(h)!] : []));
}

function poolEntries(path: string, opts: PoolReadOptions, problems: ProblemList): AsyncGenerator<CredentialEntry> {
  const ctx: EntryReadContext = { problems };
  if (opts.format === 'csv') return new CredentialCsvReader(path, ctx).entries();
  if (opts.format === 'jsonl') return readJsonlEntries(path, ctx);
  return readLineEntries(path, ctx, normaliseSeparator(opts.separator));
}
