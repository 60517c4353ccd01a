// The floor: the lowest price a listing may be sold at, and the one guard that
// `products reprice`, `bulk-price --floor`, `products update --price` and `variants set --price`
// all ask. floor = max(catalog minimum of the game, cost / (1 − fee) × (1 + minimum margin)),
// in integer cents, rounded up (a floor rounded down would let a sale land a cent under cost).
import { formatCents } from '../output/money.js';
import { formatBp, mulDivCeil, WHOLE_BP } from './arith.js';

export interface FloorInputs {
  /** The game's `minPrice` from GET /api/v2/catalog/games (A3: cents). */
  catalogMinCents?: number;
  /** Cost basis of one unit, when known. */
  costCents?: number;
  /** Platform fee rate in basis points (10% = 1000). */
  feeBp: number;
  /** Minimum margin over cost after the fee, basis points (may be negative, > −100%). */
  minMarginBp: number;
  /** A floor the seller wrote by hand (rules `floor:`). */
  manualCents?: number;
}

type FloorSource = 'catalog' | 'cost' | 'manual' | 'none';

export interface Floor {
  cents: number;
  /** Which of the three numbers set it. */
  by: FloorSource;
  /** Words for a message: `catalog minimum 5.00`, `cost 7.10 + fee 10% + margin 5%`. */
  why: string;
}

/** The cost part alone: ⌈cost × (1 + margin) / (1 − fee)⌉. */
function costFloorCents(costCents: number, feeBp: number, minMarginBp: number): number {
  return mulDivCeil(costCents, WHOLE_BP + minMarginBp, WHOLE_BP - feeBp);
}

export function floorOf(i: FloorInputs): Floor {
  let best: Floor = { cents: 0, by: 'none', why: 'no floor' };
  const consider = (cents: number, by: FloorSource, why: string) => {
    if (cents > best.cents) best = { cents, by, why };
  };
  if (i.catalogMinCents !== undefined)
    consider(i.catalogMinCents, 'catalog', `catalog minimum ${formatCents(i.catalogMinCents)}`);
  if (i.costCents !== undefined)
    consider(
      costFloorCents(i.costCents, i.feeBp, i.minMarginBp),
      'cost',
      `cost ${formatCents(i.costCents)} + fee ${formatBp(i.feeBp)} + margin ${formatBp(i.minMarginBp)}`,
    );
  if (i.manualCents !== undefined) consider(i.manualCents, 'manual', `rules floor ${formatCents(i.manualCents)}`);
  return best;
}

/** What the guard does with a price under the floor: refuse the row, or raise it to the floor. */
export type FloorMode = 'skip' | 'raise';

export type FloorVerdict =
  | { ok: true; priceCents: number; raised: boolean }
  | { ok: false; code: 'BELOW_FLOOR'; message: string };

/**
 * The guard (one function for every verb that sets a price): a price at or above the floor
 * passes; below it, `skip` refuses with BELOW_FLOOR and the floor in the message, `raise`
 * sends the floor instead.
 */
export function floorVerdict(priceCents: number, floor: Floor, mode: FloorMode): FloorVerdict {
  if (priceCents >= floor.cents) return { ok: true, priceCents, raised: false };
  if (mode === 'raise') return { ok: true, priceCents: floor.cents, raised: true };
  return {
    ok: false,
    code: 'BELOW_FLOOR',
    message: `price ${formatCents(priceCents)} is below the floor ${formatCents(floor.cents)} (${floor.why})`,
  };
}
