// `--all` printed page by page (issue 14, cli-spec 8 "Streams"): json is one array written
// element by element, jsonl/csv/tsv row by row, so the first rows appear after the first page
// and memory holds one page. Every row goes through formatRecords (format.ts), the same text
// a whole-list print makes; a table needs every row for its widths and is not streamed.
import type { Column } from './columns.js';
import { formatRecords, type Format } from './format.js';
import type { IO } from './io.js';

export class ListStream<T> {
  private rows = 0;

  constructor(
    private readonly io: IO,
    private readonly format: Exclude<Format, 'table'>,
    private readonly columns: Column<T>[],
  ) {}

  /** Print one page of rows. */
  write(page: T[]): void {
    if (this.format === 'json') {
      // One write per page (issue 26: a write per element was a system call per listing on a pipe).
      const parts: string[] = [];
      for (const row of page) {
        // The element as formatRecords prints a one-row array: `[\n  {…}\n]\n` without its brackets.
        const text = text1(formatRecords(this.io, [row], { format: 'json', columns: this.columns }));
        parts.push(`${this.rows === 0 ? '[\n' : ',\n'}${text.slice(2, text.length - 3)}`);
        this.rows++;
      }
      if (parts.length > 0) this.io.stdout.write(parts.join(''));
      return;
    }
    if (page.length === 0 && this.rows > 0) return;
    const text = text1(formatRecords(this.io, page, { format: this.format, columns: this.columns }));
    // csv/tsv: the header once, before the first page (a header line never holds a newline).
    this.io.stdout.write(this.rows > 0 && this.format !== 'jsonl' ? text.slice(text.indexOf('\n') + 1) : text);
    this.rows += Math.max(1, page.length);
  }

  /** The list is done: close the json array (an empty list prints what a whole print would). */
  end(): void {
    if (this.format === 'json') this.io.stdout.write(this.rows === 0 ? '[]\n' : '\n]\n');
    else if (this.rows === 0) this.write([]);
  }
}

function text1(p: ReturnType<typeof formatRecords>): string {
  return p ?? '';
}
