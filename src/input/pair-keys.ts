// The (id, variant) pairs of a prices file in 8 bytes each (validation memory must
// not grow with the rows it keeps). cli-spec 3 refuses a pair that appears twice; the plan of a
// dry run needs how many rows go through each route. Both come from the sorted pairs, without
// a Map or a row object per row: a pair is one number, id * 1024 + (variant + 1, or 0 for the
// listing's own price), in blocks of 64K numbers sorted and merged at the end.
const BLOCK = 64 * 1024;
const SLOTS = 1024; // variants 0..1022 fit next to the id; beyond, or an id past 2^53 / 1024: `odd`
const MAX_EXACT_ID = Math.floor(Number.MAX_SAFE_INTEGER / SLOTS);

export interface PairCounts {
  /** Rows without a variant (the bulk-price route). */
  plain: number;
  /** Rows with a variant, and the number of distinct listings they touch. */
  variantRows: number;
  /** Requests of the variants route: the sum over listings of ceil(rows / perRequest). */
  variantRequests: number;
  /** Keys (see keyOf) that appear more than once; empty when no pair repeats. */
  repeated: Set<number | string>;
}

export function keyOf(id: number, variant: number | undefined): number | string {
  const slot = variant === undefined ? 0 : variant + 1;
  return id <= MAX_EXACT_ID && slot < SLOTS ? id * SLOTS + slot : `${id}/${variant ?? ''}`;
}

export class PairKeys {
  private readonly blocks: Float64Array[] = [];
  private used = BLOCK;
  /** Pairs that do not fit a number (absurd ids or variant indexes): kept as they are. */
  private readonly odd = new Map<string, number>();
  private oddPlain = 0;
  count = 0;

  add(id: number, variant: number | undefined): void {
    this.count += 1;
    const key = keyOf(id, variant);
    if (typeof key === 'string') {
      this.odd.set(key, (this.odd.get(key) ?? 0) + 1);
      if (variant === undefined) this.oddPlain += 1;
      return;
    }
    if (this.used === BLOCK) {
      this.blocks.push(new Float64Array(BLOCK));
      this.used = 0;
    }
    this.blocks[this.blocks.length - 1]![this.used++] = key;
  }

  /** Sorts the blocks in place and walks them merged: counts per route, repeated pairs. */
  finish(perRequest: number): PairCounts {
    const runs = this.blocks.map((b, i) => (i === this.blocks.length - 1 ? b.subarray(0, this.used) : b));
    for (const r of runs) r.sort();
    const at = runs.map(() => 0);
    const result: PairCounts = { plain: this.oddPlain, variantRows: 0, variantRequests: 0, repeated: new Set() };
    let last = -1;
    let listing = -1;
    let inListing = 0;
    const closeListing = (): void => {
      if (inListing > 0) result.variantRequests += Math.ceil(inListing / perRequest);
      inListing = 0;
    };
    for (;;) {
      // k-way merge: a handful of blocks (one per 64K rows), a linear pick is enough
      let best = -1;
      for (let r = 0; r < runs.length; r++) {
        if (at[r]! < runs[r]!.length && (best === -1 || runs[r]![at[r]!]! < runs[best]![at[best]!]!)) best = r;
      }
      if (best === -1) break;
      const key = runs[best]![at[best]!++]!;
      if (key === last) result.repeated.add(key);
      last = key;
      const id = Math.floor(key / SLOTS);
      if (key % SLOTS === 0) {
        result.plain += 1;
        continue;
      }
      result.variantRows += 1;
      if (id !== listing) {
        closeListing();
        listing = id;
      }
      inListing += 1;
    }
    closeListing();
    const oddListings = new Map<string, number>();
    for (const [key, n] of this.odd) {
      if (n > 1) result.repeated.add(key);
      const [id, variant] = key.split('/');
      if (variant !== '') {
        result.variantRows += n;
        oddListings.set(id!, (oddListings.get(id!) ?? 0) + n);
      }
    }
    for (const n of oddListings.values()) result.variantRequests += Math.ceil(n / perRequest);
    return result;
  }
}
