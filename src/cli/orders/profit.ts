// svc orders profit: the profit of your sales (spec 1.5, A4, A13), per sale or grouped by
// listing, ref or day, with totals. Money: two decimals in tables and CSV/TSV (a spreadsheet
// reads them as amounts), integer cents in JSON.
import { jsonText } from '../../output/sanitize.js';
import { Order } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';
import type { Format } from '../../output/format.js';
import { printRecords } from '../../ui/print.js';
import { formatCents } from '../../output/money.js';
import { note } from '../../output/reporter.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { choice, defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { fetchList } from '../shared/read.js';
import { checkRange, IsoDate } from './date-range.js';
import { openOrdersMirror } from './mirror-open.js';
import { profitFromMirror } from './profit-mirror.js';
import {
  PROFIT_GROUPS,
  profitReport,
  type ExcludedSale,
  type ProfitGroup,
  type ProfitReport,
  type ProfitRow,
} from './profit-report.js';

const options = {
  from: option('--from <date>', 'sales created on or after this ISO 8601 date', IsoDate.optional()),
  to: option(
    '--to <date>',
    'sales created on or before this ISO 8601 date (a bare date covers the whole day)',
    IsoDate.optional(),
  ),
  by: choice('--by <group>', 'one row per listing, per credential ref or per day (default: per sale)', PROFIT_GROUPS),
  offline: flag('--offline', 'use the local orders mirror as it is, without syncing it first (no request)'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  checkRange(o.from, o.to);
  const report = await buildReport(deps, o);
  const format = deps.format();
  if (format === 'json') {
    deps.io.stdout.write(`${jsonText({ currency: 'cents', from: o.from ?? null, to: o.to ?? null, ...report }, 2)}\n`);
    return 0;
  }
  if (format === 'jsonl') {
    for (const r of report.rows) deps.io.stdout.write(`${jsonText(r)}\n`);
    notes(deps, report, true);
    return 0;
  }
  if (report.rows.length === 0) {
    note(deps.io, 'no delivered or completed sales in this range');
    notes(deps, report, true);
    return 0;
  }
  const total: ProfitRow = { key: 'TOTAL', ...report.totals };
  await printRecords(deps.io, [...report.rows, total], { format, columns: profitColumns(o.by, format) });
  const tabular = format === 'table';
  if (tabular && report.excluded.length > 0) {
    deps.io.stdout.write('\nnot counted (only delivered and completed sales count):\n');
    await printRecords(deps.io, report.excluded, { format, columns: excludedColumns });
  }
  notes(deps, report, !tabular);
  return 0;
}

/**
 * issue 23: with a v2 key (or --offline) the report reads the orders mirror, synced first (a few
 * requests) and summed by the database; a v1-only run reads every sale as before (A3).
 */
async function buildReport(deps: Deps, o: OptsOf<typeof options>): Promise<ProfitReport> {
  const s = await deps.session();
  if (o.offline || (deps.globals.api !== 'v1' && s.keys.v2)) {
    const m = await openOrdersMirror(deps, 'orders profit', { offline: o.offline });
    try {
      return profitFromMirror(m, o.by, o.from, o.to);
    } finally {
      m.close();
    }
  }
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  const orders = await fetchList<Order>(
    deps,
    api.orders.list({ type: 'sales', from: o.from, to: o.to }),
    { all: true, complete: true },
    Order,
  );
  return profitReport(orders, v, o.by);
}

/** A4: say how many delivered items had no cost; list the sales left out (on stderr when stdout is data). */
function notes(deps: Deps, report: ProfitReport, toStderr: boolean): void {
  const lines: string[] = [];
  const n = report.totals.itemsWithoutCost;
  if (n > 0) lines.push(`${n} item${n === 1 ? '' : 's'} had no recorded cost and counted as 0`);
  if (toStderr && report.excluded.length > 0) {
    const list = report.excluded.map((e) => `${e.id} ${e.status ?? '?'}`).join(', ');
    lines.push(
      `not counted: ${report.excluded.length} sale${report.excluded.length === 1 ? '' : 's'} not delivered or completed (${list})`,
    );
  }
  if (lines.length === 0) return;
  if (toStderr) for (const l of lines) note(deps.io, l);
  else deps.io.stdout.write(`\n${lines.join('\n')}\n`);
}

type Cents = 'priceCents' | 'feeCents' | 'costCents' | 'profitCents';

function money(header: string, field: Cents, format: Format): Column<ProfitRow> {
  // Tables format cents themselves; CSV/TSV get the same two-decimal amount as text.
  return format === 'table' ? { header, value: field, kind: 'cents' } : { header, value: (r) => formatCents(r[field]) };
}

function profitColumns(by: ProfitGroup | undefined, format: Format): Column<ProfitRow>[] {
  const head: Column<ProfitRow>[] =
    by === undefined
      ? [
          { header: 'order', value: 'key' },
          { header: 'code', value: 'orderCode' },
          { header: 'created', value: 'createdAt', kind: 'date' },
          { header: 'listing', value: 'productTitle', max: 32 },
        ]
      : by === 'listing'
        ? [
            { header: 'listing', value: 'key' },
            { header: 'title', value: 'productTitle', max: 32 },
            { header: 'sales', value: 'sales', kind: 'number' },
          ]
        : by === 'ref'
          ? [
              { header: 'ref', value: 'key' },
              { header: 'sales', value: 'sales', kind: 'number' },
            ]
          : [
              { header: 'day', value: 'key' },
              { header: 'sales', value: 'sales', kind: 'number' },
            ];
  return [
    ...head,
    { header: 'items', value: 'items', kind: 'number' },
    { header: 'no cost', value: 'itemsWithoutCost', kind: 'number' },
    money('price', 'priceCents', format),
    money('fee', 'feeCents', format),
    money('cost', 'costCents', format),
    money('profit', 'profitCents', format),
  ];
}

const excludedColumns: Column<ExcludedSale>[] = [
  { header: 'order', value: 'id', kind: 'number' },
  { header: 'code', value: 'orderCode' },
  { header: 'status', value: 'status' },
  { header: 'created', value: 'createdAt', kind: 'date' },
  { header: 'price', value: 'priceCents', kind: 'cents' },
];

export const profitVerb = defineVerb({
  name: 'profit',
  description: 'profit of your delivered and completed sales: price - fee - cost of the delivered items',
  options,
  examples: [
    'svc orders profit --from 2026-11-01 --by listing',
    'svc orders profit --by day -o csv > profit.csv',
    'svc orders profit --by ref --json | jq .totals.profitCents',
    'svc orders profit --offline --by day       # the local mirror as it is, no request',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [profitVerb];
