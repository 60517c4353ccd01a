// An append-only JSONL file written durably: each record is written whole and fsync'd before
// the caller goes on. The job journal (cli-spec 4) and the refill ledger are both this.
import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { fsyncDir } from './durable.js';

export class DurableAppendFile<R> {
  private constructor(
    private fd: number,
    readonly path: string,
  ) {}

  /** A new file (0600); fails with EEXIST when it exists. */
  static create<R>(file: string): DurableAppendFile<R> {
    const fd = openSync(file, 'wx', 0o600);
    fsyncDir(dirname(file)); // the new directory entry must survive a crash too
    return new DurableAppendFile<R>(fd, file);
  }

  /**
   * An existing (or new) file opened for appending. A line torn by a kill (no trailing newline)
   * is closed off with a newline first, so the next record starts on a line of its own and the
   * fragment stays an unparseable line that readers skip. `created` says whether it was empty.
   */
  static append<R>(file: string): { file: DurableAppendFile<R>; created: boolean } {
    const fd = openSync(file, 'a', 0o600);
    const out = new DurableAppendFile<R>(fd, file);
    const size = fstatSync(fd).size;
    if (size === 0) {
      fsyncDir(dirname(file));
      return { file: out, created: true };
    }
    const last = Buffer.alloc(1);
    const rfd = openSync(file, 'r');
    try {
      readSync(rfd, last, 0, 1, size - 1);
    } finally {
      closeSync(rfd);
    }
    if (last[0] !== 0x0a) out.writeRaw('\n');
    return { file: out, created: false };
  }

  write(record: R): void {
    this.writeRaw(`${JSON.stringify(record)}\n`);
  }

  private writeRaw(text: string): void {
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}
