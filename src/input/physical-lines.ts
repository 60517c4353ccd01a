// Byte-level reader of physical lines: the one place that knows line numbers and byte offsets
// (cli-spec 3: LINE counts physical lines, header = line 1). Every format reader sits on it.
// Memory is bounded by `maxBytes` per line: a longer line is counted through to its end but
// only its first `maxBytes` bytes are kept, enough to reject it.
import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

export interface PhysicalLine {
  /** 1-based physical line number. */
  line: number;
  /** Byte offset of the line's first byte (after the BOM on line 1). */
  start: number;
  /** Byte offset just past the line's terminator ("\n" or "\r\n"). */
  end: number;
  /** The line's bytes without terminator; only the first maxBytes when truncated. */
  content: Buffer;
  /** Full length of the content in bytes, terminator excluded. */
  byteLength: number;
  truncated: boolean;
  /** Number of `"` bytes in the whole line (CSV quote parity). */
  quotes: number;
  hasNul: boolean;
  /** Content is not valid UTF-8 (only judged when not truncated). */
  invalidUtf8: boolean;
  /** Content is empty or only spaces/tabs (never true for a truncated line). */
  blank: boolean;
  /** The file is UTF-16 (BOM) and was not decoded: the line is not text to this reader. */
  utf16?: boolean;
}

export interface PhysicalLineOptions {
  /** Bytes kept per line; longer lines are truncated (and rejected by the caller). */
  maxBytes: number;
  /** Absolute byte offset the source starts at (default 0); the BOM is only stripped at 0. */
  start?: number;
  /** Exclusive end offset when reading a file range. */
  end?: number;
  /** Number of the first line read (default 1). */
  firstLine?: number;
  /** Bytes to read instead of the file (a chunk already in memory). */
  source?: AsyncIterable<Buffer> | Iterable<Buffer>;
  /** Sees every raw byte read, BOM included, in order: used to hash the whole file. */
  onBytes?: (bytes: Buffer) => void;
  /** Ctrl-C / SIGTERM: checked before every block read, the read then throws its reason. */
  signal?: AbortSignal;
  /**
   * A file starting with a UTF-16 BOM (Excel's "Unicode text") is decoded to UTF-8;
   * offsets are then those of the UTF-8 text, so only readers that never re-read a byte range
   * (prices, statuses, variants) ask for it. Without it such a file reads as `utf16` lines.
   */
  decodeUtf16?: boolean;
  /**
   *, speed: the whole lines of a block that is all ASCII with no NUL (and LF line ends)
   * come as one `AsciiLines` run (forEachAsciiLine), decoded in one call, instead of a PhysicalLine (a Buffer view,
   * a UTF-8 check and a decode) each. Only readLineBatches hands them out.
   */
  asciiRuns?: boolean;
}

/**
 * Consecutive whole lines of one block, all ASCII, no NUL, none longer than the block: line
 * `firstLine + k` is `texts[k]` as read (a CR before its LF kept: forEachAsciiLine drops it), starting
 * at byte `start` plus the lengths (+1 for each LF) of the lines before it. One byte a character.
 */
export interface AsciiLines {
  firstLine: number;
  start: number;
  texts: string[];
}

/** What readLineBatches yields: a block's PhysicalLines, then its ASCII run (when asked). */
export interface LineBatch {
  lines: PhysicalLine[];
  ascii?: AsciiLines;
}

/**
 * Each line of a run that is not blank, as a PhysicalLine would give it: its number, its byte
 * offsets and its text without the CR of a CRLF (blank: empty or only spaces and tabs). One
 * callback per line rather than two imported helpers: the bundle calls an import of another
 * chunk through a getter, which per line of a 1M-line file was measurable.
 */
export function forEachAsciiLine(
  run: AsciiLines,
  each: (line: number, start: number, end: number, text: string) => void,
): void {
  let start = run.start;
  const texts = run.texts;
  for (let k = 0; k < texts.length; k++) {
    const raw = texts[k]!;
    const end = start + raw.length + 1;
    const text = raw.charCodeAt(raw.length - 1) === CR ? raw.slice(0, -1) : raw;
    if (!isBlankText(text)) each(run.firstLine + k, start, end, text);
    start = end;
  }
}

function isBlankText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) return false;
  }
  return true;
}

const NL = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The bytes to split: the file (or range, or given source), each block shown to onBytes as
 * read, checked against the abort signal, and a UTF-16 file decoded to UTF-8 when asked.
 * `utf16` is set once the first block shows a UTF-16 BOM.
 */
