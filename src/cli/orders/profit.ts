// svc orders profit: the profit of your sales (spec 1.5, A4, A13), per sale or grouped by
// listing, ref or day, with totals. Money: two decimals in tables and CSV/TSV (a spreadsheet
// reads them as amounts), integer cents in JSON.
import { count } from '../../output/plural.js';
import { t, statusWord } from '../../i18n/index.js';
import { jsonText } from '../../output/sanitize.js';
import type { Order } from '../../api/responses.js';
import type { Column } from '../../output/columns.js';
import { printRecords } from '../../ui/print.js';
import { note } from '../../output/reporter.js';
import { ListStream } from '../../output/list-stream.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { choice, date, defineVerb, flag, type OptsOf } from '../shared/verb.js';
import { fetchList } from '../shared/read.js';
import { checkRange } from '../shared/date-range.js';
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
  from: date('--from <date>', 'sales created on or after this ISO 8601 date'),
  to: date('--to <date>', 'sales created on or before this ISO 8601 date (a bare date covers the whole day)'),
  by: choice('--by <group>', 'one row per listing, per credential ref or per day (default: per sale)', PROFIT_GROUPS),
  offline: flag('--offline', 'use the local orders mirror as it is, without syncing it first (no request)'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  checkRange(o.from, o.to);
  const { report, close } = await buildReport(deps, o);
  try {
    return await output(deps, o, report);
  } finally {
    close();
  }
}

async function output(deps: Deps, o: OptsOf<typeof options>, report: MirrorReport): Promise<number> {
  const format = deps.format();
  // per-sale rows from the mirror are streamed, never all held at once.
  const rows: Iterable<ProfitRow> = report.stream ?? report.rows;
  if (format === 'json') {
    await writeJsonReport(
      deps,
      { currency: 'cents', from: o.from ?? null, to: o.to ?? null, by: report.by },
      rows,
      report,
    );
    return 0;
  }
  if (format === 'jsonl') {
    const out = chunked(deps);
    for (const r of rows) await out.put(`${jsonText(r)}\n`);
    await out.flush();
    notes(deps, report, true);
    return 0;
  }
  if (report.totals.sales === 0) {
    note(deps.io, 'no delivered or completed sales in this range');
    notes(deps, report, true);
    return 0;
  }
  const total: ProfitRow = { key: 'TOTAL', ...report.totals };
  const columns = profitColumns(o.by);
  if (format !== 'table' && report.stream) {
    const out = new ListStream<ProfitRow>(deps.io, format, columns);
    let batch: ProfitRow[] = [];
    for (const r of rows) {
      batch.push(r);
      if (batch.length === 500) {
        out.write(batch);
        batch = [];
        await drained(deps);
      }
    }
    out.write([...batch, total]);
    out.end();
  } else await printRecords(deps.io, [...rows, total], { format, columns });
  const tabular = format === 'table';
  if (tabular && report.excluded.length > 0) {
    deps.io.stdout.write(`\n${t('not counted (only delivered and completed sales count):')}\n`);
    await printRecords(deps.io, report.excluded, { format, columns: excludedColumns });
  }
  notes(deps, report, !tabular);
  return 0;
}

/** The report as `jsonText({...head, rows, totals, excluded}, 2)` prints it, the rows written as they come. */
async function writeJsonReport(
  deps: Deps,
  head: Record<string, unknown>,
  rows: Iterable<ProfitRow>,
  report: ProfitReport,
): Promise<void> {
  const out = chunked(deps);
  const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);
  await out.put(`${jsonText(head, 2).slice(0, -2)},\n  "rows": [`);
  let n = 0;
  for (const r of rows) await out.put(`${n++ === 0 ? '' : ','}\n    ${indent(jsonText(r, 2), '    ')}`);
  await out.put(n > 0 ? '\n  ]' : ']');
  await out.put(`,\n  "totals": ${indent(jsonText(report.totals, 2), '  ')}`);
  await out.put(`,\n  "excluded": ${indent(jsonText(report.excluded, 2), '  ')}\n}\n`);
  await out.flush();
}

