// Exact integer arithmetic for prices (A3): amounts are integer cents, rates are
// basis points (1/100 of a percent: 10% = 1000). Every product and quotient goes through
// BigInt, so no float ever touches a price on the way (`19,90 × 1.15` is 2288.5 → 2289 cents
// exactly, never 2288.4999…).

/** 100% in basis points. */
export const WHOLE_BP = 10_000;

/** ⌈a × b / c⌉ for integers a, b ≥ 0 and c > 0. */
export function mulDivCeil(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n + d - 1n) / d);
}

/** ⌊a × b / c⌋ for integers a × b of any sign and c > 0. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const q = n / d;
  return Number(n % d !== 0n && n < 0n ? q - 1n : q);
}

/** a × b / c rounded half up, for integers a, b ≥ 0 and c > 0 (how the fee of a price is taken). */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(n / (2n * BigInt(c)));
}

/** Basis points as a person reads them: 1000 → `10%`, 1250 → `12.5%`, -500 → `-5%`. */
export function formatBp(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return `${sign}${whole}%`;
  return `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}%`;
}

/**
 * A percentage as written in a rules file or a flag (`25%`, `12.5%`, `-5%`, `+10%`, `12,5%`), in
 * basis points, read from the text (never through a float); undefined when it is not one.
 */
export function parsePercentBp(text: string): number | undefined {
  const m = /^\s*([+-]?)\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*%\s*$/.exec(text);
  if (!m) return undefined;
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -bp : bp;
}
