// Records to stdout in the chosen format (src/output/format.ts); a table on a terminal goes
// through the Ink UI, loaded only then. Commands call this, never Ink (style.md, cli-kit).
import { formatRecords, type PrintOptions } from '../output/format.js';
import type { IO } from '../output/io.js';
import { loadUi } from './load.js';

export async function printRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Promise<void> {
  const printable = formatRecords(io, data, opts);
  if (!printable) return;
  if ('text' in printable) io.stdout.write(printable.text);
  else await (await loadUi()).renderTable(io, printable.table);
}
