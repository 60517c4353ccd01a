// Tables for people, printed once as plain lines, the way gh's table printer does:
// never through a live renderer, so nothing printed before (the screen, the scrollback) is
// ever cleared, and `| head`, `less` and a terminal all get the same lines.
//
// On a terminal the table fits its width: ids, money, numbers, dates and short states are never
// cut; free-text columns (titles, names, comments: those with a `max`) give up room, longest
// first, down to a floor, and what is cut ends with `…`. When that is not enough, the columns a
// command ranked as optional are left out, lowest rank first (a note on stderr names them).
// `--wide`, a pipe or a file: every column, every cell whole.
import { eastAsianWidth } from 'get-east-asian-width';

export interface TableModel {
  headers: string[];
  rows: string[][];
  numeric: boolean[];
  /** Widest a column is on a terminal (free text), undefined: never cut. */
  max: (number | undefined)[];
  /** Left out, in this order (1 first), when cutting free text is not enough; undefined: always shown. */
  drop: (number | undefined)[];
  keyValue: boolean;
}

const GAP = 2;
/** A cut column keeps at least this many cells (or its header's width). */
const MIN_CUT_WIDTH = 8;

// Display width by grapheme cluster, the way terminals render them: wide and fullwidth
// characters (East Asian Width W/F: CJK, Hangul, kana) and emoji take two cells, combining marks
// and invisible format characters none. Not string-width: it builds an ICU segmenter when it
// loads, which cost every run that prints anything ~35 ms (bench/startup); here the segmenter is
// made on the first text that is not plain ASCII.
let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string) => {
  segmenter ??= new Intl.Segmenter();
  return segmenter.segment(text);
};
const ZERO_WIDTH = /^[\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Mn}\p{Me}]*$/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const VISIBLE = /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Mn}\p{Me}]/u;

function clusterWidth(cluster: string): number {
  if (ZERO_WIDTH.test(cluster)) return 0;
  // An emoji presentation (VS16, a ZWJ sequence) or a default-wide pictograph, a keycap (1️⃣),
  // a flag (a pair of regional indicators).
  if (EMOJI.test(cluster) && (/[\u{FE0F}\u{200D}]/u.test(cluster) || eastAsianWidth(cluster.codePointAt(0)!) === 2))
    return 2;
  if (/\u{20E3}|\p{Regional_Indicator}/u.test(cluster)) return 2;
  const base = VISIBLE.exec(cluster)?.[0] ?? cluster;
  return eastAsianWidth(base.codePointAt(0)!);
}

/** Display width: wide (CJK, emoji) characters take two cells, combining marks none. */
export function displayWidth(text: string): number {
  // ASCII is by far the usual case and needs no segmentation; so are Latin-1's letters and signs
  // (Portuguese titles: ã, ç, é) and the … of a cut cell, one cell each (the segmenter
  // on every cut line was most of the Ink table's render time).
  if (/^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u00ff\u2026]*$/.test(text)) return text.length;
  let width = 0;
  for (const { segment } of graphemes(text)) width += clusterWidth(segment);
  return width;
}

