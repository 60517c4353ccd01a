// Duplicate detection for credential files in 8 bytes per credential (issue 13 goal: <= 64
// bytes of memory per line beyond a fixed base). The first pass keeps 52 bits of each
// credential's sha256 (an exact integer in a Float64Array: no BigInt per line) in blocks of
// 64K, sorted and merged at the end: what repeats is a candidate. Only when there is one does a second pass read the file again, comparing full
// digests of the candidates, to name the lines (nothing is ever dropped on 64 bits alone).
const BLOCK = 64 * 1024;

export class DigestBlocks {
  private readonly blocks: Float64Array[] = [];
  private used = BLOCK;

  /** Keeps the first 8 bytes of `digest` (a sha256). */
  add(digest: Buffer): void {
    if (this.used === BLOCK) {
      this.blocks.push(new Float64Array(BLOCK));
      this.used = 0;
    }
    this.blocks[this.blocks.length - 1]![this.used++] = digestPrefix(digest);
  }

  /** The prefixes seen more than once (sorts the blocks in place). */
  repeated(): Set<number> {
    const runs = this.blocks.map((b, i) => (i === this.blocks.length - 1 ? b.subarray(0, this.used) : b));
    for (const r of runs) r.sort();
    const at = runs.map(() => 0);
    const out = new Set<number>();
    let last: number | undefined;
    for (;;) {
      let best = -1;
      for (let r = 0; r < runs.length; r++) {
        if (at[r]! < runs[r]!.length && (best === -1 || runs[r]![at[r]!]! < runs[best]![at[best]!]!)) best = r;
      }
      if (best === -1) return out;
      const key = runs[best]![at[best]!++]!;
      if (key === last) out.add(key);
      last = key;
    }
  }
}

/** The first 52 bits of a digest, as DigestBlocks keeps them. */
export const digestPrefix = (digest: Buffer): number =>
  digest.readUInt32LE(0) * 0x100000 + (digest.readUInt32LE(4) >>> 12);
