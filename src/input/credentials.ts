// `svc stock add` input (cli-spec 3 "Credentials"), read in two passes:
//   scanCredentials      validates the whole file, streamed in constant memory, and plans the
//                        chunks of the import (byte ranges + sha256);
//   readCredentialChunk  re-reads one chunk's bytes, checks they are the ones validated, and
//                        returns its items, on the first run and when a killed job resumes.
// A credential is never printed, logged or kept beyond the chunk being read: problems name
// lines, duplicates are found through sha256 digests (32 bytes each).
import { createHash, hash } from 'node:crypto';
import { extname } from 'node:path';
import { LIMITS } from '../api/assumptions.js';
import { SvcError, UsageError } from '../api/errors.js';
import { ChunkPlanner, hashRanges, type CredentialChunk } from './chunk-plan.js';
import type { CredentialEntry, CredentialFormat, EntryReadContext, StockItem } from './credential-checks.js';
import { CredentialCsvReader, readCredentialCsvLayout, type CsvLayout } from './credential-csv.js';
import { readJsonlEntries } from './credential-jsonl.js';
import { entryBatches, normaliseSeparator, readLineEntryBatches } from './credential-lines.js';
import { DigestBlocks, textKey } from './digest-set.js';
import { looksLikeHeader } from './format-sniff.js';
import { ProblemList } from './problems.js';
import { assertReadableFile, fileInfo, readBlocks, readError } from './source.js';

export type { CredentialChunk, CredentialFormat, StockItem };

/** cli-spec 3: "Format detected from the extension when not given." */
export function detectFormat(path: string): CredentialFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  return 'lines';
}

/** Duplicate lines the summary can name; the rest are counted. */
const DUPLICATE_LINES_KEPT = 20;

export interface ScanOptions {
  format: CredentialFormat;
  /** `lines` only: the line between multi-line credentials, e.g. `---`. */
  separator?: string;
  displayName?: string;
  /** Credentials the target variant already holds (spec 8: 10000 per listing or variant). */
  existingCount?: number;
  limitPerVariant?: number;
  /** Credentials per chunk (default: spec 8's 2000 per stock request). */
  chunkSize?: number;
  /** `--keep-whitespace`: credentials as written, only BOM and CR removed. */
  keepWhitespace?: boolean;
  /**
   * `--dedupe skip`: a credential equal to an earlier one of the file (once
   * normalised) is left out of its chunk (`drop`) instead of being sent for the service to skip.
   */
  dropDuplicates?: boolean;
  /** Ctrl-C / SIGTERM: the read stops at the next block. */
  signal?: AbortSignal;
  /** `--strict-columns` (csv): unknown columns are a problem instead of a note. */
  strictColumns?: boolean;
}

export interface ScanResult {
  format: CredentialFormat;
  /** Credentials read (refused ones included; a CSV row too malformed to read is only a problem). */
  count: number;
  /** Credentials that repeat an earlier one of the file: a warning (the service skips them). */
  duplicates: number;
  /** First 50 duplicate warnings, `FILE:LINE: duplicate of line N (…)`. */
  warnings: string[];
  /** Lines of the first DUPLICATE_LINES_KEPT duplicates, for the summary. */
  duplicateLines: number[];
  /** Whether duplicates are left out of the chunks (dropDuplicates). */
  duplicatesDropped: boolean;
  /** Credentials whose leading or trailing whitespace was trimmed. */
  trimmed: number;
  /** csv: unknown columns ignored, `FILE:LINE: note`. */
  notes: string[];
  problems: string[];
  problemCount: number;
  /** The import's chunks; empty when there are problems (nothing may be sent). */
  chunks: CredentialChunk[];
  /** sha256 of the whole file, for the job journal; set when there are no problems. */
  fileSha256?: string;
  size: number;
  mtimeMs: number;
  /** csv only: the header mapping. */
  csv?: CsvLayout;
}

