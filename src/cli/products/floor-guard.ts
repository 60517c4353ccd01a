// `--floor catalog|cost|cost+N%` on `bulk-price`, `update --price` and `variants set
// --price`: a price under the floor is refused (BELOW_FLOOR, the floor in the message, exit 3)
// or, with `--floor-mode raise`, replaced by the floor. Every verb asks the one rule
// (src/pricing/floor.ts floorVerdict); this file only gathers the numbers it needs.
import { z } from 'zod';
import { PRICING_BOUNDS } from '../../api/assumptions.js';
import { EXIT, SvcError, UsageError } from '../../api/errors.js';
import type { Listing } from '../../api/responses.js';
import type { PriceRow } from '../../input/prices.js';
import type { ItemOutcome } from '../../jobs/index.js';
import { parsePercentBp } from '../../pricing/arith.js';
import { floorOf, floorVerdict, type Floor, type FloorMode } from '../../pricing/floor.js';
import type { Deps } from '../shared/context.js';
import { choice, option } from '../shared/verb.js';
import { loadPricingFacts, requireFee, type PricingFacts } from './pricing-facts.js';

/** Days of sales read for the fee and the costs of `--floor cost` (the rules file's default too). */
const FLOOR_SALES_DAYS = 30;

export const floorOptions = {
  floor: option(
    '--floor <floor>',
    "refuse prices under a floor: catalog (the game's minimum), cost (cost + fee, and the catalog minimum), cost+N% (a margin too)",
    z.string().optional(),
  ),
  floorMode: choice(
    '--floor-mode <mode>',
    'with --floor: skip the row (default, code BELOW_FLOOR, exit 3) or raise it to the floor',
    ['skip', 'raise'] as const,
  ),
  fee: option(
    '--fee <pct>',
    `with --floor cost: the fee rate, e.g. 12% (default: inferred from the last ${FLOOR_SALES_DAYS} days of sales)`,
    z.string().optional(),
  ),
};

export interface FloorFlag {
  kind: 'catalog' | 'cost';
  marginBp: number;
  feeBp?: number;
}

/** `--floor` and `--fee` read, or a usage error (exit 2) before anything is read or sent. */
export function floorOption(text: string | undefined, feeText?: string): FloorFlag | undefined {
  if (text === undefined) {
    if (feeText !== undefined) throw new UsageError('--fee goes with --floor cost');
    return undefined;
  }
  const t = text.trim();
  let flag: FloorFlag;
  if (t === 'catalog') flag = { kind: 'catalog', marginBp: 0 };
  else if (t === 'cost') flag = { kind: 'cost', marginBp: 0 };
  else {
    const m = /^cost\s*\+\s*(.+)$/.exec(t);
    const bp = m ? parsePercentBp(m[1]!) : undefined;
    if (bp === undefined)
      throw new UsageError(`--floor ${JSON.stringify(text)}: expected catalog, cost or cost+N% (e.g. cost+10%)`);
    if (bp < PRICING_BOUNDS.minMarginBp || bp > PRICING_BOUNDS.maxMarginBp)
      throw new UsageError(
        `--floor ${JSON.stringify(text)}: a margin is from ${PRICING_BOUNDS.minMarginBp / 100}% to ${PRICING_BOUNDS.maxMarginBp / 100}%`,
      );
    flag = { kind: 'cost', marginBp: bp };
  }
  if (feeText !== undefined) {
    if (flag.kind !== 'cost') throw new UsageError('--fee goes with --floor cost');
    const fee = parsePercentBp(feeText);
    if (fee === undefined || fee < 0 || fee > PRICING_BOUNDS.maxFeeBp)
      throw new UsageError(
        `--fee ${JSON.stringify(feeText)}: expected a rate from 0% to ${PRICING_BOUNDS.maxFeeBp / 100}%, e.g. 12%`,
      );
    flag.feeBp = fee;
  }
  return flag;
}

/** The numbers a floor needs, loaded once (costs and fee only for a cost floor). */
async function floorFacts(deps: Deps, flag: FloorFlag, listings?: Listing[]): Promise<PricingFacts> {
  return loadPricingFacts(deps, {
    salesDays: FLOOR_SALES_DAYS,
    ...(flag.feeBp !== undefined ? { feeBp: flag.feeBp } : {}),
    costs: flag.kind === 'cost',
    needsFee: flag.kind === 'cost',
    ...(listings ? { listings } : {}),
  });
}

