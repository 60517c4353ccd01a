// File-system pieces shared by what lives in SVC_STATE_DIR (job journals and locks, the
// webhook receiver's store and lock): durable directory entries and stale-lock detection.
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** fsync a directory so a newly created or renamed entry survives a crash. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the file's own fsync still holds.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Whether a process with this pid exists (a lock holder that died leaves a stale lock). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
