// When a report may read the mirror without the service (`--offline`), and whose it is (svc
// decision "one identity"). A report is right or says why not: an offline read refuses (exit 1,
// never a number) a mirror that does not exist, could not be read, holds a sync that has not
// finished (a killed `orders sync --rebuild`, a pass cut short), is being synced by another
// process, or is of another account than the key in use. Online, the mirror is bound to the account
// the service names (GET /me), so another account's key never reads it.
import { statSync } from 'node:fs';
import { SvcError, UsageError } from '../api/errors.js';
import { syncLockHolder } from './lock.js';

/** What these checks read of an open mirror (db.ts MirrorDb; not imported: db.ts calls in here). */
interface MirrorMeta {
  readonly file: string;
  get(k: string): string | undefined;
  set(k: string, v: string | undefined): void;
  close(): void;
}

const SYNC_HINT = 'run `svc orders sync` (without --offline) to bring it up to date from the service';

/** Before the file is opened offline: it must exist (an offline read makes and rebuilds nothing). */
export function refuseMissingOffline(file: string): void {
  let size = 0;
  try {
    size = statSync(file).size;
  } catch {
    /* missing */
  }
  if (size === 0)
    throw new SvcError(`there is no orders mirror at ${file} yet: --offline has nothing to read`, SYNC_HINT);
}

/** An offline open found the file unusable: said, never rebuilt (nothing would be read back). */
export function refuseDamagedOffline(file: string, problem: string): never {
  throw new SvcError(
    `the orders mirror ${file} ${problem}: --offline cannot read it, and nothing was rebuilt`,
    'run `svc orders sync --rebuild` to make it again from the service',
  );
}

/** After an offline open: finished, not being written, and of this key's account. */
export function refuseUntrustedOffline(m: MirrorMeta, account: string | undefined): void {
  const holder = syncLockHolder(m.file);
  if (holder !== undefined)
    throw new SvcError(
      `another svc (process ${holder}) is syncing the orders mirror ${m.file}: what it holds now is not a whole report`,
      'wait for that sync to finish and run again',
    );
  if (m.get('pass') !== undefined || m.get('last_sync_at') === undefined)
    throw new SvcError(
      `the orders mirror ${m.file} is incomplete: its last sync did not finish (killed or interrupted), so a report from it would be wrong`,
      SYNC_HINT,
    );
  const made = m.get('identity');
  if (made === undefined) return; // made before mirrors named their account: the orders' own owner check holds
  if (account === undefined)
    throw new SvcError(
      `svc does not know yet which account the key in use belongs to, so it cannot tell whether the orders mirror ${m.file} is its own`,
      'run any command once without --offline (one request, remembered)',
    );
  if (account !== made) refuseOtherAccount(m, made, account);
}

/** Online: binds the mirror to the account the service names; another account's is refused. */
export function bindAccount(m: MirrorMeta, account: string | undefined): void {
  if (account === undefined) return;
  const made = m.get('identity');
  if (made === undefined) m.set('identity', account);
  else if (made !== account) refuseOtherAccount(m, made, account);
}

function refuseOtherAccount(m: MirrorMeta, made: string, now: string): never {
  m.close();
  throw new UsageError(
    `the orders mirror ${m.file} holds the orders of ${made}, and the key in use is of ${now}: svc does not mix them`,
    'use another profile (or SVC_STATE_DIR) for that account, or run `svc orders sync --rebuild` to start this mirror again',
  );
}
