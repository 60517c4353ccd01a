// Records to stdout in the chosen format (src/output/format.ts). Commands call this (style.md,
// cli-kit). A table on a terminal is rendered by Ink, once (renderToString: printed
// into the scrollback, never redrawn; an earlier live renderer cleared the screen), from a bundle
// of its own (dist/table.cjs, src/ui/table-render.ts) compiled through the code cache; the bytes
// are the plain table's (src/output/table.ts lays the lines out for both). Warm, it costs
// +60-80 ms of wall time against plain printing (docs/PERFORMANCE.md, "Tables by Ink").
// SVC_INK_TABLE=0 prints the plain lines; so does any failure to load or render Ink (the table
// is never lost to the renderer). Pipes, files and -o formats never load Ink.
import { formatRecords, type PrintOptions } from '../output/format.js';
import type { TableLine } from '../output/table.js';
import type { IO } from '../output/io.js';
import { loadTableUi } from './load.js';

export async function printRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Promise<void> {
  if (opts.format !== 'table') {
    io.stdout.write(formatRecords(data, { ...opts, format: opts.format }));
    return;
  }
  const { tableLines, tableText } = await import('../output/table-format.js');
  const lines = tableLines(io, data, opts);
  if (lines === undefined) return; // an empty table: its message is on stderr
  const color = io.colorStdout ?? false;
  const text = io.stdoutIsTTY && inkTable() ? await inkTableText(lines, color) : undefined;
  // Printed once as plain lines, fitted to the terminal, when Ink is off or fails (table.ts).
  io.stdout.write(text ?? tableText(lines, color));
}

/** Ink renders terminal tables unless SVC_INK_TABLE=0 (the plain printer, same bytes). */
function inkTable(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SVC_INK_TABLE !== '0';
}

/** The table by Ink, or undefined when Ink cannot load or render (the caller prints it plain). */
async function inkTableText(lines: TableLine[], color: boolean): Promise<string | undefined> {
  try {
    // Ink's colour follows stdout here (bold header), not stderr.
    const ui = await loadTableUi({ color });
    return ui.tableString(lines, color);
  } catch {
    return undefined;
  }
}
