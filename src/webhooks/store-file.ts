// Reading the webhook store line by line in bounded memory (issue 21). The whole file was read
// into one string: a store grown under attack to 600 MB failed the next start with "Cannot
// create a string longer than 0x1fffffe8 characters", and the only way out lost the real
// pending deliveries too. Now a 1 MB buffer is reused, a line longer than `maxLineBytes` is
// skipped without being kept, and every other line is handed on one at a time.
import * as fs from 'node:fs';

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
    fd = fs.openSync(file, 'r');
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
      const n = fs.readSync(fd, buf, 0, CHUNK, null);
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
    fs.closeSync(fd);
  }
  return stats;
}
