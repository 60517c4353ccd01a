// `--report FILE.csv` of cli-spec 4: the input rows with `status`, `code`, `message` columns,
// like a marketplace's upload report. Callers pass only columns that may be shown: the stock
// import passes line/ref/cost, never the credential (cli-spec 3).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ItemOutcome } from './types.js';

export interface ReportRow {
  raw: Record<string, string>;
  outcome: ItemOutcome;
}

const RESULT_COLUMNS = ['status', 'code', 'message'] as const;

/**
 * Writes the report with mode 0600 (a temp file renamed into place, so an existing file's
 * looser mode is not kept and a reader never sees half a report). An input column already
 * named status/code/message keeps its name; the result column becomes `result_<name>`.
 */
export function writeReport(file: string, columns: string[], rows: Iterable<ReportRow>): void {
  const taken = new Set(columns);
  const resultNames = RESULT_COLUMNS.map((c) => (taken.has(c) ? `result_${c}` : c));
  const lines = [csvLine([...columns, ...resultNames])];
  for (const { raw, outcome } of rows) {
    lines.push(csvLine([
      ...columns.map((c) => raw[c] ?? ''),
      outcome.status,
      serviceText(outcome.code),
      serviceText(outcome.message),
    ]));
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(tmp, lines.join(''), { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** RFC 4180 line: fields with a delimiter, quote, CR/LF or edge spaces are quoted. */
export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Text from the service is untrusted (style 10): control characters go, and a leading
 * = + - @ is neutralised so a spreadsheet does not run it as a formula.
 */
function serviceText(text: string | undefined): string {
  if (text === undefined) return '';
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return /^[=+\-@]/.test(clean) ? `'${clean}` : clean;
}
