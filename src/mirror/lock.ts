// One sync of a mirror at a time (issue 23): `<mirror>.lock`, made with `wx`, holds the owner's
// pid. A second sync (a report's, a cron's reconcile, the listener's catch-up) waits for the
// first (saying so once), up to MIRROR.lockWaitMs, then exits 2 naming the process. A lock whose
// process is gone (kill -9) is stale and taken over.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MIRROR } from '../api/assumptions.js';
import { UsageError } from '../api/errors.js';
import { processAlive } from '../state/durable.js';

export interface SyncLock {
  release(): void;
}

const EMPTY_LOCK_GRACE_MS = 5_000;

export async function acquireSyncLock(
  file: string,
  opts: { signal?: AbortSignal; waitMs?: number; notice?: (text: string) => void },
): Promise<SyncLock> {
  const lockFile = `${file}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + (opts.waitMs ?? MIRROR.lockWaitMs);
  let said = false;
  for (;;) {
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o600);
      try {
        fs.writeSync(fd, String(process.pid));
      } finally {
        fs.closeSync(fd);
      }
      return {
        release: () => {
          try {
            if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
          } catch {
            /* gone already */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(lockFile);
    if (holder === 'stale') {
      fs.rmSync(lockFile, { force: true });
      continue;
    }
    if (Date.now() >= deadline || opts.signal?.aborted)
      throw new UsageError(
        `another svc (process ${holder ?? 'unknown'}) is syncing the orders mirror ${file}`,
        'wait for it to finish and run again (reports can use the mirror as it is with --offline)',
      );
    if (!said) {
      opts.notice?.(`waiting for the sync of the orders mirror in process ${holder ?? 'unknown'}`);
      said = true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function readHolder(lockFile: string): number | 'stale' | undefined {
  try {
    const text = fs.readFileSync(lockFile, 'utf8').trim();
    const pid = Number(text);
    if (text && Number.isInteger(pid) && pid > 0) return processAlive(pid) ? pid : 'stale';
    const age = Date.now() - fs.statSync(lockFile).mtimeMs;
    return age > EMPTY_LOCK_GRACE_MS ? 'stale' : undefined;
  } catch {
    return undefined;
  }
}

/** The live process syncing the mirror `file`, if one is (a dead one's lock is stale: none). */
export function syncLockHolder(file: string): number | undefined {
  if (!fs.existsSync(`${file}.lock`)) return undefined;
  const holder = readHolder(`${file}.lock`);
  return typeof holder === 'number' ? holder : undefined;
}
