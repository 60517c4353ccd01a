// The CSV layer shared by prices, statuses and credential CSV files (cli-spec 3): delimiter
// `,` `;` or TAB detected from the header, BOM stripped, blank and `#` lines skipped, header
// names trimmed and lower-cased, every record tagged with its FIRST physical line.
//
// Why records are cut here and not by csv-parse's own stream: csv-parse's `info.lines` is the
// LAST line of a record, its `raw` also carries the blank and comment lines skipped before it,
// and one malformed quote ends its stream. So records are cut on physical lines by quote
// parity (a newline ends a record when the record holds an even number of `"`), which also
// yields exact byte offsets and lets a bad row become one problem; csv-parse then splits the
// records into fields, many per call. Invalid UTF-8 and NUL bytes become a problem on their line.
import { isAscii } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import {
  encodingProblem,
  readPhysicalLineBatches,
  type PhysicalLine,
  type PhysicalLineOptions,
} from './physical-lines.js';

export type Delimiter = ',' | ';' | '\t';
/** Tie order of detection: a header with no delimiter at all is a one-column `,` file. */
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];
/** svc decision: a price or status row is tiny; anything longer is refused unread. */
const DEFAULT_MAX_RECORD_BYTES = 64 * 1024;

interface CsvHeader {
  kind: 'header';
  line: number;
  columns: string[];
  delimiter: Delimiter;
}
interface CsvRecord {
  kind: 'record';
  /** First physical line of the record (cli-spec 3). */
  line: number;
  lastLine: number;
  startOffset: number;
  endOffset: number;
  fields: string[];
}
interface CsvProblem {
  kind: 'problem';
  line: number;
  message: string;
}
export type CsvEvent = CsvHeader | CsvRecord | CsvProblem;

export interface CsvTableOptions extends Omit<PhysicalLineOptions, 'maxBytes'> {
  maxRecordBytes?: number;
  /** Trim spaces around values (default true). Credential files keep values as written. */
  trimFields?: boolean;
  /** Skip lines starting with `#` (default true). */
  comments?: boolean;
  /** Re-reading a slice: delimiter and columns come from the scan, no header row is read. */
  known?: { delimiter: Delimiter; columns: string[] };
}

const HASH = 0x23;
const NEWLINE = Buffer.from('\n');

export async function* readCsvTable(path: string, opts: CsvTableOptions = {}): AsyncGenerator<CsvEvent> {
  for await (const events of readCsvTableBatches(path, opts)) yield* events;
}

