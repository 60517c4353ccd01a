// The orders mirror (issue 23): a local copy of the account's orders in SQLite, kept up to date
// by a few requests per sync, read by the reports and the listener's catch-up. The seam other
// areas use (docs/SEAMS: shop, pricing): `syncedMirror(deps, {signal, offline})` then
// `salesSince(...)`. Loaded lazily by the verbs that use it (it loads node:sqlite).
import { asFeature } from '../api/feature.js';
import type { Orders } from '../api/resources/orders.js';
import type { Order } from '../api/responses.js';
import type { IO } from '../output/io.js';
import { note } from '../output/reporter.js';
import { type MirrorDb, mirrorError, mirrorFile, openMirror } from './db.js';
import { acquireSyncLock } from './lock.js';
import { type SaleFilter, salesSince } from './queries.js';
import { type SyncProgress, type SyncResult, syncOrders } from './sync.js';
export type { SyncProgress } from './sync.js';

/** What the mirror needs of a run: the Deps of src/cli/shared/context.ts fit it. */
export interface MirrorDeps {
  io: IO;
  stateDir(): string;
  session(): Promise<{ profileName: string; baseUrl: string }>;
  api(): Promise<{ orders: Pick<Orders, 'list' | 'get'> }>;
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
  if (opts.offline) return view(await openMirror(place, notice), undefined);
  const lock = await acquireSyncLock(mirrorFile(place.stateDir, place.profile), { signal: opts.signal, notice });
  try {
    const m = await openMirror(place, notice, { rebuild: opts.rebuild });
    try {
      const api = await deps.api();
      const result = await asFeature('mirror sync', () =>
        syncOrders(m, api.orders, {
          signal: opts.signal,
          full: opts.full,
          windowMs: opts.windowMs,
          onProgress: opts.onProgress,
        }),
      );
      return view(m, result);
    } catch (err) {
      m.close();
      throw mirrorError(err, m.file);
    }
  } finally {
    lock.release();
  }
}

function view(db: MirrorDb, sync: SyncResult | undefined): OpenMirror {
  return {
    db,
    sync,
    salesSince: (sinceIso: string, filter?: SaleFilter) => salesSince(db, sinceIso, filter),
    close: () => db.close(),
  };
}
