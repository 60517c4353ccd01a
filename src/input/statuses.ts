// The bulk-status input (cli-spec 3 "Status CSV"): id, active (true/false/1/0/yes/no), with
// the same CSV rules as the prices file.
import { parsePositiveInt } from './money.js';
import { ProblemList, quoteValue } from './problems.js';
import { assertReadableFile, readError } from './source.js';
import {
  TableReader,
  tableOptions,
  type ColumnSpec,
  type ReadTableOptions,
  type TableFileResult,
} from './table-rows.js';

export interface StatusRow {
  line: number;
  id: number;
  isActive: boolean;
  raw: Record<string, string>;
}

const STATUS_COLUMNS: ColumnSpec = {
  required: ['id', 'active'],
  optional: [],
  exclusive: [],
  nameUnknown: true,
  expected: 'id, active',
};

// cli-spec 3, compared case-insensitively.
const ACTIVE_VALUES: Record<string, boolean> = { true: true, false: false, 1: true, 0: false, yes: true, no: false };

function parseActive(text: string): boolean | undefined {
  return ACTIVE_VALUES[text.trim().toLowerCase()];
}

export async function readStatusFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<StatusRow>> {
  const displayName = opts.displayName ?? path;
  await assertReadableFile(path, displayName);
  const problems = new ProblemList(displayName);
  const table = new TableReader(path, STATUS_COLUMNS, problems, tableOptions(opts));
  const rows: StatusRow[] = [];
  const seen = new Map<number, number>(); // id -> line: one status per listing per file
  try {
    for await (const row of table.rows()) {
      const report = (message: string): void => problems.add(row.line, message);
      const idText = row.raw.id ?? '';
      const activeText = row.raw.active ?? '';
      const id = parsePositiveInt(idText);
      const isActive = parseActive(activeText);
      if (idText.trim() === '') report('missing id');
      else if (id === undefined) report(`id ${quoteValue(idText)} is not a positive whole number`);
      if (activeText.trim() === '') report('missing active');
      else if (isActive === undefined)
        report(`active ${quoteValue(activeText)} is not one of true, false, 1, 0, yes, no`);
      if (id === undefined || isActive === undefined) continue;
      const first = seen.get(id);
      if (first !== undefined) {
        report(`duplicate of line ${first} (id ${id} appears twice)`);
        continue;
      }
      seen.set(id, row.line);
      rows.push({ line: row.line, id, isActive, raw: row.raw });
    }
  } catch (err) {
    throw readError(err, displayName);
  }
  return {
    rows,
    ...table.summary(),
  };
}
