// `--all` printed page by page (cli-spec 8 "Streams"): json is one array written a
// page at a time (cut from the page's own JSON text), jsonl/csv/tsv row by row, so the
// first rows appear after the first page and memory holds one page. Every row is the text a
// whole-list print makes (formatRecords, format.ts; for json its jsonText); a table needs every
// row for its widths and is not streamed.
import type { Column } from './columns.js';
import { formatRecords, type MachineFormat } from './format.js';
import type { IO } from './io.js';
import { jsonText } from './sanitize.js';

export class ListStream<T> {
  private rows = 0;

  constructor(
    private readonly io: IO,
    private readonly format: MachineFormat,
    private readonly columns: Column<T>[],
  ) {}

  /** Print one page of rows. */
  write(page: T[]): void {
    if (this.format === 'json') {
      if (page.length === 0) return;
      // the page is formatted in one call and its elements are cut out of it: a
      // one-row array per listing cost a stringify, a sanitising pass and three copies each.
      // jsonText(page, 2) is `[\n  {…},\n  {…}\n]`: every element indented as a whole print
      // indents it, joined by `,\n`, the same bytes the one-row arrays gave (one write per page).
      const text = jsonText(page, 2);
      this.io.stdout.write(`${this.rows === 0 ? '[\n' : ',\n'}${text.slice(2, text.length - 2)}`);
      this.rows += page.length;
      return;
    }
    if (page.length === 0 && this.rows > 0) return;
    const text = formatRecords(page, { format: this.format, columns: this.columns });
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
