// Cost basis and fee rate: what one unit of a listing (or variant) cost, from what
// svc uploaded (stock imports and pool refills carry `costCents`, spec 2.3) and from the
// `deliveredItems` of recent sales (spec 1.5, 2.5); and the platform fee, inferred from the
// account's recent sales (`fee` / `price`). Pure: callers feed observations, streamed.
import { mulDivCeil, WHOLE_BP } from './arith.js';

export type CostSource = 'upload' | 'sale';
export type CostMethod = 'max' | 'average';

/** (listing, variant) as one key; `null` variant for a listing without variants. */
const targetKey = (listingId: number, variant: number | null | undefined): string => `${listingId}:${variant ?? ''}`;

export interface CostBasis {
  cents: number;
  method: CostMethod;
  uploadItems: number;
  saleItems: number;
}

interface Tally {
  max: number;
  sum: number;
  upload: number;
  sale: number;
}

/**
 * Costs per target. Memory grows with the number of listings, never with the number of items
 * or sales: each target keeps a maximum, a sum and two counts.
 */
export class CostBook {
  private readonly tallies = new Map<string, Tally>();

  add(listingId: number, variant: number | null | undefined, costCents: number, source: CostSource): void {
    if (!Number.isSafeInteger(costCents) || costCents < 0) return; // untrusted data: ignored, not guessed
    const k = targetKey(listingId, variant);
    const t = this.tallies.get(k) ?? { max: 0, sum: 0, upload: 0, sale: 0 };
    t.max = Math.max(t.max, costCents);
    t.sum += costCents;
    if (source === 'upload') t.upload++;
    else t.sale++;
    this.tallies.set(k, t);
  }

  /**
   * The basis of one unit: `max` (default: the dearest recent unit, so no unit of the batch sells
   * under its cost) or `average` (rounded up). Undefined when no item with a cost is known.
   */
  basis(listingId: number, variant: number | null | undefined, method: CostMethod): CostBasis | undefined {
    const t = this.tallies.get(targetKey(listingId, variant));
    if (!t) return undefined;
    const n = t.upload + t.sale;
    const cents = method === 'max' ? t.max : mulDivCeil(t.sum, 1, n);
    return { cents, method, uploadItems: t.upload, saleItems: t.sale };
  }
}

/** How a basis was found, for the plan: `upload 3 + sales 2 (max)`: items per source, and the method. */
export function describeBasis(b: CostBasis | undefined): string {
  if (!b) return 'unknown';
  const parts = [
    ...(b.uploadItems ? [`upload ${b.uploadItems}`] : []),
    ...(b.saleItems ? [`sales ${b.saleItems}`] : []),
  ];
  return `${parts.join(' + ')} (${b.method})`;
}

export interface FeeRate {
  bp: number;
  /** configured in the rules, or inferred from this many sales. */
  source: 'configured' | 'inferred';
  sales: number;
}

/** The fee rate of the account's sales: Σfee / Σprice, rounded up to a basis point. */
export class FeeSampler {
  private fee = 0;
  private price = 0;
  private sales = 0;

  add(priceCents: unknown, feeCents: unknown): void {
    if (typeof priceCents !== 'number' || typeof feeCents !== 'number') return;
    if (!Number.isSafeInteger(priceCents) || !Number.isSafeInteger(feeCents) || priceCents <= 0 || feeCents < 0) return;
    this.fee += feeCents;
    this.price += priceCents;
    this.sales++;
  }

  rate(): FeeRate | undefined {
    if (this.sales === 0) return undefined;
    return {
      bp: Math.min(WHOLE_BP - 1, mulDivCeil(this.fee, WHOLE_BP, this.price)),
      source: 'inferred',
      sales: this.sales,
    };
  }
}

/** The parts of a v2 sale the cost basis and the fee read (A4). */
export interface SaleFacts {
  status?: unknown;
  price?: unknown;
  fee?: unknown;
  productId?: unknown;
  variantIndex?: unknown;
  deliveredItems?: unknown;
}

/** Only delivered or completed sales count (a cancelled sale's fee and items say nothing). */
const COUNTED = new Set(['delivered', 'completed']);

/** One sale into the book (its delivered items' costs) and the fee sampler. */
export function addSale(book: CostBook, fees: FeeSampler, s: SaleFacts): void {
  if (typeof s.status === 'string' && !COUNTED.has(s.status)) return;
  fees.add(s.price, s.fee);
  if (typeof s.productId !== 'number' || !Array.isArray(s.deliveredItems)) return;
  const variant = typeof s.variantIndex === 'number' ? s.variantIndex : null;
  for (const it of s.deliveredItems as unknown[]) {
    const c = (it as { costCents?: unknown } | null)?.costCents;
    if (typeof c === 'number') book.add(s.productId, variant, c, 'sale');
  }
}
