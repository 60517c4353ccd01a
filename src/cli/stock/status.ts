// svc stock status (cli-spec 8 "Stock"): one row per auto-delivery listing and
// variant: credentials held (A4 autoDeliveryStock), units sold in the last 7 days, days left at
// that pace, state. `--below N` / `--days D` mark rows; `--fail-below` makes a marked row exit 3
// (cli-spec 8: "a status check found rows below the threshold"), for cron and CI.
// Cost: the listings' pages and the window's sales pages, 100 a page (A2), nothing per listing.
import { z } from 'zod';
import { EXIT, UsageError } from '../../api/errors.js';
import { LIMITS, STOCK_LEVELS } from '../../api/assumptions.js';
import type { Listing } from '../../api/responses.js';
import { soldSince } from '../../mirror/queries.js';
import { openOrdersMirror } from '../orders/mirror-open.js';
import { note } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import { printRecords } from '../../ui/print.js';
import { parseId } from '../shared/command.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import type { Deps } from '../shared/context.js';
import { requireV2 } from '../shared/job-helpers.js';
import { stockRowsFromSold, type StockRow } from './levels.js';

const EXAMPLES = [
  'svc stock status',
  'svc stock status --below 20 --days 3 --fail-below     # exit 3 when a listing runs low',
  'svc stock status 101 109 -o json',
];

const options = {
  below: option('--below <n>', 'mark rows holding fewer than N credentials', z.coerce.number().int().min(0).optional()),
  days: option(
    '--days <d>',
    'mark rows with fewer than D days of stock left at the pace of the last 7 days',
    z.coerce.number().min(0).optional(),
  ),
  failBelow: flag('--fail-below', 'exit 3 when any row is marked (for cron and CI alerts)'),
  alerts: flag('--alerts', 'print only the marked rows'),
  offline: flag('--offline', 'count sales from the local orders mirror as it is, without syncing it first'),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const only = new Set(args.map((a) => parseId(a, 'listing id')));
  if ((o.failBelow || o.alerts) && o.below === undefined && o.days === undefined) {
    throw new UsageError(
      `${o.failBelow ? '--fail-below' : '--alerts'} needs a threshold`,
      'add --below N (credentials) or --days D (days of stock left)',
    );
  }
  await requireV2(deps, 'stock status');
  const api = await deps.api();
  let listingPages = 0;
  const listings: Listing[] = [];
  for await (const page of api.products.list({}, 'v2').pages({ limit: LIMITS.pageSizeMax, all: true })) {
    listingPages++;
    for (const l of page.items) if (only.size === 0 || only.has(l.id)) listings.push(l);
  }
  for (const id of only)
    if (!listings.some((l) => l.id === id)) throw new UsageError(`no listing ${id} among your listings`);
  const windowDays = STOCK_LEVELS.salesWindowDays;
  const from = new Date(Date.now() - windowDays * 86_400_000).toISOString();
  // the window's sales come from the orders mirror, synced first (a few requests).
  const m = await openOrdersMirror(deps, 'stock status', { offline: o.offline });
  let sold: Map<string, number>;
  try {
    sold = soldSince(m.db, from, STOCK_LEVELS.soldStatuses);
  } finally {
    m.close();
  }
  const syncRequests = m.sync?.requests ?? 0;
  const all = stockRowsFromSold(listings, sold, { below: o.below, days: o.days }, windowDays);
  const marked = all.filter((r) => r.alert);
  const rows = o.alerts ? marked : all;
  if (deps.globals.verbose) {
    // "say how many [requests] in --verbose"
    deps.io.stderr.write(
      `${t(`stock status: ${listingPages + syncRequests} requests (${listingPages} page${listingPages === 1 ? '' : 's'} of listings, ${syncRequests} to sync the orders mirror; sales since ${from} summed from it), none per listing`)}\n`,
    );
  }
  await printRecords<StockRow>(deps.io, rows, {
    format: deps.format(),
    empty: o.alerts ? 'no listing is below the thresholds' : 'no auto-delivery listings',
    columns: [
      { header: 'listing', value: 'listing', kind: 'number' },
      { header: 'variant', value: 'variant', kind: 'number' },
      { header: 'title', value: 'title', max: 40 },
      { header: 'held', value: 'held', kind: 'number' },
      { header: `sold ${windowDays}d`, value: 'sold', kind: 'number' },
      { header: 'per day', value: 'perDay', kind: 'number' },
      { header: 'days left', value: 'daysLeft', kind: 'number' },
      { header: 'state', value: 'state', kind: 'word' },
      { header: 'alert', value: (r) => r.reasons.join(', '), kind: 'word' },
    ],
  });
  if (o.below !== undefined || o.days !== undefined) {
    const why = [
      o.below !== undefined ? `fewer than ${o.below} held` : '',
      o.days !== undefined ? `under ${o.days} days left` : '',
    ]
      .filter(Boolean)
      .join(' or ');
    note(deps.io, `${marked.length} of ${all.length} rows marked (${why})`);
  }
  return o.failBelow && marked.length > 0 ? EXIT.refused : EXIT.ok;
}

export const statusVerb = defineVerb({
  name: 'status',
  description: 'stock levels of auto-delivery listings: held, sold in 7 days, days left; alerts for cron and CI',
  args: [['[ids...]', 'only these listing ids (default: every auto-delivery listing)']],
  options,
  examples: EXAMPLES,
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [statusVerb];
