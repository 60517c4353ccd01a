// `lines` credentials (cli-spec 3): one credential per line, or with a separator such as `---`
// the blocks between separator lines, each a multi-line credential. CRLF ends a line like LF.
// Blank lines: skipped between one-line credentials; around a block they are trimmed off, and
// inside it they belong to the credential. Nothing before the first separator or after the
// last one is an error; an empty block between two separators is ("empty credential").
import { LIMITS } from '../api/assumptions.js';
import { UsageError } from '../api/errors.js';
import { credentialLength } from '../api/rules/credential.js';
import {
  CREDENTIAL_LINE_MAX_BYTES,
  CREDENTIAL_TOO_LONG,
  judgeItem,
  type CredentialEntry,
  type EntryReadContext,
} from './credential-checks.js';
import {
  type AsciiLines,
  encodingProblem,
  forEachAsciiLine,
  type LineBatch,
  type PhysicalLine,
  readLineBatches,
  readPhysicalLines,
} from './physical-lines.js';

/**
 * The separator line to split on, or undefined for one credential per line. The API's
 * default separator "\n" (assumption A13), typed as `\n` on a shell too, means one per line.
 */
export function normaliseSeparator(separator: string | undefined): string | undefined {
  if (separator === undefined || separator === '\n' || separator === '\\n' || separator === '\r\n') return undefined;
  const line = separator.replace(/^[\r\n]+|[\r\n]+$/g, '').trim();
  if (line === '') throw new UsageError('--separator must not be empty or only spaces');
  if (/[\r\n]/.test(line)) throw new UsageError('--separator must be a single line, such as ---');
  return line;
}

//, speed: the scan takes entries in arrays, one array per 64 KiB block read (one await
// per block, not per line); a multi-line (separator) file hands them out in arrays of up to 256.
export function readLineEntryBatches(
  path: string,
  ctx: EntryReadContext,
  separator?: string,
): AsyncGenerator<CredentialEntry[]> {
  const opts = { asciiRuns: true, ...ctx, maxBytes: CREDENTIAL_LINE_MAX_BYTES };
  if (separator === undefined) return onePerLine(readLineBatches(path, opts), ctx);
  return entryBatches(blocks(readPhysicalLines(path, opts), ctx, separator));
}

/** One entry at a time (the pool's reader): not a `yield*` wrapper when there is a separator. */
export function readLineEntries(
  path: string,
  ctx: EntryReadContext,
  separator?: string,
): AsyncGenerator<CredentialEntry> {
  if (separator !== undefined)
    return blocks(readPhysicalLines(path, { ...ctx, maxBytes: CREDENTIAL_LINE_MAX_BYTES }), ctx, separator);
  return flatten(readLineEntryBatches(path, ctx));
}

