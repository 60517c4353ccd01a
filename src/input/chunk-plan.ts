// Chunks of a stock import (cli-spec 4, spec 8 "stock request: 2000 items"): consecutive runs
// of at most N credentials, located by byte offsets and fingerprinted by the sha256 of their
// bytes. The journal keeps only these descriptors, never a credential; a resumed job re-reads
// the bytes and refuses them if the hash no longer matches.
import { createHash, type Hash } from 'node:crypto';
import type { CsvLayout } from './credential-csv.js';
import { readBlocks } from './source.js';

export interface CredentialChunk {
  index: number;
  /** Byte offset of the chunk's first credential. */
  startOffset: number;
  /** Byte offset just past the chunk's last credential (its line terminator included). */
  endOffset: number;
  firstLine: number;
  lastLine: number;
  count: number;
  /**
   * the first line of each credential, in order (journal and report name each one).
   * A typed array, 4 bytes a credential: validation memory stays within the goal of 64 bytes a line.
   */
  lines: Uint32Array;
  /** sha256 (hex) of the bytes [startOffset, endOffset). */
  sha256: string;
  /** csv only: the header mapping, so the chunk can be re-read without line 1. */
  csv?: CsvLayout;
  /**
   * Positions (0-based, among the chunk's `count` credentials) of duplicates of an earlier
   * credential of the file, left out when the chunk is sent (--dedupe skip).
   */
  drop?: number[];
}

type PlannedChunk = Omit<CredentialChunk, 'sha256'>;

export class ChunkPlanner {
  private readonly planned: PlannedChunk[] = [];

  constructor(private readonly chunkSize: number) {}

  /** Leaves out the credential at `ordinal` (0-based in the file) when its chunk is sent. */
  drop(ordinal: number): void {
    const chunk = this.planned[Math.floor(ordinal / this.chunkSize)];
    if (!chunk) return;
    chunk.drop ??= [];
    chunk.drop.push(ordinal % this.chunkSize);
  }

  add(entry: { line: number; lastLine: number; startOffset: number; endOffset: number }): void {
    let current = this.planned[this.planned.length - 1];
    if (!current || current.count >= this.chunkSize) {
      current = {
        index: this.planned.length,
        startOffset: entry.startOffset,
        endOffset: entry.endOffset,
        firstLine: entry.line,
        lastLine: entry.lastLine,
        count: 0,
        lines: new Uint32Array(this.chunkSize),
      };
      this.planned.push(current);
    }
    current.lines[current.count] = entry.line;
    current.count += 1;
    current.endOffset = entry.endOffset;
    current.lastLine = entry.lastLine;
  }

  get chunks(): readonly PlannedChunk[] {
    return this.planned;
  }
}

export interface RangeHashes {
  /** sha256 (hex) of each range, in order. */
  ranges: string[];
  /** sha256 (hex) of the whole file, read in the same pass. */
  file: string;
  size: number;
}

/** One streamed pass over the file hashing it whole and each (sorted, disjoint) range. */
export async function hashRanges(
  path: string,
  ranges: readonly { startOffset: number; endOffset: number }[],
  signal?: AbortSignal,
): Promise<RangeHashes> {
  const whole = createHash('sha256');
  const digests: string[] = [];
  let next = 0;
  let open: Hash | undefined;
  let pos = 0;
  const closeEmptyRanges = (): void => {
    while (next < ranges.length && ranges[next]!.endOffset <= ranges[next]!.startOffset) {
      digests.push(createHash('sha256').digest('hex'));
      next += 1;
    }
  };
  for await (const buf of readBlocks(path, signal ? { signal } : {})) {
    whole.update(buf);
    const bufEnd = pos + buf.length;
    closeEmptyRanges();
    while (next < ranges.length && ranges[next]!.startOffset < bufEnd) {
      const range = ranges[next]!;
      open ??= createHash('sha256');
      const from = Math.max(range.startOffset, pos) - pos;
      const to = Math.min(range.endOffset, bufEnd) - pos;
      if (to > from) open.update(buf.subarray(from, to));
      if (range.endOffset > bufEnd) break;
      digests.push(open.digest('hex'));
      open = undefined;
      next += 1;
      closeEmptyRanges();
    }
    pos = bufEnd;
  }
  // A range past the end of the file: the file shrank. Its hash then matches nothing.
  while (digests.length < ranges.length) digests.push('');
  return { ranges: digests, file: whole.digest('hex'), size: pos };
}
