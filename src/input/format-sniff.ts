// What an input without a name says it is: stdin (`--file -`) has no extension, and
// read as `lines` a CSV or JSONL file is sent whole, a row per "credential": the header to one
// buyer, the seller's ref and purchase price to the others. So before anything is sent, the
// first lines are looked at: a `credential` header, rows of credential + delimiter + ref/cost,
// or a line that starts with `{`, and the command asks for --format instead of guessing.
// A header line is also never a credential, whatever the format says (looksLikeHeader).
import { closeSync, openSync, readSync } from 'node:fs';
import type { CredentialFormat } from './credential-checks.js';

const SAMPLE_BYTES = 64 * 1024;
const SAMPLE_LINES = 20;
const HEADER = /^\uFEFF?\s*"?credential"?\s*(?:[,;\t|]\s*"?(?:ref|cost|cost_cents|costcents)"?\s*)*$/i;
// credential, ref (may be empty), cost: `acct:pw,BATCH-0,"1,50"` or `x;REF;150`
const CSV_ROW = /[,;\t](?:"?[A-Za-z0-9._-]{0,64}"?)[,;\t]\s*"?\d+(?:[.,]\d{1,2})?"?\s*$/;

/** Whether a line is the header row of a credentials CSV (`credential`, `credential,ref,cost`, …). */
export function looksLikeHeader(line: string): boolean {
  //, a fast no for almost every credential: HEADER can only match a text whose first
  // character is a BOM, whitespace, a quote or c/C, so any other printable ASCII one cannot.
  const first = line.charCodeAt(0);
  if (first > 0x20 && first < 0x7f && first !== 0x22 && first !== 0x43 && first !== 0x63) return false;
  return HEADER.test(line);
}

/** The format the start of `path` shows, when it is not one credential per line; undefined otherwise. */
export function sniffCredentialFormat(path: string): Exclude<CredentialFormat, 'lines'> | undefined {
  const lines = sampleLines(path);
  if (lines.length === 0) return undefined;
  if (
    lines[0]!
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('{')
  )
    return 'jsonl';
  if (looksLikeHeader(lines[0]!)) return 'csv';
  const rows = lines.filter((l) => CSV_ROW.test(l)).length;
  return rows > 0 && rows * 2 > lines.length ? 'csv' : undefined;
}

function sampleLines(path: string): string[] {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE_BYTES);
    const n = readSync(fd, buf, 0, SAMPLE_BYTES, 0);
    const text = buf.subarray(0, n).toString('utf8');
    const all = text.split(/\r?\n/);
    if (n === SAMPLE_BYTES) all.pop(); // the last line may be cut
    return all.filter((l) => l.trim() !== '').slice(0, SAMPLE_LINES);
  } finally {
    closeSync(fd);
  }
}
