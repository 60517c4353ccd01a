// Records to stdout in the chosen format (src/output/format.ts). Tables are plain lines too
// (issue 12: a live renderer cleared the screen and the scrollback for a tall table), so printing
// records never loads Ink. Commands call this (style.md, cli-kit).
import { formatRecords, type PrintOptions } from '../output/format.js';
import type { IO } from '../output/io.js';

export async function printRecords<T>(io: IO, data: T | T[], opts: PrintOptions<T>): Promise<void> {
  const text = formatRecords(io, data, opts);
  if (text !== undefined) io.stdout.write(text);
}
