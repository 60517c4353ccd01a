// What a credential IS, before it is judged, deduplicated or sent: the one place
// that decides which invisible characters are part of it. Every format (lines, csv, jsonl)
// passes each credential through normaliseCredential in judgeItem (credential-checks.ts), on
// the validation pass and again when a chunk is re-read to be sent, so what is deduplicated is
// exactly what is uploaded.
//
// - Always removed (never part of a credential, whatever the options): a byte-order mark at the
//   start of the credential or of any of its lines, and the CR of a CRLF (or a lone CR at the
//   end of a line). These are file encoding, not content.
// - Trimmed by default: whitespace at the start and end of the credential, and at the end of
//   each of its lines (a multi-line credential). Counted, so the summary can say how many were
//   trimmed. `--keep-whitespace` sends spaces as written.
// - Refused by default: a zero-width character inside a credential (a person cannot see it, so
//   `alpha:1` and `alpha\u200B:1` would be sold as two accounts). The message names the code
//   point and its position, never the credential. `--keep-whitespace` sends them as written.
// - Left alone: Unicode look-alikes (Cyrillic `а` for Latin `a`): they are different
//   characters a person typed or pasted, and folding them would merge distinct credentials.
import { ZERO_WIDTH_CHARACTERS } from '../api/assumptions.js';

export interface NormaliseOptions {
  /** `--keep-whitespace`: only BOM and CR are removed; no trim, no zero-width check. */
  keepWhitespace?: boolean;
  /** The text is known to be ASCII: the zero-width check is skipped (a regex per line). */
  ascii?: boolean;
}

export type NormalisedCredential = { ok: true; credential: string; trimmed: boolean } | { ok: false; problem: string };

const BOM = '\uFEFF';
// Whitespace at the ends: JS `\s` (space, tab, NBSP, the Unicode spaces, line separators).
const LEADING_SPACE = /^\s+/;
const TRAILING_SPACE = /\s+$/;
const ZERO_WIDTH = new RegExp(
  `[${ZERO_WIDTH_CHARACTERS.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`,
);

export function normaliseCredential(raw: string, opts: NormaliseOptions = {}): NormalisedCredential {
  // Fast path: a one-line credential with nothing to remove (almost every line of a real file).
  let text = raw;
  if (text.includes('\r') || text.includes(BOM)) text = removeEncoding(text);
  if (opts.keepWhitespace) return { ok: true, credential: text, trimmed: false };
  if (
    !text.includes('\n') &&
    !isSpace(text.charCodeAt(0)) &&
    !isSpace(text.charCodeAt(text.length - 1)) &&
    (opts.ascii || !ZERO_WIDTH.test(text))
  ) {
    return { ok: true, credential: text, trimmed: false }; // nothing to trim or refuse: most lines
  }
  let trimmed = text;
  if (trimmed.includes('\n'))
    trimmed = trimmed
      .split('\n')
      .map((l) => l.replace(TRAILING_SPACE, ''))
      .join('\n');
  trimmed = trimmed.replace(LEADING_SPACE, '').replace(TRAILING_SPACE, '');
  const zw = ZERO_WIDTH.exec(trimmed);
  if (zw) {
    const code = zw[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return {
      ok: false,
      problem: `credential contains an invisible zero-width character (U+${code}) at character ${zw.index + 1}: remove it, or pass --keep-whitespace to send it as written`,
    };
  }
  return { ok: true, credential: trimmed, trimmed: trimmed !== text };
}

/** BOM at the start of the text or of any line, CR before LF or at the end of a line. */
function removeEncoding(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let l = line;
      while (l.startsWith(BOM)) l = l.slice(1);
      while (l.endsWith('\r')) l = l.slice(0, -1);
      return l;
    })
    .join('\n');
}

/** Printable ASCII is never whitespace; anything else asks `\s` (NaN, an empty text, too). */
function isSpace(code: number): boolean {
  if (code > 0x20 && code < 0x7f) return false;
  return Number.isNaN(code) || /\s/.test(String.fromCharCode(code));
}