/** Wait while stdout (a pipe) holds more than its high-water mark. */
async function drained(deps: Deps): Promise<void> {
  const stream = deps.io.stdout as Partial<NodeJS.WritableStream> & { writableNeedDrain?: boolean };
  if (stream.writableNeedDrain && typeof stream.once === 'function')
    await new Promise<void>((resolve) => stream.once!('drain', () => resolve()));
}

/**
 * Text to stdout in 64 KB writes that wait for a full pipe to drain: a pipe is written
 * asynchronously, so 100,000 rows written at once would all wait in memory (246 MB measured).
 */
function chunked(deps: Deps): { put(s: string): Promise<void>; flush(): Promise<void> } {
  const stream = deps.io.stdout as Partial<NodeJS.WritableStream> & { write(s: string): unknown };
  let buf = '';
  const flush = async () => {
    if (!buf) return;
    const text = buf;
    buf = '';
    if (stream.write(text) === false && typeof stream.once === 'function')
      await new Promise<void>((resolve) => stream.once!('drain', () => resolve()));
  };
  return {
    async put(s) {
      buf += s;
      if (buf.length >= 65_536) await flush();
    },
    flush,
  };
}

type MirrorReport = ProfitReport & { stream?: Iterable<ProfitRow> };

/**
 * with a v2 key (or --offline) the report reads the orders mirror, synced first (a few
 * requests) and summed by the database; a v1-only run reads every sale as before (A3). The
 * mirror stays open until the report is printed (`close`).
 */
async function buildReport(
  deps: Deps,
  o: OptsOf<typeof options>,
): Promise<{ report: MirrorReport; close: () => void }> {
  const s = await deps.session();
  if (o.offline || (deps.globals.api !== 'v1' && s.keys.v2)) {
    const m = await openOrdersMirror(deps, 'orders profit', { offline: o.offline });
    try {
      return { report: profitFromMirror(m, o.by, o.from, o.to), close: () => m.close() };
    } catch (err) {
      m.close();
      throw err;
    }
  }
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  const orders = await fetchList<Order>(deps, api.orders.list({ type: 'sales', from: o.from, to: o.to }), {
    all: true,
    complete: true,
  });
  return { report: profitReport(orders, v, o.by), close: () => {} };
}

/** A4: say how many delivered items had no cost; list the sales left out (on stderr when stdout is data). */
function notes(deps: Deps, report: ProfitReport, toStderr: boolean): void {
  const lines: string[] = [];
  const n = report.totals.itemsWithoutCost;
  if (n > 0) lines.push(t('{items} had no recorded cost and counted as 0', { items: count(n, 'item') }));
  if (toStderr && report.excluded.length > 0) {
    const list = report.excluded.map((e) => `${e.id} ${e.status ? statusWord(e.status) : '?'}`).join(', ');
    lines.push(
      t('not counted: {sales} not delivered or completed ({list})', {
        sales: count(report.excluded.length, 'sale'),
        list,
      }),
    );
  }
  if (lines.length === 0) return;
  if (toStderr) for (const l of lines) note(deps.io, l);
  else deps.io.stdout.write(`\n${lines.join('\n')}\n`);
}

type Cents = 'priceCents' | 'feeCents' | 'costCents' | 'profitCents';

function money(header: string, field: Cents): Column<ProfitRow> {
  // One machine contract (`svc help formats`): integer cents in `*_cents` columns of csv/tsv,
  // two decimals in the seller's format in a table.
  return { header, value: field, kind: 'cents' };
}

function profitColumns(by: ProfitGroup | undefined): Column<ProfitRow>[] {
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
    money('price', 'priceCents'),
    money('fee', 'feeCents'),
    money('cost', 'costCents'),
    money('profit', 'profitCents'),
  ];
}

const excludedColumns: Column<ExcludedSale>[] = [
  { header: 'order', value: 'id', kind: 'number' },
  { header: 'code', value: 'orderCode' },
  { header: 'status', value: 'status', kind: 'status' },
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
