// The mirror sync's progress: drawn by src/ui on a terminal (stderr), nothing
// otherwise; a sync of a few requests finishes before anything is drawn.
import type { SyncProgress } from '../../mirror/index.js';
import { canDrawLive } from '../../output/io.js';
import type { ProgressHandle } from '../../ui/index.js';
import { loadUi } from '../../ui/load.js';
import type { Deps } from '../shared/context.js';

export interface SyncView {
  onProgress?: (p: SyncProgress) => void;
  done(): Promise<void>;
}

/** Only a sync that reads more than this many pages draws a bar. */
const DRAW_AFTER_PAGES = 3;

export function syncProgress(deps: Deps): SyncView {
  if (deps.io.quiet || !canDrawLive(deps.io, 'stderr')) return { done: async () => {} };
  let handle: Promise<ProgressHandle> | undefined;
  const t0 = Date.now();
  const state = (p: SyncProgress) => ({
    title: p.phase === 'orders' ? 'orders sync' : 'orders sync (statuses)',
    itemsDone: p.pages,
    totalItems: p.totalPages ?? p.pages,
    requests: p.requests,
    failures: 0,
    itemsPerSecond: p.pages / Math.max(0.001, (Date.now() - t0) / 1000),
    note: `${p.orders} orders read`,
  });
  return {
    onProgress: (p) => {
      if (!handle && p.pages < DRAW_AFTER_PAGES) return;
      handle ??= loadUi().then((ui) => ui.startProgress(deps.io, state(p)));
      void handle.then((h) => h.update(state(p)));
    },
    done: async () => {
      if (handle) await (await handle).done();
    },
  };
}
