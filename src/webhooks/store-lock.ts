// One listener per store: two receivers sharing one dedupe store would each forward what the
// other had not yet recorded, which is the "twice" spec 6.2.4 asks us to avoid. The lock file
// holds the owner's pid; a lock whose process is gone (killed) is stale and taken over.
import * as fs from 'node:fs';
import { UsageError } from '../api/errors.js';
import { processAlive as alive } from '../state/durable.js';

export class StoreLockedError extends UsageError {
  constructor(
    readonly dir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `another \`svc webhooks listen\` (pid ${pid ?? 'unknown'}) is using the webhook store in ${dir}`,
      'stop that listener, or give this one its own state folder with SVC_STATE_DIR',
    );
  }
}

export interface StoreLock {
  release(): void;
}

export function acquireStoreLock(file: string, dir: string): StoreLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        fs.writeSync(fd, String(process.pid));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            fs.unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = readPid(file);
    if (pid === null) continue; // vanished: try again
    if (pid !== undefined && alive(pid)) throw new StoreLockedError(dir, pid);
    if (pid === undefined && ageMs(file) < 5_000) throw new StoreLockedError(dir, undefined); // being written
    try {
      fs.unlinkSync(file);
    } catch {
      /* someone else removed it */
    }
  }
  throw new StoreLockedError(dir, readPid(file) ?? undefined);
}

/** null: no file; undefined: a file without a pid. */
function readPid(file: string): number | undefined | null {
  try {
    const raw = fs.readFileSync(file, 'utf8').trim();
    return /^\d+$/.test(raw) ? Number(raw) : undefined;
  } catch {
    return null;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}
