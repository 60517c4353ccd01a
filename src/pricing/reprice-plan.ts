// The whole plan: rules checked against the account (an unknown listing, variant or
// game is a FILE:LINE problem, exit 2, nothing sent), then each target priced by the first rule
// that selects it (file order). Pure: the caller brings listings, catalog, costs and the fee.
import type { CostBook } from './cost-basis.js';
import { matches, planRow, type PlanRow, type PriceTarget } from './plan.js';
import type { PricingRules } from './rule-types.js';

export interface AccountFacts {
  /** The seller's listings: id → variant indexes (empty for a listing without variants). */
  listings: Map<number, number[]>;
  /** Catalog game id → minPrice (cents). */
  catalog: Map<string, number | undefined>;
}

/** Problems of rules that name what the account does not have, `FILE:LINE: message`. */
export function rulesProblems(rules: PricingRules, facts: AccountFacts): string[] {
  const out: string[] = [];
  for (const r of rules.rules) {
    r.match.listings?.forEach((id, j) => {
      const variants = facts.listings.get(id);
      const line = r.lines.listings?.[j] ?? r.line;
      if (!variants) out.push(`${rules.file}:${line}: unknown listing ${id} (not one of this account's listings)`);
      else if (r.match.variant !== undefined && !variants.includes(r.match.variant))
        out.push(`${rules.file}:${r.lines.variant ?? line}: listing ${id} has no variant ${r.match.variant}`);
    });
    if (r.match.game !== undefined && !facts.catalog.has(r.match.game))
      out.push(
        `${rules.file}:${r.lines.game ?? r.line}: unknown game ${JSON.stringify(r.match.game)} (not in GET /api/v2/catalog/games)`,
      );
  }
  return out;
}

export interface PlanInputs {
  rules: PricingRules;
  targets: Iterable<PriceTarget>;
  catalog: Map<string, number | undefined>;
  costs: CostBook;
  feeBp: number;
  allowUnknownCost: boolean;
}

export interface RepricePlan {
  rows: PlanRow[];
  /** Targets no rule selected. */
  unmatched: number;
  counts: Record<PlanRow['action'], number>;
}

export function repricePlan(i: PlanInputs): RepricePlan {
  const rows: PlanRow[] = [];
  let unmatched = 0;
  const counts: RepricePlan['counts'] = { change: 0, unchanged: 0, 'unknown-cost': 0, held: 0 };
  for (const target of i.targets) {
    const rule = i.rules.rules.find((r) => matches(r.match, target));
    if (!rule) {
      unmatched++;
      continue;
    }
    const row = planRow({
      target,
      rule,
      catalogMinCents: target.game !== undefined ? i.catalog.get(target.game) : undefined,
      cost: i.costs.basis(target.id, target.variant ?? null, rule.cost),
      feeBp: i.feeBp,
      allowUnknownCost: i.allowUnknownCost,
    });
    counts[row.action]++;
    rows.push(row);
  }
  return { rows, unmatched, counts };
}
