// One listener per store: two receivers sharing one dedupe store would each forward what the
// other had not yet recorded, which is the "twice" spec 6.2.4 asks us to avoid. The lock is a
// lock file of src/state/lock.ts: a lock whose process is gone (killed, or its pid reused) is
// stale and taken over.
import { UsageError } from '../api/errors.js';
import { type FileLock, tryLock } from '../state/lock.js';

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

export type StoreLock = FileLock;

export function acquireStoreLock(file: string, dir: string): StoreLock {
  const got = tryLock(file);
  if ('heldBy' in got) throw new StoreLockedError(dir, got.heldBy);
  return got.lock;
}
