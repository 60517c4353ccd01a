// Header checks and row mapping shared by every CSV input (cli-spec 3 "Checked: columns"):
// known, required and exclusive columns, one problem naming the unknown ones, values mapped to
// their column. The readers of prices, statuses and credential CSV only judge values.
import { readCsvTableBatches, type CsvTableOptions, type Delimiter } from './csv-table.js';
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
  /** Other names of a column, as a seller's own spreadsheet writes them (`preço` for price). */
  aliases?: Readonly<Record<string, string>>;
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
  /** Things ignored on purpose, for stderr (unknown columns), `FILE:LINE: note`. */
  notes: string[];
  /** The first 50 problems as `FILE:LINE: message`. */
  problems: string[];
  problemCount: number;
  /** Header columns, trimmed and lower-cased, in file order. */
  columns: string[];
  /** The file's delimiter, so a report can be written the way the file was. */
  delimiter?: Delimiter;
}

export interface ReadTableOptions {
  /** Name used in problems (default: the path). */
  displayName?: string;
  /** `--strict-columns`: an unknown column is a problem instead of a note. */
  strictColumns?: boolean;
  /** Ctrl-C / SIGTERM. */
  signal?: AbortSignal;
}

/** The CSV options of a table file (prices, statuses, variants): spreadsheet exports read as they are. */
export function tableOptions(opts: ReadTableOptions): CsvTableOptions & { strictColumns?: boolean } {
  return {
    decodeUtf16: true, // Excel's "Unicode text" (UTF-16 with BOM, tab-separated)
    ...(opts.strictColumns ? { strictColumns: true } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  };
}

export class TableReader {
  header: TableHeader | undefined;
  /** Rows read past the header, the refused ones included. */
  rowCount = 0;
  /** Notes about the header (unknown columns ignored), `FILE:LINE: note`. */
  readonly notes: string[] = [];

  /** What a reader returns besides its rows: notes, problems, columns and delimiter. */
  summary(): Omit<TableFileResult<never>, 'rows'> {
    return {
      notes: this.notes,
      problems: this.problems.messages,
      problemCount: this.problems.count,
      columns: this.header?.columns ?? [],
      delimiter: this.header?.delimiter,
    };
  }

  constructor(
    private readonly path: string,
    private readonly spec: ColumnSpec,
    private readonly problems: ProblemList,
    private readonly csv: CsvTableOptions & { strictColumns?: boolean } = {},
  ) {}

  /** Rows whose shape fits the header; every other finding goes to the problem list. */
  async *rows(): AsyncGenerator<TableRow> {
    for await (const batch of this.rowBatches()) yield* batch;
  }

  /** The rows of rows(), in arrays (speed: one await per block of the file). */
  async *rowBatches(): AsyncGenerator<TableRow[]> {
    let headerUsable = this.csv.known !== undefined;
    if (this.csv.known) this.header = { line: 0, ...this.csv.known };
    for await (const events of readCsvTableBatches(this.path, this.csv)) {
      const out: TableRow[] = [];
      for (const event of events) {
        if (event.kind === 'problem') {
          if (headerUsable) this.rowCount += 1;
          this.problems.add(event.line, event.message);
          continue;
        }
        if (event.kind === 'header') {
          const columns = event.columns.map((c) => this.spec.aliases?.[c] ?? c);
          this.header = { line: event.line, columns, delimiter: event.delimiter };
          headerUsable = checkHeader(columns, event.line, this.spec, this.problems, {
            strict: this.csv.strictColumns ?? false,
            note: (message) => this.notes.push(`${this.problems.file}:${event.line}: ${message}`),
          });
          if (!headerUsable) {
            // no row can be judged against a header without its columns
            if (out.length > 0) yield out;
            return;
          }
          continue;
        }
        this.rowCount += 1;
        const columns = this.header!.columns;
        const fields = event.fields;
        if (fields.length > columns.length && !emptyFrom(fields, columns.length)) {
          // empty cells past the header's width (`1,10,,`) are a spreadsheet's habit.
          this.problems.add(event.line, tooManyValues(fields.length, columns.length, this.header!.delimiter));
          continue;
        }
        const raw: Record<string, string> = {};
        for (let i = 0; i < columns.length; i++) raw[columns[i]!] = fields[i] ?? '';
        out.push({
          line: event.line,
          lastLine: event.lastLine,
          startOffset: event.startOffset,
          endOffset: event.endOffset,
          raw,
        });
      }
      if (out.length > 0) yield out;
    }
    if (headerUsable && this.rowCount === 0 && this.csv.known === undefined) {
      this.problems.add(this.header?.line ?? 1, 'no rows after the header');
    }
  }
}

function emptyFrom(fields: string[], from: number): boolean {
  for (let i = from; i < fields.length; i++) if (fields[i]!.trim() !== '') return false;
  return true;
}

function tooManyValues(got: number, want: number, delimiter: Delimiter): string {
  const hint =
    delimiter === ','
      ? ' (quote values that contain a comma, such as a decimal comma: "19,90")'
      : ' (quote values that contain the delimiter)';
  return `${got} values but the header has ${want} ${want === 1 ? 'column' : 'columns'}${hint}`;
}

/**
 * Header problems on the header line; false when a required column is missing (fatal).
 * columns with no name at the END of the header (`id,price,,`) are ignored; other
 * unknown or nameless columns are ignored with one note naming them, or are one problem with
 * `strict` (--strict-columns).
 */
function checkHeader(
  columns: string[],
  line: number,
  spec: ColumnSpec,
  problems: ProblemList,
  opts: { strict?: boolean; note?: (message: string) => void } = {},
): boolean {
  const known = new Set([...spec.required, ...spec.optional, ...spec.exclusive.flatMap((g) => g.names)]);
  let usable = true;
  const unknown: string[] = [];
  const seen = new Set<string>();
  let named = columns.length;
  while (named > 0 && columns[named - 1] === '') named -= 1;
  columns.forEach((name, i) => {
    if (i >= named) return; // trailing empty columns of a spreadsheet export
    if (name === '') {
      if (opts.strict) problems.add(line, `column ${i + 1} has no name`);
      else unknown.push(spec.nameUnknown ? `column ${i + 1} (no name)` : String(i + 1));
    } else if (!known.has(name)) {
      // the file's own column name, quoted: data, not svc's words
      unknown.push(spec.nameUnknown ? JSON.stringify(printable(name)) : String(i + 1));
    } else if (seen.has(name)) {
      problems.add(line, `column ${name} appears twice`);
      usable = false;
    }
    seen.add(name);
  });
  const later: string[] = []; // after the unknown columns, as before they were noted
  for (const name of spec.required) {
    if (!seen.has(name)) {
      later.push(`missing column ${name}${spec.nameUnknown ? '' : ' (line 1 must be the header row)'}`);
      usable = false;
    }
  }
  for (const group of spec.exclusive) {
    const present = group.names.filter((n) => seen.has(n));
    if (present.length > 1) {
      later.push(`use one of the columns ${present.join(' or ')}, not both`);
      usable = false;
    } else if (present.length === 0 && group.exactlyOne) {
      later.push(`missing column ${group.names.join(' or ')}`);
      usable = false;
    }
  }
  if (unknown.length > 0) {
    const what = spec.nameUnknown ? unknown.join(', ') : `at position ${unknown.join(', ')}`;
    const columnsWord = unknown.length === 1 ? 'column' : 'columns';
    // Refused with --strict-columns, and when a required column is missing: then the unknown
    // one is likely the misspelled one, and says so on the header line next to it.
    if (opts.strict || !opts.note || !usable)
      problems.add(line, `unknown ${columnsWord} ${what} (expected ${spec.expected})`);
    else
      opts.note(
        `${unknown.length} unknown ${columnsWord} ignored: ${what} (expected ${spec.expected}; --strict-columns refuses them)`,
      );
  }
  for (const message of later) problems.add(line, message);
  return usable;
}