/** The events of readCsvTable, in arrays (speed: one await per block, not per row). */
export async function* readCsvTableBatches(path: string, opts: CsvTableOptions = {}): AsyncGenerator<CsvEvent[]> {
  const maxRecordBytes = opts.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const comments = opts.comments ?? true;
  const trim = opts.trimFields ?? true;
  let delimiter: Delimiter | undefined = opts.known?.delimiter;
  let haveHeader = opts.known !== undefined;
  let pending: PendingRecord | undefined;
  const batch = new RecordBatch();
  let out: CsvEvent[] = [];
  for await (const lines of readPhysicalLineBatches(path, { ...opts, maxBytes: maxRecordBytes })) {
    for (const pl of lines) {
      if (!pending) {
        if (pl.blank) continue; // cli-spec 3: blank lines ignored
        if (comments && pl.content[0] === HASH) continue; // cli-spec 3: `#` comment lines ignored
        pending = new PendingRecord(pl, maxRecordBytes);
      } else {
        pending.add(pl);
      }
      if (pending.quotes % 2 !== 0) continue; // a quoted value runs on to the next line
      const record = pending;
      pending = undefined;
      const failure = record.failure();
      if (failure) {
        batch.flushInto(out, delimiter ?? ',', trim); // keep events in line order
        out.push({ kind: 'problem', ...failure });
        if (!haveHeader) {
          // without a usable header no row can be judged
          yield out;
          return;
        }
        continue;
      }
      if (!haveHeader) {
        const text = record.bytes().toString('utf8');
        delimiter = detectDelimiter(text);
        const parsed = splitRecords([record.bytes()], delimiter, trim)[0]!;
        if (typeof parsed === 'string') {
          out.push({ kind: 'problem', line: record.firstLine, message: parsed });
          yield out;
          return; // without a usable header no row can be judged
        }
        if (allEmpty(parsed)) continue; // `;;` or only spaces around delimiters: a blank line
        haveHeader = true;
        out.push({
          kind: 'header',
          line: record.firstLine,
          columns: parsed.map((name) => name.trim().toLowerCase()),
          delimiter,
        });
        continue;
      }
      batch.add(record);
      if (batch.full) batch.flushInto(out, delimiter ?? ',', trim);
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  batch.flushInto(out, delimiter ?? ',', trim);
  if (pending) {
    out.push({
      kind: 'problem',
      line: pending.firstLine,
      message: 'unclosed quote: the rest of the file is inside this value',
    });
  } else if (!haveHeader) {
    out.push({ kind: 'problem', line: 1, message: 'empty file: a header row is required' });
  }
  if (out.length > 0) yield out;
}

/**
 * Complete records waiting to be split by one csv-parse call: a call per record would spend
 * most of its time setting csv-parse up. A batch that fails is split record by record, so
 * each bad record still is its own problem.
 */
class RecordBatch {
  private records: PendingRecord[] = [];
  private size = 0;

  add(record: PendingRecord): void {
    this.records.push(record);
    this.size += record.byteCount;
  }

  get full(): boolean {
    return this.records.length >= 500 || this.size >= 256 * 1024;
  }

  flushInto(out: CsvEvent[], delimiter: Delimiter, trim: boolean): void {
    if (this.records.length === 0) return;
    const records = this.records;
    this.records = [];
    this.size = 0;
    const results = splitRecords(
      records.map((r) => r.bytes()),
      delimiter,
      trim,
    );
    for (let i = 0; i < records.length; i++) {
      const record = records[i]!;
      const parsed = results[i]!;
      if (typeof parsed === 'string') out.push({ kind: 'problem', line: record.firstLine, message: parsed });
      else if (!allEmpty(parsed)) {
        // a spreadsheet's empty rows (`;;`) are blank lines
        out.push({
          kind: 'record',
          line: record.firstLine,
          lastLine: record.lastLine,
          startOffset: record.startOffset,
          endOffset: record.endOffset,
          fields: parsed,
        });
      }
    }
  }
}

/** The lines of one record while its quotes are open. Keeps at most maxRecordBytes. */
class PendingRecord {
  readonly firstLine: number;
  lastLine: number;
  readonly startOffset: number;
  endOffset: number;
  quotes = 0;
  private parts: Buffer[] = [];
  private bytes_ = 0;
  private tooLong = false;
  private bad: { line: number; message: string } | undefined;

  constructor(
    first: PhysicalLine,
    private readonly maxBytes: number,
  ) {
    this.firstLine = first.line;
    this.lastLine = first.line;
    this.startOffset = first.start;
    this.endOffset = first.end;
    this.add(first);
  }

  add(pl: PhysicalLine): void {
    this.lastLine = pl.line;
    this.endOffset = pl.end;
    this.quotes += pl.quotes;
    this.bad ??= encodingProblem(pl);
    this.bytes_ += pl.byteLength + 1;
    if (pl.truncated || this.bytes_ > this.maxBytes + 1) {
      this.tooLong = true;
      this.parts = []; // do not hold a huge record: it is refused anyway
    }
    if (!this.tooLong) this.parts.push(pl.content);
  }

  failure(): { line: number; message: string } | undefined {
    if (this.bad) return this.bad;
    if (this.tooLong) return { line: this.firstLine, message: `row longer than ${this.maxBytes} bytes` };
    return undefined;
  }

  /** Bytes counted so far, a newline per line included. */
  get byteCount(): number {
    return this.bytes_;
  }

  /** The record's bytes, its lines joined by "\n" (a CRLF inside a quoted value becomes LF). */
  bytes(): Buffer {
    if (this.parts.length === 1) return this.parts[0]!;
    const joined: Buffer[] = [];
    this.parts.forEach((part, i) => {
      if (i > 0) joined.push(NEWLINE);
      joined.push(part);
    });
    return Buffer.concat(joined);
  }
}

/** Every cell empty or spaces: an empty spreadsheet row. */
function allEmpty(fields: string[]): boolean {
  for (const f of fields) if (f.trim() !== '') return false;
  return true;
}

/** The delimiter that occurs most often outside quotes in the header; ties go to DELIMITERS order. */
export function detectDelimiter(headerText: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerText) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter)) counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Fields of each complete record (one csv-parse call for all), or a problem message per bad
 * record. csv-parse's own messages quote the data (a credential, possibly): only its error
 * codes are used.
 */
