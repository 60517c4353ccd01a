// Output formats (cli-spec 1): table on a TTY, TSV when piped; json = the API's data as
// returned (pages joined into one array); jsonl = one object a line; csv/tsv with a header.
// stdout carries results only.
import { UsageError } from '../api/errors.js';
import { t } from '../i18n/index.js';
import { cellText, isMoney, isNumeric, type Column } from './columns.js';
import { zoneLabel } from './local-time.js';
import { jsonText } from './sanitize.js';
import { layoutTable, tableText, type TableLine, type TableModel } from './table.js';
import type { IO } from './io.js';

const FORMATS = ['table', 'json', 'jsonl', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];

export function resolveFormat(io: IO, output: string | undefined, json: boolean | undefined): Format {
  if (json) return 'json';
  if (output === undefined) return io.stdoutIsTTY ? 'table' : 'tsv';
  if (!(FORMATS as readonly string[]).includes(output)) {
    throw new UsageError(`unknown output format "${output}"`, `use one of ${FORMATS.join(', ')}`);
  }
  return output as Format;
}

export interface PrintOptions<T> {
  format: Format;
  columns: Column<T>[];
  /** For a single object shown as a table: key/value lines instead of one row. */
  single?: boolean;
  /** Shown on stderr when a table is empty. */
  empty?: string;
}

/**
 * Records as the text for stdout in the chosen format; undefined for an empty table (its message
 * already on stderr). `data` is printed unchanged for json/jsonl (bidi and C1 characters escaped).
 */
export function formatRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): string | undefined {
  const rows = Array.isArray(data) ? data : [data];
  switch (opts.format) {
    case 'json':
      return `${jsonText(data, 2)}\n`;
    case 'jsonl':
      return rows.map((r) => `${jsonText(r)}\n`).join('');
    case 'csv':
    case 'tsv':
      return delimited(rows, opts.columns, opts.format === 'csv' ? ',' : '\t');
    case 'table': {
      const laid = tableLines(io, rows, opts);
      if (laid === undefined) return undefined;
      // Printed once as plain lines, fitted to the terminal (src/output/table.ts).
      return tableText(laid, io.colorStdout ?? false);
    }
  }
}

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

/** A date column's header names the local offset its times are in (issue 27): `CREATED (-03:00)`. */
function zoneOf<T>(c: Column<T>): string {
  return c.kind === 'date' ? ` (${zoneLabel()})` : '';
}

/** A table header in the run's language (issue 27); csv/tsv headers never are. */
function header(name: string): string {
  const key = `header:${name}`;
  const local = t(key);
  return local === key ? name : local;
}

// cli-spec 8 / issue 12: one rule for money in csv and tsv: integer cents, and the header says so
// (`price_cents`), for v2 cents and v1 decimals alike (A3), so a spreadsheet sums them right.
function delimited<T>(rows: T[], columns: Column<T>[], sep: ',' | '\t'): string {
  const esc = sep === ',' ? csvEscape : tsvEscape;
  const lines = [columns.map((c) => esc(delimitedHeader(c))).join(sep)];
  for (const r of rows) lines.push(columns.map((c) => esc(cellText(c, r, false))).join(sep));
  return `${lines.join('\n')}\n`;
}

function delimitedHeader<T>(c: Column<T>): string {
  return isMoney(c.kind) ? `${c.header}_cents` : c.header;
}

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a CR: OWASP's
 * CSV injection list) gets a leading quote, unless the whole cell is a number (-5, +3.2, 1e3).
 */
function guardFormula(v: string): string {
  return /^[=+\-@\t\r]/.test(v) && !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) ? `'${v}` : v;
}

function csvEscape(v: string): string {
  const safe = guardFormula(v);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function tsvEscape(v: string): string {
  return guardFormula(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}
