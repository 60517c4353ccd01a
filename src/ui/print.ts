// Records to stdout in the chosen format (src/output/format.ts). Commands call this (style.md,
// cli-kit). Tables are plain lines (issue 12: a live renderer cleared the screen and the
// scrollback for a tall table), and printing records never loads Ink.
// issue 28: SVC_INK_TABLE=1 renders a table on a terminal with Ink instead, once (renderToString:
// printed into the scrollback, never redrawn), from a bundle of its own (dist/table.cjs,
// src/ui/table-render.ts) compiled through the code cache; the bytes are the plain table's.
// It is not the default: it costs +125-190 ms of CPU per terminal read against the issue's
// 100 ms (docs/PERFORMANCE.md, "Tables by Ink"). Pipes, files and -o formats never load it.
import { formatRecords, tableLines, type PrintOptions } from '../output/format.js';
import type { IO } from '../output/io.js';
import { loadTableUi } from './load.js';

export async function printRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Promise<void> {
  if (opts.format === 'table' && io.stdoutIsTTY && inkTableAsked()) {
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

/** issue 28: the Ink table, asked for with SVC_INK_TABLE=1 (an experiment; see above). */
function inkTableAsked(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SVC_INK_TABLE === '1';
}
