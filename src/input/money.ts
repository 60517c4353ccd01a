import { priceAboveMax, priceBelowMin, priceProblem, type PriceUnit } from '../api/rules/price.js';
import { quoteValue } from './problems.js';

// Money in input files (cli-spec 3): a decimal in the platform currency (`19.90`, `19,90`,
// `19`, `19.9`) or integer cents. Parsed from the text with integer arithmetic, never through
// floating point, so `19.90` is exactly 1990 cents.

export type CentsParse =
  | { ok: true; cents: number }
  | {
      ok: false;
      reason: 'empty' | 'not-a-number' | 'ambiguous-thousands' | 'not-whole-cents' | 'negative' | 'too-large';
      mark?: '.' | ',';
    };

// Beyond 15 digits a Number loses cents; every limit we check sits far below.
const MAX_DIGITS = 15;

type Mark = '.' | ',';

/**
 * The decimal mark of one file, as its values show it: `19,90` or `1.234,50` say
 * `,`; `19.9` or `1,234.50` say `.`. A value like `1.234` (one `.` or `,` followed by exactly
 * three digits) reads as a thousands separator only when an EARLIER value of the file showed
 * the other mark as the decimal one; otherwise it is ambiguous and refused (the file is
 * streamed: a later line does not decide an earlier one).
 */
export class DecimalMarks {
  private readonly seen = new Set<Mark>();

  observe(mark: Mark): void {
    this.seen.add(mark);
  }

  /** The file's decimal mark, when its values so far showed exactly one. */
  get known(): Mark | undefined {
    return this.seen.size === 1 ? [...this.seen][0] : undefined;
  }
}