async function* sourceBlocks(
  path: string,
  opts: PhysicalLineOptions,
  base: number,
  found: { utf16?: boolean },
): AsyncGenerator<Buffer> {
  opts.signal?.throwIfAborted();
  const source =
    opts.source ??
    createReadStream(path, {
      start: base,
      ...(opts.end !== undefined ? { end: opts.end - 1 } : {}),
      highWaterMark: 64 * 1024,
    });
  let decoder: TextDecoder | undefined;
  let first = base === 0;
  for await (const chunk of source) {
    opts.signal?.throwIfAborted(); // Ctrl-C ends a read of any size within a block
    const buf = chunk as Buffer;
    opts.onBytes?.(buf);
    if (first && buf.length > 0) {
      first = false;
      const le = buf[0] === 0xff && buf[1] === 0xfe;
      const be = buf[0] === 0xfe && buf[1] === 0xff;
      if (le || be) {
        found.utf16 = true;
        if (opts.decodeUtf16) decoder = new TextDecoder(le ? 'utf-16le' : 'utf-16be'); // drops the BOM
      }
    }
    if (decoder) {
      const text = decoder.decode(buf, { stream: true });
      if (text.length > 0) yield Buffer.from(text, 'utf8');
    } else {
      yield buf;
    }
  }
  if (decoder) {
    const rest = decoder.decode();
    if (rest.length > 0) yield Buffer.from(rest, 'utf8');
  }
}

/** One line at a time (the credential readers); see readPhysicalLineBatches. */
export async function* readPhysicalLines(path: string, opts: PhysicalLineOptions): AsyncGenerator<PhysicalLine> {
  for await (const batch of readPhysicalLineBatches(path, opts)) yield* batch;
}

/**
 * The lines of each block read, as one array per block (speed): one await per 64 KiB
 * instead of one per line for the readers that take them in bulk (the CSV table).
 */
export async function* readPhysicalLineBatches(
  path: string,
  opts: PhysicalLineOptions,
): AsyncGenerator<PhysicalLine[]> {
  for await (const batch of readLineBatches(path, { ...opts, asciiRuns: false })) yield batch.lines;
}

/** readPhysicalLineBatches with ASCII runs when `opts.asciiRuns` (the credential lines reader). */
export async function* readLineBatches(path: string, opts: PhysicalLineOptions): AsyncGenerator<LineBatch> {
  const base = opts.start ?? 0;
  if (!opts.source && opts.end !== undefined && opts.end <= base) return;
  const found: { utf16?: boolean } = {};
  const source = sourceBlocks(path, opts, base, found);
  // A given source may refill its buffer after each block (readBlocks): lines are then copied.
  const acc = new LineAccumulator(opts.maxBytes, opts.source !== undefined);
  let pos = base; // absolute offset of buf[0]
  let lineNo = opts.firstLine ?? 1;
  let lineStart = base;
  let atFileStart = base === 0;
  let head: Buffer | undefined; // first bytes of the file while fewer than a BOM's length
  // a file whose first line ends in a lone CR (old Mac, some exports) has CR-only
  // line ends; otherwise LF ends a line and a CR before it is dropped (CRLF).
  let terminator: number | undefined;
  for await (const chunk of source) {
    let buf = chunk;
    if (found.utf16 && !opts.decodeUtf16) acc.utf16 = true;
    if (atFileStart) {
      buf = head ? Buffer.concat([head, buf]) : buf;
      head = undefined;
      if (buf.length < BOM.length && BOM.subarray(0, buf.length).equals(buf)) {
        head = buf;
        continue;
      }
      atFileStart = false;
      if (buf.subarray(0, BOM.length).equals(BOM)) {
        // cli-spec 3: UTF-8 with or without BOM
        buf = buf.subarray(BOM.length);
        pos += BOM.length;
        lineStart = pos;
      }
    }
    terminator ??= lineEnd(buf);
    const term = terminator ?? NL;
    const lines: PhysicalLine[] = [];
    let ascii: AsciiLines | undefined;
    let i = 0;
    while (i < buf.length) {
      const nl = buf.indexOf(term, i);
      const stop = nl === -1 ? buf.length : nl;
      acc.add(buf.subarray(i, stop));
      if (nl === -1) break;
      const end = pos + nl + 1;
      lines.push(acc.finish(lineNo, lineStart, end));
      lineNo += 1;
      lineStart = end;
      i = nl + 1;
      // The first line (it may have begun in the block before) is a PhysicalLine; the whole
      // lines after it, when the block is plain ASCII, one run (the last, partial, line is not).
      if (opts.asciiRuns && ascii === undefined && lines.length === 1 && term === NL && !acc.utf16) {
        ascii = asciiRun(buf, i, lineNo, lineStart, opts.maxBytes);
        if (ascii) {
          lineNo += ascii.texts.length;
          i = buf.lastIndexOf(NL) + 1;
          lineStart = pos + i;
        }
      }
    }
    pos += buf.length;
    if (lines.length > 0) yield ascii ? { lines, ascii } : { lines };
  }
  if (head) {
    // a file of one or two bytes that only look like the start of a BOM
    acc.add(head);
    pos += head.length;
  }
  if (acc.started) yield { lines: [acc.finish(lineNo, lineStart, pos)] };
}