/** The file no longer holds the bytes that were validated (cli-spec 4: nothing unvalidated is sent). */
export class InputChangedError extends SvcError {
  constructor(displayName: string, what: string) {
    super(
      `${displayName} changed since it was validated (${what})`,
      'restore the file as it was, or start a new import with the file as it is now',
    );
  }
}

export async function scanCredentials(path: string, opts: ScanOptions): Promise<ScanResult> {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const info = await fileInfo(path);
  const pass = await firstPass(path, displayName, opts);
  const { problems, count, firstOverLimit, existing, limit } = pass;
  const repeats = await findRepeats(path, displayName, opts, pass);
  if (count === 0 && problems.count === 0) problems.add(1, 'no credentials in the file');
  if (firstOverLimit !== undefined) {
    // spec 8: 10000 items per listing or variant, counting what it already holds.
    problems.add(
      firstOverLimit,
      `too many credentials for one variant: ${existing} in stock + ${count} in this file = ${existing + count}, the limit is ${limit}`,
    );
  }
  const csv = pass.reader.layout();
  const result: ScanResult = {
    format: opts.format,
    count,
    duplicates: repeats.duplicates,
    warnings: repeats.warnings.messages,
    duplicateLines: repeats.duplicateLines,
    duplicatesDropped: opts.dropDuplicates ?? false,
    trimmed: pass.counts.trimmed,
    notes: pass.reader.notes(),
    problems: problems.messages,
    problemCount: problems.count,
    chunks: [],
    size: info.size,
    mtimeMs: info.mtimeMs,
    ...(csv ? { csv } : {}),
  };
  if (problems.count > 0) return result;
  await sealChunks(path, displayName, opts.signal, pass, result);
  return result;
}

/** What the first read of a file found: its entries planned into chunks, keys of each credential. */
interface FirstPass {
  problems: ProblemList;
  planner: ChunkPlanner;
  seen: DigestBlocks;
  hash: ReturnType<typeof createHash>;
  reader: ReturnType<typeof entryReader>;
  readOptions: Pick<EntryReadContext, 'keepWhitespace' | 'signal' | 'strictColumns'>;
  separator: ReturnType<typeof optionSeparator>;
  counts: { trimmed: number };
  count: number;
  firstOverLimit: number | undefined;
  existing: number;
  limit: number;
}

