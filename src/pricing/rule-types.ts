// A repricing rule once read and checked: what it selects and how it prices. The
// rules file (rules-file.ts) produces these; the planner (plan.ts) applies them.
import type { CostMethod } from './cost-basis.js';
import type { Rounding } from './rounding.js';

export interface RuleMatch {
  all?: true;
  /** Listing ids; with `variant`, only that variant of (each of) them. */
  listings?: number[];
  variant?: number;
  game?: string;
  category?: string;
}

/** A margin over cost for costs up to `upToCents` (the last tier has none). */
export interface MarginTier {
  upToCents?: number;
  marginBp: number;
}

type RulePricing =
  | { kind: 'margin'; tiers: MarginTier[] }
  /** Position against the game's catalog minimum: min × (1 + bp) + cents. */
  | { kind: 'catalog'; bp: number; cents: number };

export interface PricingRule {
  /** Line of the rule in the rules file (`FILE:LINE` in messages). */
  line: number;
  /** Lines of the values checked against the account (unknown listing or game). */
  lines: { listings?: number[]; variant?: number; game?: number };
  name?: string;
  match: RuleMatch;
  pricing: RulePricing;
  minMarginBp: number;
  rounding: Rounding;
  ceilingCents?: number;
  floorCents?: number;
  cost: CostMethod;
}

export interface PricingRules {
  file: string;
  /** Configured fee (basis points), or undefined: inferred from recent sales. */
  feeBp?: number;
  feeLine?: number;
  /** Days of sales read for costs and the fee. */
  salesDays: number;
  rules: PricingRule[];
}
