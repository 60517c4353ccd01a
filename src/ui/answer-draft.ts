// The answer being typed in the questions inbox, as a pure value. Keys used to be
// applied by ink-text-input from the `value` it was last rendered with: two chunks read before
// React re-rendered each started from the same stale text, and one was lost (a Backspace in 20
// at key-repeat speed; `abcdef` + five quick Backspaces gave `abd`). Here each chunk is applied
// to the result of the one before (the screen keeps the draft in a ref), character by
// character, so the order and number of keys survive any speed, pastes included.
// No React here: unit-tested directly.

export interface Draft {
  text: string;
  /** Insertion point, in UTF-16 units, 0..text.length. */
  cursor: number;
}

export const EMPTY_DRAFT: Draft = { text: '', cursor: 0 };

/** The parts of Ink's Key this needs (a plain object in tests). */
export interface KeyLike {
  return?: boolean;
  backspace?: boolean;
  delete?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  home?: boolean;
  end?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  tab?: boolean;
  escape?: boolean;
  upArrow?: boolean;
  downArrow?: boolean;
}

/** One unit of input, in the order typed. */
export type KeyUnit =
  | { kind: 'char'; text: string }
  | { kind: 'erase' }
  | { kind: 'erase-forward' }
  | { kind: 'submit' }
  | { kind: 'left' }
  | { kind: 'right' }
  | { kind: 'home' }
  | { kind: 'end' }
  | { kind: 'clear' }
  | { kind: 'tab' }
  | { kind: 'escape' }
  | { kind: 'interrupt' };

/**
 * What one Ink input event means, as units in order. A burst read in one go arrives as one
 * string (`ab\x7f\x7fcd\r`): every character of it counts, erasures and Enter included.
 */
export function keyUnits(input: string, key: KeyLike): KeyUnit[] {
  if (key.ctrl && input === 'c') return [{ kind: 'interrupt' }];
  if (key.ctrl && input === 'u') return [{ kind: 'clear' }];
  if (key.ctrl && input === 'a') return [{ kind: 'home' }];
  if (key.ctrl && input === 'e') return [{ kind: 'end' }];
  if (key.return) return [{ kind: 'submit' }];
  if (key.tab) return [{ kind: 'tab' }];
  if (key.escape) return [{ kind: 'escape' }];
  // Ink 7 names both \x7f and \b "backspace" (the key left of the cursor; 6 called \x7f "delete"),
  // one event per byte even in a burst, and keeps "delete" for the Delete key (ESC [3~): the
  // character at the cursor. Each event is applied to the draft the one before left (ref), so a
  // burst of either loses none.
  if (key.backspace && input === '') return [{ kind: 'erase' }];
  if (key.delete && input === '') return [{ kind: 'erase-forward' }];
  if (key.leftArrow) return [{ kind: 'left' }];
  if (key.rightArrow) return [{ kind: 'right' }];
  if (key.home) return [{ kind: 'home' }];
  if (key.end) return [{ kind: 'end' }];
  if (key.ctrl || key.meta || key.upArrow || key.downArrow) return [];
  const units: KeyUnit[] = [];
  for (const ch of input) {
    // (Ink 7 hands \x7f and \b over as events of their own; a chunk that still carries one erases.)
    if (ch === '\u007f' || ch === '\b') units.push({ kind: 'erase' });
    else if (ch === '\r' || ch === '\n') units.push({ kind: 'submit' });
    else if (ch === '\t') units.push({ kind: 'char', text: ' ' });
    else if (/[\u0000-\u001f\u0080-\u009f]/.test(ch))
      continue; // no control character reaches an answer
    else {
      const last = units[units.length - 1];
      if (last?.kind === 'char') last.text += ch;
      else units.push({ kind: 'char', text: ch });
    }
  }
  return units;
}

/** The draft after one editing unit (submit, tab, escape and interrupt leave it as it is). */
export function applyUnit(d: Draft, u: KeyUnit): Draft {
  switch (u.kind) {
    case 'char':
      return { text: d.text.slice(0, d.cursor) + u.text + d.text.slice(d.cursor), cursor: d.cursor + u.text.length };
    case 'erase': {
      if (d.cursor === 0) return d;
      // a character outside the BMP (an emoji) is two units: erase both
      const cut = /[\udc00-\udfff]/.test(d.text[d.cursor - 1] ?? '') && d.cursor >= 2 ? 2 : 1;
      return { text: d.text.slice(0, d.cursor - cut) + d.text.slice(d.cursor), cursor: d.cursor - cut };
    }
    case 'erase-forward': {
      if (d.cursor >= d.text.length) return d;
      const cut = /[\ud800-\udbff]/.test(d.text[d.cursor] ?? '') && d.cursor + 1 < d.text.length ? 2 : 1;
      return { text: d.text.slice(0, d.cursor) + d.text.slice(d.cursor + cut), cursor: d.cursor };
    }
    case 'left':
      return { ...d, cursor: Math.max(0, d.cursor - 1) };
    case 'right':
      return { ...d, cursor: Math.min(d.text.length, d.cursor + 1) };
    case 'home':
      return { ...d, cursor: 0 };
    case 'end':
      return { ...d, cursor: d.text.length };
    case 'clear':
      return EMPTY_DRAFT;
    default:
      return d;
  }
}

/** What is published: the draft without its edge spaces. The confirmation shows exactly this. */
export function answerText(d: Draft): string {
  return d.text.trim();
}
