// How a verb opens the orders mirror: sync first (a few requests; the whole history
// only the first time), with progress on a terminal, then read. `--offline` uses it as it is.
import type { OpenMirror } from '../../mirror/index.js';
import type { Deps } from '../shared/context.js';
import { requireV2 } from '../shared/job-helpers.js';
import { syncProgress } from './sync-progress.js';
import { t } from '../../i18n/index.js';
import { count } from '../../output/plural.js';

export interface MirrorOpen {
  offline?: boolean;
  full?: boolean;
  rebuild?: boolean;
  windowMs?: number;
  /** No progress view (the listener's log owns the terminal). */
  noProgress?: boolean;
}

export async function openOrdersMirror(deps: Deps, what: string, o: MirrorOpen = {}): Promise<OpenMirror> {
  if (!o.offline) await requireV2(deps, what); // the mirror is of v2 orders (cents, deliveredItems)
  const { syncedMirror } = await import('../../mirror/index.js');
  const view = o.noProgress ? { done: async () => {} } : syncProgress(deps);
  try {
    const m = await syncedMirror(deps, {
      signal: deps.signal,
      offline: o.offline,
      full: o.full,
      rebuild: o.rebuild,
      windowMs: o.windowMs,
      onProgress: 'onProgress' in view ? view.onProgress : undefined,
    });
    if (deps.globals.verbose && m.sync) {
      const s = m.sync;
      deps.io.stderr.write(
        `${t(`orders mirror: ${count(s.requests, 'request')}, ${s.read} orders read, ${s.added} new, ${s.total} held${s.whole ? ' (whole history read)' : ''}${s.resumed ? ' (resumed)' : ''}`)}\n`,
      );
    }
    return m;
  } finally {
    await view.done();
  }
}