async function* flatten<T>(batches: AsyncGenerator<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/** Entries of a per-entry reader (csv, jsonl, separator blocks) in arrays of up to 256. */
export async function* entryBatches<T>(entries: AsyncGenerator<T>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const entry of entries) {
    batch.push(entry);
    if (batch.length === 256) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function* onePerLine(
  batches: AsyncGenerator<LineBatch>,
  ctx: EntryReadContext,
): AsyncGenerator<CredentialEntry[]> {
  for await (const { lines, ascii } of batches) {
    const out: CredentialEntry[] = [];
    for (const pl of lines) {
      if (pl.blank) continue;
      const entry: CredentialEntry = { line: pl.line, lastLine: pl.line, startOffset: pl.start, endOffset: pl.end };
      const bad = encodingProblem(pl);
      if (bad) {
        ctx.problems.add(bad.line, bad.message);
      } else {
        const credential = pl.truncated ? undefined : pl.content.toString('utf8');
        const item = judgeItem({ credential }, pl.line, ctx.problems, ctx);
        if (item) entry.item = item;
      }
      out.push(entry);
    }
    if (ascii) asciiEntries(ascii, ctx, out);
    if (out.length > 0) yield out;
  }
}

/**
 * The entries of a run of ASCII lines, as onePerLine makes them from PhysicalLines: valid
 * UTF-8 and no NUL by construction, no line longer than the byte limit (asciiRun), so only
 * blank lines are skipped and each other line is judged.
 */
function asciiEntries(run: AsciiLines, ctx: EntryReadContext, out: CredentialEntry[]): void {
  forEachAsciiLine(run, (line, start, end, text) => {
    const entry: CredentialEntry = { line, lastLine: line, startOffset: start, endOffset: end };
    const item = judgeItem({ credential: text, ascii: true }, line, ctx.problems, ctx);
    if (item) entry.item = item;
    out.push(entry);
  });
}

/** A block while it is being read; holds at most credentialMaxChars characters. */
class Block {
  first: PhysicalLine | undefined;
  last: PhysicalLine | undefined;
  private texts: string[] = [];
  private units = 0;
  private tooLong = false;
  private bad: { line: number; message: string } | undefined;
  /** Blank lines after the last content line: inside the credential only if content follows. */
  private blanks: PhysicalLine[] = [];
  private blankUnits = 0;

  addBlank(pl: PhysicalLine): void {
    if (!this.first) return; // leading blank lines are trimmed off
    this.blankUnits += 1 + pl.byteLength; // blank = spaces and tabs: one byte, one unit each
    if (this.units + this.blankUnits <= LIMITS.credentialMaxChars) this.blanks.push(pl);
    else this.blanks = []; // too many to be inside a credential; harmless if a separator follows
  }

  addContent(pl: PhysicalLine): void {
    if (this.first && this.units + this.blankUnits > LIMITS.credentialMaxChars) this.tooLong = true;
    for (const blank of this.blanks) this.append(blank);
    this.blanks = [];
    this.blankUnits = 0;
    this.first ??= pl;
    this.last = pl;
    this.append(pl);
  }

  private append(pl: PhysicalLine): void {
    this.bad ??= encodingProblem(pl);
    if (pl.truncated) this.tooLong = true;
    if (this.tooLong || this.bad) {
      this.texts = [];
      return;
    }
    const text = pl.content.toString('utf8');
    this.units += (this.texts.length > 0 ? 1 : 0) + credentialLength(text);
    if (this.units > LIMITS.credentialMaxChars) {
      this.tooLong = true;
      this.texts = [];
      return;
    }
    this.texts.push(text);
  }

  entry(ctx: EntryReadContext): CredentialEntry {
    const first = this.first!;
    const last = this.last!;
    const entry: CredentialEntry = {
      line: first.line,
      lastLine: last.line,
      startOffset: first.start,
      endOffset: last.end,
    };
    if (this.bad) {
      ctx.problems.add(this.bad.line, this.bad.message);
    } else if (this.tooLong) {
      ctx.problems.add(first.line, CREDENTIAL_TOO_LONG);
    } else {
      const item = judgeItem({ credential: this.texts.join('\n') }, first.line, ctx.problems, ctx);
      if (item) entry.item = item;
    }
    return entry;
  }
}

async function* blocks(
  lines: AsyncGenerator<PhysicalLine>,
  ctx: EntryReadContext,
  separator: string,
): AsyncGenerator<CredentialEntry> {
  let block = new Block();
  let previousSeparator: number | undefined;
  for await (const pl of lines) {
    if (isSeparator(pl, separator)) {
      if (block.first) yield block.entry(ctx);
      else if (previousSeparator !== undefined) {
        ctx.problems.add(
          pl.line,
          `empty credential (nothing between the separators on lines ${previousSeparator} and ${pl.line})`,
        );
      }
      block = new Block();
      previousSeparator = pl.line;
      continue;
    }
    if (pl.blank) block.addBlank(pl);
    else block.addContent(pl);
  }
  if (block.first) yield block.entry(ctx);
}

function isSeparator(pl: PhysicalLine, separator: string): boolean {
  if (pl.truncated || pl.hasNul || pl.byteLength > separator.length * 4 + 64) return false;
  return pl.content.toString('utf8').trim() === separator;
}
