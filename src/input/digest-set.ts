// Duplicate detection for credential files in 8 bytes per credential (issue 13 goal: <= 64
// bytes of memory per line beyond a fixed base). The first pass keeps a 53-bit key of each
// credential (textKey; before issue 26, 52 bits of its sha256) (an exact integer in a Float64Array: no BigInt per line) in blocks of
// 64K, put into one hash table at the end: what repeats is a candidate. Only when there is one does a second pass read the file again, comparing full
// digests of the candidates, to name the lines (nothing is ever dropped on 64 bits alone).
const BLOCK = 64 * 1024;

export class DigestBlocks {
  private readonly blocks: Float64Array[] = [];
  private used = BLOCK;

  /** Keeps the first 8 bytes of `digest` (a sha256). */
  add(digest: Buffer): void {
    this.addKey(digestPrefix(digest));
  }

  /** Keeps textKey(text): no sha256 and no Buffer per credential on the first pass (issue 26). */
  addText(text: string): void {
    this.addKey(textKey(text));
  }

  private addKey(key: number): void {
    if (this.used === BLOCK) {
      this.blocks.push(new Float64Array(BLOCK));
      this.used = 0;
    }
    this.blocks[this.blocks.length - 1]![this.used++] = key;
  }

  /** Number of keys kept. */
  get size(): number {
    return this.blocks.length === 0 ? 0 : (this.blocks.length - 1) * BLOCK + this.used;
  }

  /**
   * The keys seen more than once. issue 26: one open-addressing table (linear probing, twice
   * the keys: 16 bytes a line while it runs, within issue 13's 64) instead of sorting the blocks
   * and merging them, which was 15% of `stock add --dry-run` over 1M lines (a typed-array sort
   * of 1M doubles alone costs ~0.6 s here). The blocks are released as they go into the table.
   */
  repeated(): Set<number> {
    const out = new Set<number>();
    const n = this.size;
    let slots = 16;
    while (slots < n * 2) slots *= 2;
    const mask = slots - 1;
    const table = new Float64Array(slots); // 0 = empty; the key 0 itself is counted apart
    let zeros = 0;
    const blocks = this.blocks.splice(0);
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b]!;
      const used = b === blocks.length - 1 ? this.used : BLOCK;
      blocks[b] = EMPTY; // released before the next block goes in
      for (let i = 0; i < used; i++) {
        const key = block[i]!;
        if (key === 0) {
          if (++zeros === 2) out.add(0);
          continue;
        }
        // key >>> 0: its low 32 bits (ToUint32 is exact modulo 2^32 on an integer below 2^53)
        for (let at = (key >>> 0) & mask; ; at = (at + 1) & mask) {
          const held = table[at]!;
          if (held === 0) {
            table[at] = key;
            break;
          }
          if (held === key) {
            out.add(key);
            break;
          }
        }
      }
    }
    this.used = BLOCK;
    return out;
  }
}

const EMPTY = new Float64Array(0);

/** The first 52 bits of a digest, as DigestBlocks keeps them. */
const digestPrefix = (digest: Buffer): number => digest.readUInt32LE(0) * 0x100000 + (digest.readUInt32LE(4) >>> 12);

/**
 * A 53-bit key of a text, computed in JS with no allocation (cyrb53: two 32-bit multiply-xor
 * lanes over the UTF-16 code units). Only a candidate finder: equal texts always get equal keys,
 * and a key seen twice sends the second pass to compare full sha256 digests, so a collision can
 * cost a re-read, never a line (issue 26: sha256 per line was a fifth of `stock add --dry-run`).
 */
export function textKey(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
