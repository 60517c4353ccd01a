// The repricing plan: for each listing or variant a rule selects, the new price,
// the floor, the cost and the margin it leaves, and why. Pure: no request, no clock, so every
// figure is testable without a server (test/pricing/plan.test.ts).
import { FEE_ROUNDING, LIMITS } from '../api/assumptions.js';
import { formatCents } from '../output/money.js';
import { formatBp, mulDivCeil, mulDivFloor, mulDivRound, WHOLE_BP } from './arith.js';
import { describeBasis, type CostBasis } from './cost-basis.js';
import { floorOf } from './floor.js';
import { roundDown, roundUp } from './rounding.js';
import type { MarginTier, PricingRule, RuleMatch } from './rule-types.js';

/** One priceable thing: a listing without variants, or one variant of a listing. */
export interface PriceTarget {
  id: number;
  variant?: number;
  title: string;
  game?: string;
  category?: string;
  currentCents: number;
}

type PlanAction = 'change' | 'unchanged' | 'unknown-cost' | 'held';

export interface PlanRow {
  id: number;
  variant?: number;
  title: string;
  current: number;
  /** The price to send (equal to current when nothing changes or the row is left alone). */
  new: number;
  floor: number;
  cost?: number;
  /** Where the cost came from and on how many items. */
  basis: string;
  /** Margin over cost the new price leaves after the fee, basis points (undefined: no cost). */
  marginBp?: number;
  reason: string;
  action: PlanAction;
  /** The rule's line in the rules file. */
  rule: number;
}

export interface RowInputs {
  target: PriceTarget;
  rule: PricingRule;
  catalogMinCents?: number;
  cost?: CostBasis;
  feeBp: number;
  /** --allow-unknown-cost: price rows without a cost from the catalog floor alone. */
  allowUnknownCost: boolean;
}

/** Does the rule select the target? */
export function matches(m: RuleMatch, t: PriceTarget): boolean {
  if (m.all) return true;
  if (m.listings && !m.listings.includes(t.id)) return false;
  if (m.variant !== undefined && t.variant !== m.variant) return false;
  if (m.game !== undefined && t.game !== m.game) return false;
  if (m.category !== undefined && t.category !== m.category) return false;
  return true;
}

/** The tier of a cost: the first whose `upTo` holds it (tiers are sorted by upTo, the last open). */
function tierFor(tiers: MarginTier[], costCents: number): MarginTier {
  return tiers.find((t) => t.upToCents === undefined || costCents <= t.upToCents) ?? tiers[tiers.length - 1]!;
}

/** The margin a price leaves over cost after the fee (fee rounded half up, like a sale's): bp. */
export function marginOf(priceCents: number, costCents: number, feeBp: number): number | undefined {
  if (costCents <= 0) return undefined;
  const fee =
    FEE_ROUNDING === 'up' ? mulDivCeil(priceCents, feeBp, WHOLE_BP) : mulDivRound(priceCents, feeBp, WHOLE_BP);
  const net = priceCents - fee;
  return mulDivFloor(net - costCents, WHOLE_BP, costCents);
}

/** The price the rule aims at before rounding, ceiling and floor, with its words. */
function aim(i: RowInputs): { cents: number; why: string } | undefined {
  const p = i.rule.pricing;
  if (p.kind === 'catalog') {
    if (i.catalogMinCents === undefined) return undefined;
    const cents = mulDivCeil(i.catalogMinCents, WHOLE_BP + p.bp, WHOLE_BP) + p.cents;
    const offset = [p.bp ? formatBp(p.bp) : '', p.cents ? formatCents(p.cents) : ''].filter(Boolean).join(' ');
    return { cents, why: `catalog minimum${offset ? ` +${offset.replace(/^-/, '−')}` : ''}` };
  }
  if (!i.cost) return undefined;
  const tier = tierFor(p.tiers, i.cost.cents);
  const cents = mulDivCeil(i.cost.cents, WHOLE_BP + tier.marginBp, WHOLE_BP - i.feeBp);
  const tierWords =
    p.tiers.length > 1
      ? ` (tier ${tier.upToCents !== undefined ? `cost ≤ ${formatCents(tier.upToCents)}` : 'above'})`
      : '';
  return { cents, why: `margin ${formatBp(tier.marginBp)}${tierWords}` };
}

/** One row of the plan. */
export function planRow(i: RowInputs): PlanRow {
  const { target: t, rule } = i;
  const floor = floorOf({
    catalogMinCents: i.catalogMinCents,
    costCents: i.cost?.cents,
    feeBp: i.feeBp,
    minMarginBp: rule.minMarginBp,
    manualCents: rule.floorCents,
  });
  const base = {
    id: t.id,
    ...(t.variant !== undefined ? { variant: t.variant } : {}),
    title: t.title,
    current: t.currentCents,
    floor: floor.cents,
    ...(i.cost ? { cost: i.cost.cents } : {}),
    basis: describeBasis(i.cost),
    rule: rule.line,
  };
  const finish = (price: number, reason: string, action: PlanAction): PlanRow => {
    const marginBp = i.cost ? marginOf(price, i.cost.cents, i.feeBp) : undefined;
    const same = price === t.currentCents;
    return {
      ...base,
      new: price,
      ...(marginBp !== undefined ? { marginBp } : {}),
      reason: same && action === 'change' ? `unchanged: ${reason}` : reason,
      action: same && action === 'change' ? 'unchanged' : action,
    };
  };
  if (!i.cost && !i.allowUnknownCost) return finish(t.currentCents, 'unknown cost: left alone', 'unknown-cost');
  const target = aim(i);
  if (!target) {
    // No cost (allowed) under a margin rule, or no catalog minimum under a catalog rule: only the floor applies.
    if (floor.cents > t.currentCents)
      return finish(floor.cents, `raised to the floor (${floor.why}); no target`, 'change');
    return finish(
      t.currentCents,
      i.cost ? 'no catalog minimum for the game: left alone' : 'unknown cost: at or above the floor',
      'unchanged',
    );
  }
  let price = roundUp(target.cents, rule.rounding);
  let why = rule.rounding === 'none' ? target.why : `${target.why}, rounded ${rule.rounding}`;
  if (rule.ceilingCents !== undefined && price > rule.ceilingCents) {
    price = roundDown(rule.ceilingCents, rule.rounding);
    // say why the price is under the ceiling when the rounding took it there (4.50 and .99 give 3.99)
    why =
      price === rule.ceilingCents
        ? `${target.why}, held at the ceiling ${formatCents(rule.ceilingCents)}`
        : `${target.why}, under the ceiling ${formatCents(rule.ceilingCents)}, rounded ${rule.rounding} down`;
  }
  if (price < floor.cents) {
    price = floor.cents;
    why = `${target.why} is below the floor: priced at the floor (${floor.why})`;
  }
  // spec 8: no price above the maximum is ever sent; the row is held for a person to look at.
  if (price > LIMITS.priceMaxCents) return finish(t.currentCents, `${why}: above the maximum price, held`, 'held');
  return finish(price, why, 'change');
}
