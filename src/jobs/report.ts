// `--report FILE.csv` of cli-spec 4: the input rows with `status`, `code`, `message` columns,
// like a marketplace's upload report. Callers pass only columns that may be shown: the stock
// import passes line/ref/cost, never the credential (cli-spec 3).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ItemOutcome } from './types.js';

export interface ReportRow {
  raw: Record<string, string>;
  outcome: ItemOutcome;
}

const RESULT_COLUMNS = ['status', 'code', 'message'] as const;

/** The shape of the input file, mirrored by its report: a `;` file with a BOM (pt-BR Excel) gets a `;` report with a BOM. */
export interface ReportStyle {
  delimiter: ',' | ';' | '\t';
  bom: boolean;
}

/**
 * Writes the report with mode 0600 (a temp file renamed into place, so an existing file's
 * looser mode is not kept and a reader never sees half a report). An input column already
 * named status/code/message keeps its name; the result column becomes `result_<name>`.
 */
export function writeReport(
  file: string,
  columns: string[],
  rows: Iterable<ReportRow>,
  style: ReportStyle = { delimiter: ',', bom: false },
): void {
  const taken = new Set(columns);
  const resultNames = RESULT_COLUMNS.map((c) => (taken.has(c) ? `result_${c}` : c));
  const line = (fields: string[]) => csvLine(fields, style.delimiter);
  const lines = [style.bom ? '\ufeff' : '', line([...columns, ...resultNames])];
  for (const { raw, outcome } of rows) {
    lines.push(
      line([
        ...columns.map((c) => raw[c] ?? ''),
        outcome.status,
        serviceText(outcome.code),
        serviceText(outcome.message),
      ]),
    );
  }
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, lines.join(''), { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** RFC 4180 line: fields with the delimiter, a quote, CR/LF or edge spaces are quoted. */
function csvLine(fields: string[], delimiter: ',' | ';' | '\t' = ','): string {
  return `${fields.map((f) => csvField(f, delimiter)).join(delimiter)}\r\n`;
}

function csvField(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Text from the service is untrusted (style 10): control characters go, and a leading
 * = + - @ is neutralised so a spreadsheet does not run it as a formula.
 */
function serviceText(text: string | undefined): string {
  if (text === undefined) return '';
  const clean = asciiPunctuation(
    text.replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
      '',
    ),
  );
  return /^[=+\-@]/.test(clean) ? `'${clean}` : clean;
}

/** Typographic punctuation as ASCII, so a spreadsheet in any code page shows the message. */
function asciiPunctuation(text: string): string {
  return text
    .replace(/\u2026/g, '...')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00a0/g, ' ');
}
