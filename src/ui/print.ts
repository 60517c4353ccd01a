// Records to stdout in the chosen format (src/output/format.ts). Commands call this (style.md,
// cli-kit). A table on a terminal is rendered by Ink, once (issue 28: printed into the
// scrollback, never redrawn, so nothing printed before is cleared, issue 12); pipes, files and
// every -o format stay plain text and never load Ink. The table has a bundle of its own
// (dist/table.cjs, src/ui/table-render.ts), compiled through the code cache.
import { formatRecords, tableLines, type PrintOptions } from '../output/format.js';
import type { IO } from '../output/io.js';
import { loadTableUi } from './load.js';

export async function printRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Promise<void> {
  if (opts.format === 'table' && io.stdoutIsTTY) {
    const lines = tableLines(io, data, opts);
    if (lines === undefined) return;
    // Ink's colour follows stdout here (bold header), not stderr.
    const ui = await loadTableUi({ color: io.colorStdout ?? false });
    io.stdout.write(ui.tableString(lines, io.colorStdout ?? false));
    return;
  }
  const text = formatRecords(io, data, opts);
  if (text !== undefined) io.stdout.write(text);
}
