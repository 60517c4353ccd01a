// Pricing rules files and `products reprice` (docs/DECISIONS.md).

// ---- pricing: sane bounds of a rules file's percentages -------------------------------------
// The spec names no fee (the platform's is ~10%, SANDBOX_FEE_RATE) and no margin. A value past
// these is a typo, not a plan: `fee: 99.99%` priced a listing at R$ 33,000.00, applied with --yes.
export const PRICING_BOUNDS = {
  /** A fee is 0% up to this (basis points): no marketplace keeps half a sale. */
  maxFeeBp: 5_000,
  /** A margin over cost is from this (−90%: a price of a tenth of the cost)... */
  minMarginBp: -9_000,
  /** ...up to this (1000%: eleven times the cost). */
  maxMarginBp: 100_000,
} as const;

/**
 * svc decision (the specs are silent): `products reprice` refuses a row whose price would move
 * more than this percentage from the current one unless --max-change raises it. Rules priced
 * from a wrong cost must not halve a listing's price in one run (docs/DECISIONS.md).
 */
export const REPRICE_DEFAULT_MAX_CHANGE_PCT = 30;
