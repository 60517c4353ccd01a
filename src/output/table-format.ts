// A table's lines from records (cli-spec 1: the format on a terminal), fitted to its width
// (table.ts). Its own module so that only a table loads the layout and the character-width data
// (a read to a pipe or as json does not).
import { t, tKeyed } from '../i18n/index.js';
import { cellText, isNumeric, type Column } from './columns.js';
import type { PrintOptions } from './format.js';
import type { IO } from './io.js';
import { zoneLabel } from './local-time.js';
import { layoutTable, type TableLine, type TableModel } from './table.js';

export { tableText } from './table.js';

/**
 * A table's lines, fitted to the terminal (src/output/table.ts); undefined for an empty table.
 * The note on the columns left out, and the empty table's message, go to stderr here.
 */
export function tableLines<T>(io: IO, data: T | T[], opts: PrintOptions<T>): TableLine[] | undefined {
  const rows = Array.isArray(data) ? data : [data];
  if (rows.length === 0) {
    if (opts.empty && !io.quiet) io.stderr.write(`${t(opts.empty)}\n`);
    return undefined;
  }
  const { lines, left } = layoutTable(tableModel(rows, opts.columns, opts.single), io.tableWidth);
  if (left.length > 0 && !io.quiet)
    io.stderr.write(
      `${t(`${left.length === 1 ? 'column' : 'columns'} ${left.join(', ')} left out to fit ${io.tableWidth} columns; --wide shows ${left.length === 1 ? 'it' : 'them'}`)}\n`,
    );
  return lines;
}

function tableModel<T>(rows: T[], columns: Column<T>[], single = false): TableModel {
  if (single && rows.length === 1) {
    const row = rows[0]!;
    return {
      headers: [t('FIELD'), t('VALUE')],
      rows: columns.map((c) => [header(c.header) + zoneOf(c), cellText(c, row, true)]),
      numeric: [false, false],
      max: [undefined, undefined],
      drop: [undefined, undefined],
      keyValue: true,
    };
  }
  return {
    headers: columns.map((c) => (header(c.header) + zoneOf(c)).toUpperCase()),
    rows: rows.map((r) => columns.map((c) => cellText(c, r, true))),
    numeric: columns.map((c) => isNumeric(c.kind)),
    max: columns.map((c) => c.max),
    drop: columns.map((c) => c.drop),
    keyValue: false,
  };
}

/** A date column's header names the local offset its times are in: `CREATED (-03:00)`. */
function zoneOf<T>(c: Column<T>): string {
  return c.kind === 'date' ? ` (${zoneLabel()})` : '';
}

/** A table header in the run's language; csv/tsv headers never are. */
function header(name: string): string {
  return tKeyed('header', name);
}