export function splitRecords(records: Buffer[], delimiter: Delimiter, trim: boolean): (string[] | string)[] {
  //, speed: a record without a quote and with ASCII bytes only (almost every row of a
  // prices file) splits on its delimiter exactly as csv-parse would (its trim set is ASCII
  // whitespace there); csv-parse is called for the others only, in one batch.
  const out: (string[] | string | undefined)[] = new Array(records.length);
  let hard: number[] | undefined;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    const text = r.length > 0 && isAscii(r) ? r.toString('latin1') : undefined;
    const fields =
      text === undefined || CONTROL.test(text)
        ? undefined
        : text.indexOf('"') === -1
          ? splitPlain(text, delimiter, trim)
          : splitQuoted(text, delimiter, trim);
    if (fields) out[i] = fields;
    else {
      hard ??= [];
      hard.push(i);
    }
  }
  if (!hard) return out as (string[] | string)[];
  const parsed = parseRecords(
    hard.map((i) => records[i]!),
    delimiter,
    trim,
  );
  hard.forEach((at, k) => {
    out[at] = parsed[k]!;
  });
  return out as (string[] | string)[];
}

function splitPlain(text: string, delimiter: Delimiter, trim: boolean): string[] {
  const fields = text.split(delimiter);
  if (trim) for (let f = 0; f < fields.length; f++) fields[f] = fields[f]!.trim();
  return fields;
}

/**
 *, speed: an ASCII record with quotes (`"101";"19,90"`, the pt-BR spreadsheet export)
 * where every quoted value is quoted whole: its `"` opens the field and its closing `"` comes
 * right before the delimiter or the end. Such a record splits exactly as csv-parse splits it
 * (inner `""` is one `"`; what is inside quotes is kept as written, unquoted values trimmed).
 * Anything else (spaces around a quoted value, a quote inside an unquoted value, text after a
 * closing quote) returns undefined and goes to csv-parse, which also names the problem.
 * test/input/csv-fast-path.test.ts compares the two on generated records.
 */
export function splitQuoted(text: string, delimiter: Delimiter, trim: boolean): string[] | undefined {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text.charCodeAt(at) === QUOTE_BYTE) {
      let value = '';
      let from = at + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) return undefined; // unclosed
        if (text.charCodeAt(q + 1) === QUOTE_BYTE) {
          value += text.slice(from, q + 1); // `""` inside quotes: one `"`
          from = q + 2;
          continue;
        }
        value += text.slice(from, q);
        at = q + 1;
        break;
      }
      fields.push(value);
      if (at === text.length) return fields;
      if (text[at] !== delimiter) return undefined; // text after the closing quote
      at++;
    } else {
      const end = text.indexOf(delimiter, at);
      const raw = end === -1 ? text.slice(at) : text.slice(at, end);
      if (raw.indexOf('"') !== -1) return undefined; // a quote inside an unquoted value, or spaces before one
      fields.push(trim ? raw.trim() : raw);
      if (end === -1) return fields;
      at = end + 1;
    }
  }
}

const QUOTE_BYTE = 0x22;
// Control characters other than TAB: csv-parse's trim treats some of them its own way.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** csv-parse for records that need it: one call for the batch, record by record if it fails. */
function parseRecords(records: Buffer[], delimiter: Delimiter, trim: boolean): (string[] | string)[] {
  if (records.length > 1) {
    const joined: Buffer[] = [];
    records.forEach((r, i) => {
      if (i > 0) joined.push(NEWLINE);
      joined.push(r);
    });
    const all = parseOrProblem(Buffer.concat(joined), delimiter, trim);
    if (Array.isArray(all) && all.length === records.length) return all;
  }
  return records.map((record) => {
    const parsed = parseOrProblem(record, delimiter, trim);
    if (typeof parsed === 'string') return parsed;
    if (parsed.length > 1) return 'malformed CSV row';
    return parsed[0] ?? [];
  });
}

function parseOrProblem(input: Buffer, delimiter: Delimiter, trim: boolean): string[][] | string {
  try {
    return parse(input, {
      delimiter,
      quote: '"',
      escape: '"',
      record_delimiter: '\n',
      bom: false,
      encoding: 'utf8',
      relax_column_count: true,
      skip_empty_lines: false,
      trim,
    }) as string[][];
  } catch (err) {
    switch ((err as { code?: string }).code) {
      case 'INVALID_OPENING_QUOTE':
        return 'quote inside an unquoted value (quote the whole value and double inner quotes: "a""b")';
      case 'CSV_INVALID_CLOSING_QUOTE':
        return 'text after a closing quote (double a quote inside a quoted value: "a""b")';
      case 'CSV_QUOTE_NOT_CLOSED':
        return 'unclosed quote';
      default:
        return 'malformed CSV row';
    }
  }
}
