// Header checks and row mapping shared by every CSV input (cli-spec 3 "Checked: columns"):
// known, required and exclusive columns, one problem naming the unknown ones, values mapped to
// their column. The readers of prices, statuses and credential CSV only judge values.
import { readCsvTable, type CsvTableOptions, type Delimiter } from './csv-table.js';
import { printable, type ProblemList } from './problems.js';

export interface ColumnSpec {
  required: readonly string[];
  optional: readonly string[];
  /** Groups of columns of which at most one may be present (`exactlyOne`: and one must be). */
  exclusive: readonly { names: readonly string[]; exactlyOne: boolean }[];
  /**
   * Whether problems may name unknown columns. False for credential files: a file without
   * a header has a credential on line 1, and a credential is never printed (cli-spec 3).
   */
  nameUnknown: boolean;
  /** The expected columns, as the problems describe them. */
  expected: string;
}

export interface TableRow {
  line: number;
  lastLine: number;
  startOffset: number;
  endOffset: number;
  /** The row by column name (every header column, unknown ones included). */
  raw: Record<string, string>;
}

export interface TableHeader {
  line: number;
  columns: string[];
  delimiter: Delimiter;
}

export interface TableFileResult<Row> {
  rows: Row[];
  /** The first 50 problems as `FILE:LINE: message`. */
  problems: string[];
  problemCount: number;
  /** Header columns, trimmed and lower-cased, in file order. */
  columns: string[];
}

export interface ReadTableOptions {
  /** Name used in problems (default: the path). */
  displayName?: string;
}

export class TableReader {
  header: TableHeader | undefined;
  /** Rows read past the header, the refused ones included. */
  rowCount = 0;

  constructor(
    private readonly path: string,
    private readonly spec: ColumnSpec,
    private readonly problems: ProblemList,
    private readonly csv: CsvTableOptions = {},
  ) {}

  /** Rows whose shape fits the header; every other finding goes to the problem list. */
  async *rows(): AsyncGenerator<TableRow> {
    let headerUsable = this.csv.known !== undefined;
    if (this.csv.known) this.header = { line: 0, ...this.csv.known };
    for await (const event of readCsvTable(this.path, this.csv)) {
      if (event.kind === 'problem') {
        if (headerUsable) this.rowCount += 1;
        this.problems.add(event.line, event.message);
        continue;
      }
      if (event.kind === 'header') {
        this.header = { line: event.line, columns: event.columns, delimiter: event.delimiter };
        headerUsable = checkHeader(event.columns, event.line, this.spec, this.problems);
        if (!headerUsable) return; // no row can be judged against a header without its columns
        continue;
      }
      this.rowCount += 1;
      const columns = this.header!.columns;
      if (event.fields.length > columns.length) {
        this.problems.add(event.line, tooManyValues(event.fields.length, columns.length, this.header!.delimiter));
        continue;
      }
      const raw: Record<string, string> = {};
      columns.forEach((name, i) => { raw[name] = event.fields[i] ?? ''; });
      yield { line: event.line, lastLine: event.lastLine, startOffset: event.startOffset, endOffset: event.endOffset, raw };
    }
    if (headerUsable && this.rowCount === 0 && this.csv.known === undefined) {
      this.problems.add(this.header?.line ?? 1, 'no rows after the header');
    }
  }
}

function tooManyValues(got: number, want: number, delimiter: Delimiter): string {
  const hint = delimiter === ','
    ? ' (quote values that contain a comma, such as a decimal comma: "19,90")'
    : ' (quote values that contain the delimiter)';
  return `${got} values but the header has ${want} ${want === 1 ? 'column' : 'columns'}${hint}`;
}

/** Header problems on the header line; false when a required column is missing (fatal). */
export function checkHeader(columns: string[], line: number, spec: ColumnSpec, problems: ProblemList): boolean {
  const known = new Set([...spec.required, ...spec.optional, ...spec.exclusive.flatMap((g) => g.names)]);
  let usable = true;
  const unknown: string[] = [];
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    if (name === '') {
      problems.add(line, `column ${i + 1} has no name`);
    } else if (!known.has(name)) {
      unknown.push(spec.nameUnknown ? printable(name) : String(i + 1));
    } else if (seen.has(name)) {
      problems.add(line, `column ${name} appears twice`);
      usable = false;
    }
    seen.add(name);
  });
  if (unknown.length > 0) {
    const what = spec.nameUnknown ? unknown.join(', ') : `at position ${unknown.join(', ')}`;
    problems.add(line, `unknown ${unknown.length === 1 ? 'column' : 'columns'} ${what} (expected ${spec.expected})`);
  }
  for (const name of spec.required) {
    if (!seen.has(name)) {
      problems.add(line, `missing column ${name}${spec.nameUnknown ? '' : ' (line 1 must be the header row)'}`);
      usable = false;
    }
  }
  for (const group of spec.exclusive) {
    const present = group.names.filter((n) => seen.has(n));
    if (present.length > 1) {
      problems.add(line, `use one of the columns ${present.join(' or ')}, not both`);
      usable = false;
    } else if (present.length === 0 && group.exactlyOne) {
      problems.add(line, `missing column ${group.names.join(' or ')}`);
      usable = false;
    }
  }
  return usable;
}

