// The orders mirror: a local copy of the account's orders in SQLite, kept up to date
// by a few requests per sync, read by the reports and the listener's catch-up. The seam other
// areas use (shop, pricing): `syncedMirror(deps, {signal, offline})` then
// `salesSince(...)`. Loaded lazily by the verbs that use it (it loads node:sqlite).
import { asFeature } from '../api/feature.js';
import type { Account } from '../api/resources/account.js';
import type { Orders } from '../api/resources/orders.js';
import type { Order } from '../api/responses.js';
import type { IO } from '../output/io.js';
import { note } from '../output/reporter.js';
import { accountIdentity, accountName, cachedAccount, type IdentityDeps } from '../state/account-identity.js';
import { type MirrorDb, type MirrorPlace, mirrorError, mirrorFile, openMirror } from './db.js';
import { bindAccount, refuseUntrustedOffline } from './trust.js';
import { acquireSyncLock } from './lock.js';
import { type SaleFilter, salesSince } from './queries.js';
import { type SyncProgress, type SyncResult, syncOrders } from './sync.js';
export type { SyncProgress } from './sync.js';

/** What the mirror needs of a run: the Deps of src/cli/shared/context.ts fit it. */
export interface MirrorDeps extends IdentityDeps {
  io: IO;
  session(): Promise<{ profileName: string; baseUrl: string; keys: { v2?: string } }>;
  api(): Promise<{ orders: Pick<Orders, 'list' | 'get'>; account: Pick<Account, 'me'> }>;
}

export interface OrdersMirror {
  /** Sales created at or after `sinceIso`, newest first, streamed from the database. */
  salesSince(sinceIso: string, filter?: { productId?: number }): Iterable<Order>;
  close(): void;
}

/** The mirror as the reports and the catch-up use it: the seam, plus the database itself. */
export interface OpenMirror extends OrdersMirror {
  readonly db: MirrorDb;
  /** What the sync of this open did (undefined with `offline`). */
  readonly sync?: SyncResult;
}

export interface SyncedOptions {
  signal: AbortSignal;
  offline?: boolean;
  full?: boolean;
  rebuild?: boolean;
  windowMs?: number;
  onProgress?: (p: SyncProgress) => void;
}

/**
 * Sync the mirror of the profile in use (a few requests after the first), then return it open.
 * `offline: true` skips the sync. A second sync of the same mirror waits for the first.
 */
export async function syncedMirror(deps: MirrorDeps, opts: SyncedOptions): Promise<OpenMirror> {
  const session = await deps.session();
  const place = { stateDir: deps.stateDir(), profile: session.profileName, baseUrl: session.baseUrl };
  const notice = (text: string) => note(deps.io, text);
  if (opts.offline) return openOffline(deps, place, notice);
  // svc decision "one identity": the mirror is the account's the service names, asked once per
  // key (a v1-only session: by the orders' owner, as before).
  const who = session.keys.v2 ? await accountIdentity(deps) : undefined;
  const account = who ? accountName(who) : undefined;
  const lock = await acquireSyncLock(mirrorFile(place.stateDir, place.profile), { signal: opts.signal, notice });
  try {
    const m = await openMirror(place, notice, { rebuild: opts.rebuild });
    try {
      bindAccount(m, account);
      const api = await deps.api();
      const result = await asFeature('mirror sync', () =>
        syncOrders(m, api.orders, {
          signal: opts.signal,
          full: opts.full,
          windowMs: opts.windowMs,
          onProgress: opts.onProgress,
        }),
      );
      // The identity's one request (first run of a key) is part of what this sync cost.
      return view(m, who?.asked ? { ...result, requests: result.requests + 1 } : result);
    } catch (err) {
      m.close();
      throw mirrorError(err, m.file);
    }
  } finally {
    lock.release();
  }
}

/** An offline read: the mirror as it is, only when it is whole, still and this account's (trust.ts). */
async function openOffline(deps: MirrorDeps, place: MirrorPlace, notice: (text: string) => void): Promise<OpenMirror> {
  const known = await cachedAccount(deps);
  const m = await openMirror(place, notice, { offline: true });
  try {
    refuseUntrustedOffline(m, known ? accountName(known) : undefined);
  } catch (err) {
    m.close();
    throw err;
  }
  return view(m, undefined);
}

function view(db: MirrorDb, sync: SyncResult | undefined): OpenMirror {
  return {
    db,
    sync,
    salesSince: (sinceIso: string, filter?: SaleFilter) => salesSince(db, sinceIso, filter),
    close: () => db.close(),
  };
}
