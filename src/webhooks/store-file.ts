// Reading the webhook store line by line in bounded memory. The whole file was read
// into one string: a store grown under attack to 600 MB failed the next start with "Cannot
// create a string longer than 0x1fffffe8 characters", and the only way out lost the real
// pending deliveries too. Now a 1 MB buffer is reused, a line longer than `maxLineBytes` is
// skipped without being kept, and every other line is handed on one at a time.
//
// Also the store's other whole-file steps (split from store.ts): reading its records,
// keeping a damaged one aside, and the rewrite (temp file + fsync + rename) of a compaction.
import { closeSync, fsyncSync, linkSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fsyncDir } from '../state/durable.js';
import { StoreRecord } from './store-records.js';

const CHUNK = 1024 * 1024;

export interface LineStats {
  lines: number;
  /** Lines over the size limit, skipped unread. */
  oversized: number;
  bytes: number;
}

/** Calls `onLine` for every line of `file` (without its newline); a missing file has none. */
export function forEachLine(file: string, maxLineBytes: number, onLine: (line: string) => void): LineStats {
  const stats: LineStats = { lines: 0, oversized: 0, bytes: 0 };
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return stats;
    throw err;
  }
  try {
    const buf = Buffer.alloc(CHUNK);
    let parts: Buffer[] = [];
    let partBytes = 0;
    let skipping = false;
    const end = () => {
      if (!skipping && partBytes > 0) {
        stats.lines++;
        onLine(Buffer.concat(parts, partBytes).toString('utf8'));
      }
      parts = [];
      partBytes = 0;
      skipping = false;
    };
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK, null);
      if (n === 0) break;
      stats.bytes += n;
      let start = 0;
      while (start < n) {
        const nl = buf.indexOf(10, start);
        const stop = nl === -1 || nl >= n ? n : nl;
        if (!skipping) {
          if (partBytes + (stop - start) > maxLineBytes) {
            skipping = true;
            stats.oversized++;
            parts = [];
            partBytes = 0;
          } else if (stop > start) {
            parts.push(Buffer.from(buf.subarray(start, stop)));
            partBytes += stop - start;
          }
        }
        if (stop === n) break;
        end();
        start = stop + 1;
      }
    }
    end();
  } finally {
    closeSync(fd);
  }
  return stats;
}

/** Every record of the store, in order; a line that does not parse (a torn tail after a kill, a damaged file) is skipped and counted. */
export function readRecords(
  file: string,
  maxLineBytes: number,
  onRecord: (r: StoreRecord) => void,
): { skipped: number; oversized: number } {
  let skipped = 0;
  const stats = forEachLine(file, maxLineBytes, (line) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skipped++;
      return;
    }
    const r = StoreRecord.safeParse(value);
    if (r.success) onRecord(r.data);
    else skipped++;
  });
  return { skipped, oversized: stats.oversized };
}

/**
 * A store with lines that were skipped is damaged (or was written by a version that kept
 * forged bodies): the rewrite that follows keeps every delivery read from it, and the original
 * is kept beside it as deliveries.jsonl.damaged (one, the latest) for a look by hand.
 */
export function keepAside(file: string): string | undefined {
  const aside = `${file}.damaged`;
  try {
    rmSync(aside, { force: true });
    linkSync(file, aside);
    return aside;
  } catch {
    return undefined; // no second name on this file system: the rewrite keeps what could be read
  }
}

/** Replaces `file` with `lines` durably (temp file, fsync, rename, fsync of the folder); returns its size. */
export function rewriteFile(file: string, lines: string[]): number {
  const tmp = `${file}.${process.pid}.tmp`;
  const text = lines.length ? `${lines.join('\n')}\n` : '';
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, file);
  fsyncDir(dirname(file));
  return Buffer.byteLength(text);
}
