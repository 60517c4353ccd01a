// The bulk-status input (cli-spec 3 "Status CSV"): id, active (true/false/1/0/yes/no), with
// the same CSV rules as the prices file.
import { parsePositiveInt } from './money.js';
import { quoteValue } from './problems.js';
import { readTableFile } from './table-file.js';
import type { ColumnSpec, ReadTableOptions, TableFileResult } from './table-rows.js';

export interface StatusRow {
  line: number;
  id: number;
  isActive: boolean;
  raw: Record<string, string>;
}

export const STATUS_COLUMNS: ColumnSpec = {
  required: ['id', 'active'],
  optional: [],
  exclusive: [],
  nameUnknown: true,
  expected: 'id, active',
};

// cli-spec 3, compared case-insensitively.
const ACTIVE_VALUES: Record<string, boolean> = { true: true, false: false, 1: true, 0: false, yes: true, no: false };

export function parseActive(text: string): boolean | undefined {
  return ACTIVE_VALUES[text.trim().toLowerCase()];
}

export async function readStatusFile(path: string, opts: ReadTableOptions = {}): Promise<TableFileResult<StatusRow>> {
  // One status per listing per file.
  return readTableFile(path, STATUS_COLUMNS, opts, (raw, report) => {
    const idText = raw.id ?? '';
    const activeText = raw.active ?? '';
    const id = parsePositiveInt(idText);
    const isActive = parseActive(activeText);
    if (idText.trim() === '') report('missing id');
    else if (id === undefined) report(`id ${quoteValue(idText)} is not a positive whole number`);
    if (activeText.trim() === '') report('missing active');
    else if (isActive === undefined) report(`active ${quoteValue(activeText)} is not one of true, false, 1, 0, yes, no`);
    if (id === undefined || isActive === undefined) return undefined;
    return { value: { id, isActive }, key: id, what: `id ${id}` };
  });
}