/** The first read: every entry checked, planned into chunks, its normalised key kept, the bytes hashed. */
async function firstPass(path: string, displayName: string, opts: ScanOptions): Promise<FirstPass> {
  const separator = optionSeparator(opts.format, opts.separator);
  const problems = new ProblemList(displayName);
  const hash = createHash('sha256');
  const counts = { trimmed: 0 };
  const readOptions = {
    keepWhitespace: opts.keepWhitespace ?? false,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.strictColumns ? { strictColumns: true } : {}),
  };
  const ctx: EntryReadContext = { problems, onBytes: (bytes) => hash.update(bytes), counts, ...readOptions };
  const pass: FirstPass = {
    problems,
    planner: new ChunkPlanner(opts.chunkSize ?? LIMITS.stockItemsPerRequest),
    seen: new DigestBlocks(), // a key of the NORMALISED credential, 8 bytes each
    hash,
    reader: entryReader(path, opts.format, ctx, separator),
    readOptions,
    separator,
    counts,
    count: 0,
    firstOverLimit: undefined,
    existing: opts.existingCount ?? 0,
    limit: opts.limitPerVariant ?? LIMITS.stockPerVariantMax,
  };
  try {
    for await (const batch of pass.reader.batches) {
      for (const entry of batch) {
        pass.count += 1;
        // a CSV header read as `lines` would be sent to a buyer as a credential.
        if (opts.format === 'lines' && entry.item && looksLikeHeader(entry.item.credential))
          problems.add(entry.line, 'this line is the header of a CSV file, not a credential: add --format csv');
        if (pass.existing + pass.count > pass.limit) pass.firstOverLimit ??= entry.line;
        pass.planner.add(entry);
        if (entry.item) pass.seen.addText(entry.item.credential);
      }
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return pass;
}

/** Repeats: only when the 53-bit keys show a candidate, a second read names the lines. */
async function findRepeats(path: string, displayName: string, opts: ScanOptions, pass: FirstPass): Promise<Repeats> {
  const candidates = pass.seen.repeated();
  const repeats: Repeats = { duplicates: 0, duplicateLines: [], warnings: new ProblemList(displayName) };
  if (candidates.size === 0) return repeats;
  const ctx = { problems: new ProblemList(displayName), ...pass.readOptions };
  const again = entryReader(path, opts.format, ctx, pass.separator);
  const planner = opts.dropDuplicates ? pass.planner : undefined;
  await nameRepeats(again.batches, candidates, planner, repeats).catch((err: unknown) => {
    throw readError(err, displayName);
  });
  return repeats;
}

/** Second pass: hash each chunk's bytes; the whole-file hash proves they are the bytes validated. */
async function sealChunks(
  path: string,
  displayName: string,
  signal: AbortSignal | undefined,
  pass: FirstPass,
  result: ScanResult,
): Promise<void> {
  const fail = (err: unknown) => Promise.reject(readError(err, displayName));
  const hashes = await hashRanges(path, pass.planner.chunks, signal).catch(fail);
  if (hashes.file !== pass.hash.digest('hex'))
    throw new InputChangedError(displayName, 'it changed while being validated');
  result.fileSha256 = hashes.file;
  result.size = hashes.size;
  const csv = result.csv ? { csv: result.csv } : {};
  result.chunks = pass.planner.chunks.map((chunk, i) => ({ ...chunk, sha256: hashes.ranges[i]!, ...csv }));
}

interface Repeats {
  duplicates: number;
  duplicateLines: number[];
  warnings: ProblemList;
}

/**
 * The second pass: full sha256 digests of the candidates (keys seen twice) name each repeat
 * and the line it repeats; with a planner (--dedupe skip) the repeat is left out of its chunk.
 */
async function nameRepeats(
  batches: AsyncGenerator<CredentialEntry[]>,
  candidates: Set<number>,
  planner: ChunkPlanner | undefined,
  out: Repeats,
): Promise<void> {
  const firstLine = new Map<string, number>(); // full digest (latin1) of a candidate -> first line
  let ordinal = -1;
  for await (const batch of batches) {
    for (const entry of batch) {
      ordinal += 1;
      if (!entry.item) continue;
      if (!candidates.has(textKey(entry.item.credential))) continue;
      const key = hash('sha256', entry.item.credential, 'buffer').toString('latin1');
      const first = firstLine.get(key);
      if (first === undefined) {
        firstLine.set(key, entry.line);
        continue;
      }
      out.duplicates += 1;
      planner?.drop(ordinal);
      if (out.duplicateLines.length < DUPLICATE_LINES_KEPT) out.duplicateLines.push(entry.line);
      out.warnings.add(entry.line, `duplicate of line ${first} (same credential${planner ? ', left out' : ''})`);
    }
  }
}

export interface ChunkReadOptions {
  separator?: string;
  /** As given to scanCredentials: a chunk is read as it was validated. */
  keepWhitespace?: boolean;
  displayName?: string;
  /** csv: header mapping when the chunk does not carry it (else line 1 is re-read). */
  csv?: CsvLayout;
}

export async function readCredentialChunk(
  path: string,
  format: CredentialFormat,
  chunk: CredentialChunk,
  opts: ChunkReadOptions = {},
): Promise<StockItem[]> {
  const items: StockItem[] = [];
  for await (const item of chunkItems(path, format, chunk, opts)) items.push(item);
  return items;
}

/**
 * The items of one chunk, read from its byte range in small blocks (one buffer, reused), and
 * checked when the range is read through: the bytes must be the ones validated (their sha256)
 * and must read as they did then. The caller acts on the items only after the last one, which
 * is when a failed check throws: nothing read from changed bytes is ever sent.
 */
export async function* chunkItems(
  path: string,
  format: CredentialFormat,
  chunk: CredentialChunk,
  opts: ChunkReadOptions,
): AsyncGenerator<StockItem> {
  const displayName = opts.displayName ?? path;
  const separator = optionSeparator(format, opts.separator);
  const where = `chunk ${chunk.index + 1}, lines ${chunk.firstLine}-${chunk.lastLine}`;
  let known = chunk.csv ?? opts.csv;
  if (format === 'csv' && !known) {
    known = await readCredentialCsvLayout(path).catch((err: unknown) => {
      throw readError(err, displayName);
    });
    if (!known) throw new InputChangedError(displayName, 'its header row');
  }
  const hash = createHash('sha256');
  let length = 0;
  async function* bytes(): AsyncGenerator<Buffer> {
    for await (const block of readBlocks(path, { start: chunk.startOffset, end: chunk.endOffset })) {
      hash.update(block);
      length += block.length;
      yield block; // the line reader copies what it keeps: the block may be refilled after this
    }
  }
  const problems = new ProblemList(displayName);
  const ctx: EntryReadContext = {
    problems,
    source: bytes(),
    start: chunk.startOffset,
    firstLine: chunk.firstLine,
    keepWhitespace: opts.keepWhitespace ?? false,
  };
  const drop = new Set(chunk.drop ?? []);
  let count = 0;
  try {
    for await (const batch of entryReader(path, format, ctx, separator, known).batches) {
      for (const entry of batch) {
        if (!entry.item) continue;
        count += 1;
        if (drop.has(count - 1)) continue; // a duplicate of an earlier credential
        yield entry.item;
      }
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  if (length !== chunk.endOffset - chunk.startOffset || hash.digest('hex') !== chunk.sha256) {
    throw new InputChangedError(displayName, where);
  }
  if (problems.count > 0 || count !== chunk.count) {
    // Same bytes, different reading: the options differ from the scan's (format, separator).
    throw new UsageError(
      `${displayName}: ${where} does not read as it did when validated (same --format and --separator?)`,
    );
  }
}

function entryReader(
  path: string,
  format: CredentialFormat,
  ctx: EntryReadContext,
  separator: string | undefined,
  known?: CsvLayout,
): {
  batches: AsyncGenerator<CredentialEntry[]>;
  layout: () => CsvLayout | undefined;
  notes: () => string[];
} {
  if (format === 'csv') {
    const csv = new CredentialCsvReader(path, ctx, known);
    return { batches: entryBatches(csv.entries()), layout: () => csv.layout, notes: () => csv.notes };
  }
  const batches =
    format === 'jsonl' ? entryBatches(readJsonlEntries(path, ctx)) : readLineEntryBatches(path, ctx, separator);
  return { batches, layout: () => undefined, notes: () => [] };
}

function optionSeparator(format: CredentialFormat, separator: string | undefined): string | undefined {
  if (separator !== undefined && format !== 'lines') {
    throw new UsageError(`--separator applies to --format lines only, not ${format}`);
  }
  return normaliseSeparator(separator);
}

/**
 * What normalising and deduplicating did, one line each, for stderr: counts and
 * line numbers only, never a credential.
 */
export function inputSummary(
  scan: Pick<ScanResult, 'duplicates' | 'duplicateLines' | 'duplicatesDropped' | 'trimmed'>,
): string[] {
  const out: string[] = [];
  const s = (n: number): string => (n === 1 ? '' : 's');
  if (scan.trimmed > 0) {
    out.push(
      `${scan.trimmed} credential${s(scan.trimmed)} trimmed of leading/trailing whitespace (--keep-whitespace sends them as written)`,
    );
  }
  if (scan.duplicates > 0) {
    const more = scan.duplicates - scan.duplicateLines.length;
    const lines = `line${s(scan.duplicates)} ${scan.duplicateLines.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
    out.push(
      scan.duplicatesDropped
        ? `${scan.duplicates} duplicate${s(scan.duplicates)} of an earlier credential of the file dropped (${lines})`
        : `${scan.duplicates} duplicate${s(scan.duplicates)} of an earlier credential of the file sent again, --dedupe none (${lines})`,
    );
  }
  return out;
}
