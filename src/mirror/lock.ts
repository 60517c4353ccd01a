// One sync of a mirror at a time: `<mirror>.lock` is a lock file of src/state/lock.ts. A second
// sync (a report's, a cron's reconcile, the listener's catch-up) waits for the first (saying so
// once), up to MIRROR.lockWaitMs, then exits 2 naming the process. A lock whose process is gone
// (kill -9, or a pid since reused) is stale and taken over.
import { MIRROR } from '../api/assumptions.js';
import { UsageError } from '../api/errors.js';
import { lockOwner, waitLock } from '../state/lock.js';

export interface SyncLock {
  release(): void;
}

export async function acquireSyncLock(
  file: string,
  opts: { signal?: AbortSignal; waitMs?: number; notice?: (text: string) => void },
): Promise<SyncLock> {
  const got = await waitLock(`${file}.lock`, {
    waitMs: opts.waitMs ?? MIRROR.lockWaitMs,
    pollMs: 100,
    signal: opts.signal,
    onWait: (pid) => opts.notice?.(`waiting for the sync of the orders mirror in process ${pid ?? 'unknown'}`),
  });
  if ('lock' in got) return got.lock;
  throw new UsageError(
    `another svc (process ${got.heldBy ?? 'unknown'}) is syncing the orders mirror ${file}`,
    'wait for it to finish and run again (reports can use the mirror as it is with --offline)',
  );
}

/** The live process syncing the mirror `file`, if one is (a dead one's lock is stale: none). */
export function syncLockHolder(file: string): number | undefined {
  const pid = lockOwner(`${file}.lock`);
  return pid !== undefined && pid > 0 ? pid : undefined; // -1: a lock being written, no process named yet
}
