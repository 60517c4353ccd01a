// Output formats (cli-spec 1): table on a TTY, TSV when piped; json = the API's data as
// returned (pages joined into one array); jsonl = one object a line; csv/tsv with a header.
// stdout carries results only.
import { UsageError } from '../api/errors.js';
import { cellText, isNumeric, type Column } from './columns.js';
import type { IO } from './io.js';

export const FORMATS = ['table', 'json', 'jsonl', 'csv', 'tsv'] as const;
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
 * What printing records comes to: text for stdout, or a table model that the terminal UI
 * renders (src/ui/print.ts prints either; this layer never loads the UI). Undefined: an empty
 * table, its message already on stderr. `data` is printed unchanged for json/jsonl.
 */
export type Printable = { text: string } | { table: TableModel };

export function formatRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Printable | undefined {
  const rows = Array.isArray(data) ? data : [data];
  switch (opts.format) {
    case 'json':
      return { text: `${JSON.stringify(data, null, 2)}\n` };
    case 'jsonl':
      return { text: rows.map((r) => `${JSON.stringify(r)}\n`).join('') };
    case 'csv':
    case 'tsv':
      return { text: delimited(rows, opts.columns, opts.format === 'csv' ? ',' : '\t') };
    case 'table':
      if (rows.length === 0) {
        if (opts.empty && !io.quiet) io.stderr.write(`${opts.empty}\n`);
        return undefined;
      }
      // Ink only when rendering to a terminal (style.md principle 5).
      if (io.stdoutIsTTY) return { table: tableModel(rows, opts.columns, opts.single) };
      return { text: plainTable(tableModel(rows, opts.columns, opts.single)) };
  }
}

export interface TableModel {
  headers: string[];
  rows: string[][];
  numeric: boolean[];
  max: (number | undefined)[];
  keyValue: boolean;
}

export function tableModel<T>(rows: T[], columns: Column<T>[], single = false): TableModel {
  if (single && rows.length === 1) {
    const row = rows[0]!;
    return {
      headers: ['FIELD', 'VALUE'],
      rows: columns.map((c) => [c.header, cellText(c, row, true)]),
      numeric: [false, false],
      max: [undefined, undefined],
      keyValue: true,
    };
  }
  return {
    headers: columns.map((c) => c.header.toUpperCase()),
    rows: rows.map((r) => columns.map((c) => cellText(c, r, true))),
    numeric: columns.map((c) => isNumeric(c.kind)),
    max: columns.map((c) => c.max),
    keyValue: false,
  };
}

/** Column widths: the widest cell, capped by the column's max. */
export function columnWidths(model: TableModel): number[] {
  return model.headers.map((h, i) => {
    const widest = Math.max(h.length, ...model.rows.map((r) => r[i]!.length));
    return Math.min(widest, model.max[i] ?? Infinity);
  });
}

export function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** An aligned text table without Ink, for `-o table` into a pipe or a file. */
export function plainTable(model: TableModel): string {
  const widths = columnWidths(model);
  const line = (cells: string[]) => cells
    .map((c, i) => (model.numeric[i] ? truncate(c, widths[i]!).padStart(widths[i]!) : truncate(c, widths[i]!).padEnd(widths[i]!)))
    .join('  ').trimEnd();
  const out = model.keyValue ? [] : [line(model.headers)];
  for (const r of model.rows) out.push(line(r));
  return `${out.join('\n')}\n`;
}

function delimited<T>(rows: T[], columns: Column<T>[], sep: ',' | '\t'): string {
  const esc = sep === ',' ? csvEscape : tsvEscape;
  const lines = [columns.map((c) => esc(c.header)).join(sep)];
  for (const r of rows) lines.push(columns.map((c) => esc(cellText(c, r, false))).join(sep));
  return `${lines.join('\n')}\n`;
}

/** CSV cell; a cell that a spreadsheet would run as a formula gets a leading quote. */
export function csvEscape(v: string): string {
  const safe = /^[=+@]/.test(v) || /^-(?![\d.])/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function tsvEscape(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}
