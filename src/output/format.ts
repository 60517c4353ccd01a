// Output formats (cli-spec 1): table on a TTY, TSV when piped; json = the API's data as
// returned (pages joined into one array); jsonl = one object a line; csv/tsv with a header.
// stdout carries results only.
import { UsageError } from '../api/errors.js';
import { cellText, isMoney, type Column } from './columns.js';
import { jsonText } from './sanitize.js';
import type { IO } from './io.js';

const FORMATS = ['table', 'json', 'jsonl', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];
/** The formats a script reads (everything but the table). */
export type MachineFormat = Exclude<Format, 'table'>;

export function resolveFormat(io: IO, output: string | undefined, json: boolean | undefined): Format {
  if (json) return 'json';
  if (output === undefined) return io.stdoutIsTTY ? 'table' : 'tsv';
  if (!(FORMATS as readonly string[]).includes(output)) {
    throw new UsageError(`unknown output format "${output}"`, `use one of ${FORMATS.map((f) => `"${f}"`).join(', ')}`);
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
 * Records as the text for stdout in a machine format. `data` is printed unchanged for json/jsonl
 * (bidi and C1 characters escaped). A table is table-format.ts, loaded only for one (a
 * read to a pipe or as json does not load the table layout and its width data).
 */
export function formatRecords<T>(data: T | T[], opts: PrintOptions<T> & { format: MachineFormat }): string {
  const rows = Array.isArray(data) ? data : [data];
  switch (opts.format) {
    case 'json':
      return `${jsonText(data, 2)}\n`;
    case 'jsonl':
      return rows.map((r) => `${jsonText(r)}\n`).join('');
    case 'csv':
    case 'tsv':
      return delimited(rows, opts.columns, opts.format === 'csv' ? ',' : '\t');
  }
}

// cli-spec 8: one rule for money in csv and tsv: integer cents, and the header says so
// (`price_cents`), for v2 cents and v1 decimals alike (A3), so a spreadsheet sums them right.
function delimited<T>(rows: T[], columns: Column<T>[], sep: ',' | '\t'): string {
  const esc = sep === ',' ? csvEscape : tsvEscape;
  const lines = [columns.map((c) => esc(delimitedHeader(c))).join(sep)];
  for (const r of rows) lines.push(columns.map((c) => esc(cellText(c, r, false))).join(sep));
  return `${lines.join('\n')}\n`;
}

function delimitedHeader<T>(c: Column<T>): string {
  const name = snakeCase(c.header);
  return isMoney(c.kind) && !name.endsWith('_cents') ? `${name}_cents` : name;
}

/** One machine contract: a csv/tsv header is snake_case, no spaces (`auto stock` → `auto_stock`). */
function snakeCase(header: string): string {
  return header
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
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