/** The floor of one listing (or variant), or why it cannot be known. */
function floorFor(
  flag: FloorFlag,
  facts: PricingFacts,
  listing: Listing | undefined,
  variant: number | undefined,
): Floor | { unknown: string } {
  if (!listing) return { unknown: 'not one of your listings' };
  const min = listing.game !== undefined ? facts.catalog.get(String(listing.game)) : undefined;
  if (flag.kind === 'catalog') {
    if (min === undefined) return { unknown: `no catalog minimum for game ${listing.game ?? '(none)'}` };
    return floorOf({ catalogMinCents: min, feeBp: 0, minMarginBp: 0 });
  }
  const cost = facts.costs.basis(listing.id, variant ?? null, 'max');
  if (!cost) return { unknown: 'no known cost (no upload or recent sale with costCents)' };
  const fee = requireFee(facts.fee, '--floor cost');
  return floorOf({ catalogMinCents: min, costCents: cost.cents, feeBp: fee.bp, minMarginBp: flag.marginBp });
}

/** bulk-price: rows under the floor refused (or raised); rows whose floor is unknown refused too. */
export async function floorGuard(
  deps: Deps,
  listings: Listing[],
  rows: PriceRow[],
  flag: FloorFlag & { mode: FloorMode },
): Promise<{ rows: PriceRow[]; refused: ItemOutcome[]; notes: string[] }> {
  const facts = await floorFacts(deps, flag, listings);
  const byId = new Map(listings.map((l) => [l.id, l]));
  const refused: ItemOutcome[] = [];
  let raised = 0;
  const out = rows.map((r) => {
    const ref = { line: r.line, id: r.id, ...(r.variant !== undefined ? { variant: r.variant } : {}) };
    const floor = floorFor(flag, facts, byId.get(r.id), r.variant);
    if ('unknown' in floor) {
      refused.push({ ...ref, status: 'skipped', code: 'UNKNOWN_FLOOR', message: `floor unknown: ${floor.unknown}` });
      return r;
    }
    const v = floorVerdict(r.priceCents, floor, flag.mode);
    if (!v.ok) {
      refused.push({ ...ref, status: 'skipped', code: v.code, message: v.message });
      return r;
    }
    if (v.raised) raised++;
    return v.raised ? { ...r, priceCents: v.priceCents } : r;
  });
  const notes = [...facts.notes];
  if (raised > 0) notes.push(`${raised} row${raised === 1 ? '' : 's'} raised to the floor (--floor-mode raise)`);
  return { rows: out, refused, notes };
}

/** A single price refused by the floor (update, variants set): exit 3, nothing sent. */
class BelowFloorError extends SvcError {
  override readonly exitCode = EXIT.refused;
  readonly code: string;
  constructor(code: 'BELOW_FLOOR' | 'UNKNOWN_FLOOR', message: string) {
    super(
      `${code}: ${message}; nothing was sent`,
      code === 'BELOW_FLOOR' ? 'send a price at or above the floor, or --floor-mode raise' : undefined,
    );
    this.code = code;
  }
}

/** One price through the guard: the price to send, or BelowFloorError. */
export async function guardOnePrice(
  deps: Deps,
  listing: Listing,
  variant: number | undefined,
  priceCents: number,
  flag: FloorFlag & { mode: FloorMode },
): Promise<number> {
  const facts = await floorFacts(deps, flag, [listing]);
  for (const n of facts.notes) deps.io.stderr.write(`note: ${n}\n`);
  const floor = floorFor(flag, facts, listing, variant);
  if ('unknown' in floor) throw new BelowFloorError('UNKNOWN_FLOOR', `floor unknown: ${floor.unknown}`);
  const v = floorVerdict(priceCents, floor, flag.mode);
  if (!v.ok) throw new BelowFloorError(v.code, v.message);
  if (v.raised) deps.io.stderr.write(`note: price raised to the floor ${(v.priceCents / 100).toFixed(2)}\n`);
  return v.priceCents;
}