/**
 * The whole lines of buf from `from` to its last LF as one decoded run, when that span is all
 * ASCII without NUL and no line in it is longer than maxBytes (those go through LineAccumulator,
 * which keeps only maxBytes of them); undefined otherwise (or when there is no such line).
 */
function asciiRun(
  buf: Buffer,
  from: number,
  firstLine: number,
  start: number,
  maxBytes: number,
): AsciiLines | undefined {
  const last = buf.lastIndexOf(NL);
  if (last < from) return undefined;
  const span = buf.subarray(from, last);
  if (!isAscii(span) || span.indexOf(0) !== -1) return undefined;
  const texts = buf.toString('latin1', from, last).split('\n');
  for (const text of texts) if (text.length > maxBytes) return undefined;
  return { firstLine, start, texts };
}

/**
 * LF as soon as a block holds one (CRLF and LF files, and a CR inside a line stays content);
 * CR when a block holds a CR with something after it and no LF at all; undefined: not seen yet.
 */
function lineEnd(buf: Buffer): number | undefined {
  if (buf.indexOf(NL) !== -1) return NL;
  const cr = buf.indexOf(CR);
  return cr !== -1 && cr + 1 < buf.length ? CR : undefined;
}

/** Collects the pieces of one line across reads, keeping at most maxBytes (+1 for a CR). */
class LineAccumulator {
  utf16 = false;
  private parts: Buffer[] = [];
  private kept = 0;
  private total = 0;
  private quotes = 0;
  private nul = false;
  private lastByte = -1;
  started = false;

  constructor(
    private readonly maxBytes: number,
    private readonly copy: boolean,
  ) {}

  add(piece: Buffer): void {
    if (piece.length === 0) {
      this.started = true;
      return;
    }
    this.started = true;
    this.total += piece.length;
    this.lastByte = piece[piece.length - 1]!;
    for (let q = piece.indexOf(QUOTE); q !== -1; q = piece.indexOf(QUOTE, q + 1)) this.quotes += 1;
    if (!this.nul && piece.indexOf(0) !== -1) this.nul = true;
    const room = this.maxBytes + 1 - this.kept;
    if (room > 0) {
      const keep = piece.length <= room ? piece : piece.subarray(0, room);
      // A view when the source's buffers are fresh (a file stream): lines of a block are used
      // before long and no copy per line is made; a copy when the source reuses its buffer.
      this.parts.push(this.copy ? Buffer.from(keep) : keep);
      this.kept += keep.length;
    }
  }

  finish(line: number, start: number, end: number): PhysicalLine {
    const byteLength = this.lastByte === CR ? this.total - 1 : this.total;
    const truncated = byteLength > this.maxBytes;
    let content = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    content = content.subarray(0, Math.min(byteLength, this.maxBytes));
    const result: PhysicalLine = {
      line,
      start,
      end,
      content,
      byteLength,
      truncated,
      quotes: this.quotes,
      hasNul: this.nul,
      invalidUtf8: !truncated && !isUtf8(content),
      blank: !truncated && isBlank(content),
      ...(this.utf16 ? { utf16: true } : {}),
    };
    this.parts = [];
    this.kept = 0;
    this.total = 0;
    this.quotes = 0;
    this.nul = false;
    this.lastByte = -1;
    this.started = false;
    return result;
  }
}

function isBlank(content: Buffer): boolean {
  for (const byte of content) if (byte !== 0x20 && byte !== 0x09) return false;
  return true;
}

/** cli-spec 3: invalid UTF-8 and NUL bytes are a problem on their line, not a crash. */
export function encodingProblem(pl: PhysicalLine): { line: number; message: string } | undefined {
  if (pl.utf16) return { line: pl.line, message: 'UTF-16 text: save the file as UTF-8 (in Excel: "CSV UTF-8")' };
  if (pl.hasNul) return { line: pl.line, message: 'contains a NUL byte (is this a text file?)' };
  if (pl.invalidUtf8) return { line: pl.line, message: 'not valid UTF-8 (save the file as UTF-8)' };
  return undefined;
}
