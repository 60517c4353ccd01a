// The one sanitiser (style.md principle 10). Every string that came from the network or
// a file (buyer-written text, server dates and messages, names) is untrusted at the output layer:
// - on a terminal (tables, messages) escape sequences, C0/C1 controls and the invisible format
//   characters that reorder or hide text are removed: an OSC 52 clipboard write, a colour reset,
//   a right-to-left override (U+202E) that makes `exe.txt` read as `txt.exe`, U+061C;
// - in JSON they are escaped (`\u202e`), so the data stays exact and a terminal or a log viewer
//   showing the JSON is not steered by it;
// - csv/tsv cells a spreadsheet would run as a formula are neutralised in format.ts (guardFormula).
const ANSI =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|\u009d[^\u0007\u009c]*[\u0007\u009c]?/g;

/**
 * Characters never shown raw: C0 controls but tab/newline/CR (handled per use), DEL, C1, the
 * Arabic letter mark, zero-width space, LRM/RLM, the bidi embeddings and overrides, LS/PS, the
 * bidi isolates, the invisible operators and the BOM/ZWNBSP. ZWJ and ZWNJ stay (emoji, scripts).
 */
const INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Text safe for one terminal cell: no escapes, no controls, newlines and tabs as spaces. */
export function sanitizeInline(text: string): string {
  return text
    .replace(ANSI, '')
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(INVISIBLE, '');
}

/** Text safe for a terminal block: keeps newlines, drops escapes and other controls. */
export function sanitizeBlock(text: string): string {
  return text.replace(ANSI, '').replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(INVISIBLE, '');
}

/**
 * JSON text with every invisible or control character escaped (JSON.stringify escapes C0 only).
 * Such characters can only stand inside strings, where `\uXXXX` means the same character.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    INVISIBLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
