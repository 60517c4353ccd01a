// The one loop of the table inputs (cli-spec 3: prices, variants and status files): every row
// is judged, a row whose key repeats an earlier one is refused with the line it repeats, and
// the caller gets the valid rows and every problem (the whole file, before anything is sent).
import { ProblemList } from './problems.js';
import { assertReadableFile, readError } from './source.js';
import { TableReader, type ColumnSpec, type ReadTableOptions, type TableFileResult } from './table-rows.js';

/** A row's values, the key that must not repeat, and how a repeat names it ("id 7"). */
export interface JudgedRow<V> { value: V; key: string | number; what: string }

/** `judge` reports each problem of a row and returns undefined when the row is not valid. */
export type JudgeRow<V> = (raw: Record<string, string>, report: (message: string) => void) => JudgedRow<V> | undefined;

export type TableFileRow<V> = { line: number } & V & { raw: Record<string, string> };

export async function readTableFile<V extends object>(
  path: string, columns: ColumnSpec, opts: ReadTableOptions, judge: JudgeRow<V>,
): Promise<TableFileResult<TableFileRow<V>>> {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const table = new TableReader(path, columns, problems);
  const rows: TableFileRow<V>[] = [];
  const seen = new Map<string | number, number>(); // key -> first line
  try {
    for await (const row of table.rows()) {
      const report = (message: string): void => problems.add(row.line, message);
      const judged = judge(row.raw, report);
      if (!judged) continue;
      const first = seen.get(judged.key);
      if (first !== undefined) {
        report(`duplicate of line ${first} (${judged.what} appears twice)`);
        continue;
      }
      seen.set(judged.key, row.line);
      rows.push({ line: row.line, ...judged.value, raw: row.raw });
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return { rows, problems: problems.messages, problemCount: problems.count, columns: table.header?.columns ?? [] };
}
