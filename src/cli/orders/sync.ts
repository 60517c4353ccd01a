// svc orders sync: bring the local mirror of the account's orders up to date. The
// first sync reads every order; later ones read what is new plus the recent window and the
// orders whose status still moves (docs/DECISIONS.md "Orders mirror"). Resumable: a sync killed
// half-way goes on from its last page next time.
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import { MIRROR } from '../../api/assumptions.js';
import { jsonText } from '../../output/sanitize.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { Duration } from './duration.js';
import { openOrdersMirror } from './mirror-open.js';

const options = {
  window: option(
    '--window <duration>',
    `re-read the orders created this long before the newest one held (default ${MIRROR.recheckWindowMs / 60_000}m)`,
    Duration().optional(),
  ),
  full: flag('--full', 'read every order again (the mirror is kept and corrected)'),
  rebuild: flag(
    '--rebuild',
    'delete the mirror of this profile and make it again (also after a change of base URL or account)',
  ),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const m = await openOrdersMirror(deps, 'orders sync', { full: o.full, rebuild: o.rebuild, windowMs: o.window });
  try {
    const s = m.sync!;
    const out = {
      mirror: m.db.file,
      requests: s.requests,
      read: s.read,
      added: s.added,
      held: s.total,
      whole: s.whole,
      resumed: s.resumed,
    };
    const format = deps.format();
    if (format === 'json' || format === 'jsonl')
      deps.io.stdout.write(`${jsonText(out, format === 'json' ? 2 : undefined)}\n`);
    else if (!deps.io.quiet)
      deps.io.stderr.write(
        `${t('orders mirror up to date: {total} held, {added} new, {requests}', { total: count(s.total, 'order'), added: s.added, requests: count(s.requests, 'request') })}${s.whole ? ` ${t('(whole history read)')}` : ''}${s.resumed ? ` ${t('(went on from an interrupted sync)')}` : ''}\n`,
      );
    return 0;
  } finally {
    m.close();
  }
}

export const syncVerb = defineVerb({
  name: 'sync',
  description: 'bring the local mirror of your orders up to date (a few requests after the first sync)',
  options,
  examples: [
    'svc orders sync',
    'svc orders sync --window 6h',
    'svc orders sync --rebuild      # after moving to another account',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [syncVerb];