/** Cut `text` to at most `width` cells, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** What fits: each column's width, undefined for a column left out. */
function columnWidths(model: TableModel, width?: number): (number | undefined)[] {
  const natural = model.headers.map((h, i) => Math.max(displayWidth(h), ...model.rows.map((r) => displayWidth(r[i]!))));
  if (width === undefined) return natural;
  const widths: (number | undefined)[] = natural.map((w, i) => Math.min(w, model.max[i] ?? Infinity));
  const floor = (i: number) => Math.min(widths[i]!, Math.max(MIN_CUT_WIDTH, displayWidth(model.headers[i]!)));
  const over = () => {
    const shown = widths.filter((w): w is number => w !== undefined);
    return shown.reduce((a, b) => a + b, 0) + GAP * (shown.length - 1) - width;
  };
  const dropOrder = model.drop
    .map((rank, i) => ({ rank, i }))
    .filter((d): d is { rank: number; i: number } => d.rank !== undefined)
    .sort((a, b) => a.rank - b.rank);
  for (;;) {
    // Take one cell at a time from the widest free-text column still above its floor.
    let pick = -1;
    for (let i = 0; i < widths.length; i++) {
      if (
        model.max[i] !== undefined &&
        widths[i] !== undefined &&
        widths[i]! > floor(i) &&
        (pick < 0 || widths[i]! > widths[pick]!)
      )
        pick = i;
    }
    if (over() <= 0) break;
    if (pick >= 0) {
      widths[pick]!--;
      continue;
    }
    // Past the ranked columns, the rightmost ones go (the first columns identify the row): every
    // table fits, and the note on stderr names what was left out (the rule for lists).
    const next = dropOrder.shift() ?? rightmost(widths);
    if (!next) break; // two columns left (a key and its value): the row wraps
    widths[next.i] = undefined;
    // Room freed by a column left out goes back to the cut text, up to its natural width.
    for (let i = 0; i < widths.length; i++) {
      if (model.max[i] === undefined || widths[i] === undefined) continue;
      const cap = Math.min(natural[i]!, model.max[i]!);
      while (widths[i]! < cap && over() < 0) widths[i]!++;
    }
  }
  return widths;
}

function rightmost(widths: (number | undefined)[]): { i: number } | undefined {
  const shown = widths.flatMap((w, i) => (w === undefined ? [] : [i]));
  return shown.length > 2 ? { i: shown.at(-1)! } : undefined;
}

/** A value on lines of at most `room` cells, broken between words (a longer word is cut). */
function wrapWords(text: string, room: number | undefined): string[] {
  if (room === undefined || room < MIN_CUT_WIDTH || displayWidth(text) <= room) return [text];
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (displayWidth(next) <= room) line = next;
    else {
      if (line !== '') out.push(line);
      line = displayWidth(word) <= room ? word : truncate(word, room);
    }
  }
  if (line !== '') out.push(line);
  return out;
}

/** One line of a laid-out table: `bold` (the header, a key) then `rest`, both fitted already. */
export interface TableLine {
  bold: string;
  rest: string;
}

/**
 * The layout: each line's text, fitted to the width, and the headers of the columns
 * left out to fit. The plain printer and the Ink table both print these lines.
 */
export function layoutTable(model: TableModel, width?: number): { lines: TableLine[]; left: string[] } {
  const widths = columnWidths(model, width);
  const shown = widths.map((w, i) => (w === undefined ? -1 : i)).filter((i) => i >= 0);
  const pad = (text: string, i: number) => {
    const t = truncate(text, widths[i]!);
    const fill = ' '.repeat(Math.max(0, widths[i]! - displayWidth(t)));
    return model.numeric[i] ? fill + t : t + fill;
  };
  const row = (cells: string[]) =>
    shown
      .map((i) => pad(cells[i]!, i))
      .join(' '.repeat(GAP))
      .trimEnd();
  const lines: TableLine[] = [];
  if (model.keyValue) {
    // One record: the value is whole, on lines of its own under the value column when it is
    // longer than the terminal leaves it (`gh issue view` style, but never past the width).
    const room = width === undefined ? undefined : width - widths[0]! - GAP;
    for (const r of model.rows) {
      const [first, ...more] = wrapWords(r[1]!, room);
      lines.push({ bold: pad(r[0]!, 0), rest: `${' '.repeat(GAP)}${first}` });
      for (const m of more) lines.push({ bold: '', rest: `${' '.repeat(widths[0]! + GAP)}${m}` });
    }
  } else {
    lines.push({ bold: row(model.headers), rest: '' });
    for (const r of model.rows) lines.push({ bold: '', rest: row(r) });
  }
  const left = widths.map((w, i) => (w === undefined ? model.headers[i]!.toLowerCase() : '')).filter(Boolean);
  return { lines, left };
}

/** The table as plain text lines (no Ink): a pipe, a file, or a terminal's table in tests. */
export function tableText(lines: TableLine[], bold: boolean): string {
  const b = (s: string) => (bold ? `\u001b[1m${s}\u001b[22m` : s);
  return `${lines.map((l) => (l.bold === '' ? l.rest : `${b(l.bold)}${l.rest}`.trimEnd())).join('\n')}\n`;
}