// Digit groups of 3 after a 1-3 digit head, separated by `sep`.
const grouped = (sep: string): string => `\\d{1,3}(?:${sep}\\d{3})+`;
const SPACE_GROUPED = new RegExp(`^(${grouped("[' \\u00a0\\u202f]")})(?:([.,])(\\d{1,2}))?$`);
const MARK_GROUPED = /^(\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?$/;

/**
 * A decimal amount with `.` or `,` as decimal mark and at most 2 decimals; thousands
 * separators (`.` `,` space, NBSP, `'`) when the value or the file's `marks` make them
 * unambiguous. `marks` learns the file's decimal mark from each value read.
 */
export function parseDecimalCents(text: string, marks?: DecimalMarks): CentsParse {
  const fast = plainDecimalCents(text, marks);
  if (fast !== undefined) return { ok: true, cents: fast };
  // A seller's spreadsheet writes the currency with the amount: `R$ 19,90` is 19,90 (the
  // platform's one currency, spec 2).
  const value = text.trim().replace(/^R\$\s*/i, '');
  if (value === '') return { ok: false, reason: 'empty' };
  if (/^-\s*\d/.test(value)) return { ok: false, reason: 'negative' };
  let whole: string;
  let decimals = '';
  const m = /^(\d+)(?:([.,])(\d+))?$/.exec(value);
  if (m && !(m[2] && m[3]!.length === 3 && m[1]!.length <= 3 && m[1]![0] !== '0')) {
    whole = m[1]!;
    decimals = m[3] ?? '';
    if (m[2] && decimals.length <= 2) marks?.observe(m[2] as Mark);
  } else {
    const g = groupedAmount(value, marks);
    if (!g.ok) return g;
    whole = g.whole;
    decimals = g.decimals;
  }
  if (decimals.length > 2) return { ok: false, reason: 'not-whole-cents' };
  if (whole.replace(/^0+/, '').length > MAX_DIGITS - 2) return { ok: false, reason: 'too-large' };
  return { ok: true, cents: Number(whole) * 100 + Number(decimals.padEnd(2, '0')) };
}

/**
 *, speed: `19`, `19.9`, `19,90` (1-13 digits, then `.` or `,` and 1-2 digits) read
 * without a regular expression, as almost every price of a file is; undefined for anything
 * else, which the full parser then judges.
 */
function plainDecimalCents(text: string, marks: DecimalMarks | undefined): number | undefined {
  const n = text.length;
  let i = 0;
  let whole = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    whole = whole * 10 + (c - 48);
    i += 1;
  }
  if (i === 0 || i > MAX_DIGITS - 2 || (i > 1 && text.charCodeAt(0) === 48)) return undefined;
  if (i === n) return whole * 100;
  const mark = text.charCodeAt(i);
  if (mark !== 46 && mark !== 44) return undefined;
  const d = n - i - 1;
  if (d < 1 || d > 2) return undefined;
  const d1 = text.charCodeAt(i + 1) - 48;
  const d2 = d === 2 ? text.charCodeAt(i + 2) - 48 : 0;
  if (d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return undefined;
  marks?.observe(mark === 46 ? '.' : ',');
  return whole * 100 + d1 * 10 + d2;
}

/** A value with digit groups: `1.234,50`, `1,234.50`, `1 234,50`, `1.234.567`, `1.234`. */
function groupedAmount(
  value: string,
  marks: DecimalMarks | undefined,
): { ok: true; whole: string; decimals: string } | Exclude<CentsParse, { ok: true }> {
  const space = SPACE_GROUPED.exec(value);
  if (space) {
    if (space[2]) marks?.observe(space[2] as Mark);
    return { ok: true, whole: space[1]!.replace(/[^\d]/g, ''), decimals: space[3] ?? '' };
  }
  const g = MARK_GROUPED.exec(value);
  if (!g) return { ok: false, reason: 'not-a-number' };
  const sep = g[2] as Mark;
  const digits = g[1]!.replace(/[^\d]/g, '');
  if (g[3]) {
    // both marks: the last one is the decimal mark (1.234,50); the same twice is no number
    if (g[3] === sep) return { ok: false, reason: 'not-a-number' };
    marks?.observe(g[3] as Mark);
    return { ok: true, whole: digits, decimals: g[4]! };
  }
  const groups = g[1]!.split(sep).length - 1;
  if (groups >= 2) return { ok: true, whole: digits, decimals: '' }; // 1.234.567: never a decimal mark
  // 1.234: thousands, or three decimals? The file's decimal mark decides.
  const known = marks?.known;
  if (known === undefined) return { ok: false, reason: 'ambiguous-thousands', mark: sep };
  if (known === sep) return { ok: false, reason: 'not-whole-cents' };
  return { ok: true, whole: digits, decimals: '' };
}

/** A whole number of cents. */
export function parseIntegerCents(text: string): CentsParse {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (/^-\s*\d/.test(value)) return { ok: false, reason: 'negative' };
  if (/^\d+[.,]\d+$/.test(value)) return { ok: false, reason: 'not-whole-cents' };
  if (!/^\d+$/.test(value)) return { ok: false, reason: 'not-a-number' };
  if (value.replace(/^0+/, '').length > MAX_DIGITS) return { ok: false, reason: 'too-large' };
  return { ok: true, cents: Number(value) };
}

/** Human text of a failed parse, for a column `name`; `shown` is the quoted value or ''. */
export function centsProblem(
  name: string,
  reason: Exclude<CentsParse, { ok: true }>['reason'],
  shown: string,
  integer: boolean,
  mark?: Mark,
): string {
  const subject = shown ? `${name} ${shown}` : name;
  switch (reason) {
    case 'empty':
      return `missing ${name}`;
    case 'negative':
      return `${subject} must not be negative`;
    case 'ambiguous-thousands':
      return `${subject} is ambiguous: a thousands separator or the decimal mark? No earlier value of the file shows its decimal mark: write 1234 or 1234${mark === '.' ? ',' : '.'}00`;
    case 'not-whole-cents':
      return integer
        ? `${subject} must be a whole number of cents (not whole cents)`
        : `${subject} has more than 2 decimals (not whole cents)`;
    case 'too-large':
      return `${subject} is too large`;
    case 'not-a-number':
      return integer
        ? `${subject} is not a whole number of cents`
        : `${subject} is not a decimal amount (like 19.90 or 19,90)`;
  }
}

/**
 * A price as a person typed it (a file cell or `--price`), in cents, or the one message that
 * says why not. `name` is the column or flag; the range is the price rule's (src/api/rules/price.ts).
 */
export function readPrice(
  text: string,
  name: string,
  unit: PriceUnit,
  marks?: DecimalMarks,
): { ok: true; cents: number } | { ok: false; problem: string } {
  const parsed = unit === 'cents' ? parseIntegerCents(text) : parseDecimalCents(text, marks);
  // the words are built only for a refused price, never for each valid row.
  if (parsed.ok && priceProblem(parsed.cents, '', unit) === undefined) return parsed;
  const value = text.trim();
  const shown = value === '' ? '' : quoteValue(value);
  const subject = `${name} ${shown}`;
  if (!parsed.ok) {
    if (parsed.reason === 'negative') return { ok: false, problem: priceBelowMin(subject) };
    if (parsed.reason === 'too-large') return { ok: false, problem: priceAboveMax(subject, unit) };
    return { ok: false, problem: centsProblem(name, parsed.reason, shown, unit === 'cents', parsed.mark) };
  }
  return { ok: false, problem: priceProblem(parsed.cents, subject, unit)! };
}

/** A positive integer id (listing id). */
export function parsePositiveInt(text: string): number | undefined {
  const fast = plainInt(text);
  if (fast !== undefined) return fast > 0 ? fast : undefined;
  const value = text.trim();
  if (!/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** 1-15 ASCII digits and nothing else, read without a regular expression (speed). */
function plainInt(text: string): number | undefined {
  const n = text.length;
  if (n === 0 || n > 15) return undefined;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    v = v * 10 + (c - 48);
  }
  return v;
}

/** An integer >= 0 (variant index). */
export function parseNonNegativeInt(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
