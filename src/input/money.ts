import { priceAboveMax, priceBelowMin, priceProblem, type PriceUnit } from '../api/rules/price.js';
import { quoteValue } from './problems.js';

// Money in input files (cli-spec 3): a decimal in the platform currency (`19.90`, `19,90`,
// `19`, `19.9`) or integer cents. Parsed from the text with integer arithmetic, never through
// floating point, so `19.90` is exactly 1990 cents.

export type CentsParse =
  | { ok: true; cents: number }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'thousands' | 'not-whole-cents' | 'negative' | 'too-large' };

// Beyond 15 digits a Number loses cents; every limit we check sits far below.
const MAX_DIGITS = 15;

/** A decimal amount with `.` or `,` as decimal mark and at most 2 decimals. */
export function parseDecimalCents(text: string): CentsParse {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (/^-\s*\d/.test(value)) return { ok: false, reason: 'negative' };
  const m = /^(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!m) {
    // 1.234,56  1,234.56  1 234  1'234: a thousands separator, refused (ambiguous).
    if (/^\d{1,3}(?:[ .,'\u00a0\u202f]\d{3})+(?:[.,]\d+)?$/.test(value)) return { ok: false, reason: 'thousands' };
    return { ok: false, reason: 'not-a-number' };
  }
  const whole = m[1]!;
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { ok: false, reason: 'not-whole-cents' };
  if (whole.replace(/^0+/, '').length > MAX_DIGITS - 2) return { ok: false, reason: 'too-large' };
  return { ok: true, cents: Number(whole) * 100 + Number(decimals.padEnd(2, '0')) };
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
export function centsProblem(name: string, reason: Exclude<CentsParse, { ok: true }>['reason'], shown: string, integer: boolean): string {
  const subject = shown ? `${name} ${shown}` : name;
  switch (reason) {
    case 'empty': return `missing ${name}`;
    case 'negative': return `${subject} must not be negative`;
    case 'thousands': return `${subject}: thousands separators are not allowed`;
    case 'not-whole-cents': return integer
      ? `${subject} must be a whole number of cents (not whole cents)`
      : `${subject} has more than 2 decimals (not whole cents)`;
    case 'too-large': return `${subject} is too large`;
    case 'not-a-number': return integer
      ? `${subject} is not a whole number of cents`
      : `${subject} is not a decimal amount (like 19.90 or 19,90)`;
  }
}

/**
 * A price as a person typed it (a file cell or `--price`), in cents, or the one message that
 * says why not. `name` is the column or flag; the range is the price rule's (src/api/rules/price.ts).
 */
export function readPrice(text: string, name: string, unit: PriceUnit): { ok: true; cents: number } | { ok: false; problem: string } {
  const value = text.trim();
  const shown = value === '' ? '' : quoteValue(value);
  const subject = `${name} ${shown}`;
  const parsed = unit === 'cents' ? parseIntegerCents(value) : parseDecimalCents(value);
  if (!parsed.ok) {
    if (parsed.reason === 'negative') return { ok: false, problem: priceBelowMin(subject) };
    if (parsed.reason === 'too-large') return { ok: false, problem: priceAboveMax(subject, unit) };
    return { ok: false, problem: centsProblem(name, parsed.reason, shown, unit === 'cents') };
  }
  const problem = priceProblem(parsed.cents, subject, unit);
  return problem ? { ok: false, problem } : { ok: true, cents: parsed.cents };
}

/** A positive integer id (listing id). */
export function parsePositiveInt(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** An integer >= 0 (variant index). */
export function parseNonNegativeInt(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
