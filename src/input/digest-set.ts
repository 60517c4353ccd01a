// Duplicate detection for credential files in 8 bytes per credential (goal: <= 64
// bytes of memory per line beyond a fixed base). The first pass keeps a 53-bit key of each
// credential (textKey; before, 52 bits of its sha256) (an exact integer in a Float64Array: no BigInt per line) in blocks of
// 64K, put into buckets and small hash tables at the end: what repeats is a candidate. Only when there is one does a second pass read the file again, comparing full
// digests of the candidates, to name the lines (nothing is ever dropped on 64 bits alone).
const BLOCK = 64 * 1024;

export class DigestBlocks {
  private readonly blocks: Float64Array[] = [];
  private used = BLOCK;

  /** Keeps the first 8 bytes of `digest` (a sha256). */
  add(digest: Buffer): void {
    this.addKey(digestPrefix(digest));
  }

  /** Keeps textKey(text): no sha256 and no Buffer per credential on the first pass. */
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
   * The keys seen more than once. Sorting the blocks and merging them was 15% of
   * `stock add --dry-run` over 1M lines (a typed-array sort of 1M doubles alone is ~0.6 s here),
   * and one hash table of all the keys (16 MB for 1M) spent its time in cache misses. So the keys
   * are first spread into buckets by their top bits (two sequential passes), then each bucket
   * (~4096 keys) is checked with a small open-addressing table that stays in the CPU's cache.
   * Memory: the blocks (8 bytes a key) are copied into one array of the same size, then released.
   */
  repeated(): Set<number> {
    const n = this.size;
    const blocks = this.blocks.splice(0);
    const lastUsed = this.used;
    this.used = BLOCK;
    const used = (b: number): number => (b === blocks.length - 1 ? lastUsed : BLOCK);
    let bits = 0;
    while (bits < 16 && n >> bits > 4096) bits++;
    const shift = 32 - bits;
    const ends = new Uint32Array((1 << bits) + 1); // bucket i is spread[ends[i]..ends[i+1])
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b]!;
      for (let i = used(b) - 1; i >= 0; i--) ends[bucketOf(block[i]!, shift) + 1]!++;
    }
    for (let i = 1; i < ends.length; i++) ends[i]! += ends[i - 1]!;
    const spread = new Float64Array(n);
    const at = ends.slice(0, -1);
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b]!;
      for (let i = 0, u = used(b); i < u; i++) spread[at[bucketOf(block[i]!, shift)]!++] = block[i]!;
      blocks[b] = EMPTY; // released as soon as it is spread
    }
    const out = new Set<number>();
    let table = new Float64Array(16);
    for (let k = 0; k + 1 < ends.length; k++) {
      const from = ends[k]!;
      const to = ends[k + 1]!;
      let slots = 16;
      while (slots < (to - from) * 2) slots *= 2;
      if (slots > table.length) table = new Float64Array(slots);
      else table.fill(0, 0, slots);
      repeatsIn(spread, from, to, table, slots - 1, out);
    }
    return out;
  }
}

/** The bucket of a key: the top `32 - shift` bits of its low 32 bits (0 when there is one bucket). */
const bucketOf = (key: number, shift: number): number => (shift === 32 ? 0 : (key >>> 0) >>> shift);

/**
 * The keys of keys[from..to) seen twice, into `out`, through `table` (mask + 1 slots, all 0 =
 * empty; the key 0 itself is counted apart). The index is the key's low bits (`key >>> 0` is
 * exact modulo 2^32 on an integer below 2^53), which the bucket's top bits leave free.
 */
function repeatsIn(
  keys: Float64Array,
  from: number,
  to: number,
  table: Float64Array,
  mask: number,
  out: Set<number>,
): void {
  let zeros = 0;
  for (let i = from; i < to; i++) {
    const key = keys[i]!;
    if (key === 0) {
      if (++zeros === 2) out.add(0);
      continue;
    }
    for (let j = (key >>> 0) & mask; ; j = (j + 1) & mask) {
      const held = table[j]!;
      if (held === 0) {
        table[j] = key;
        break;
      }
      if (held === key) {
        out.add(key);
        break;
      }
    }
  }
}

const EMPTY = new Float64Array(0);

/** The first 52 bits of a digest, as DigestBlocks keeps them. */
const digestPrefix = (digest: Buffer): number => digest.readUInt32LE(0) * 0x100000 + (digest.readUInt32LE(4) >>> 12);

/**
 * A 53-bit key of a text, computed in JS with no allocation (cyrb53: two 32-bit multiply-xor
 * lanes over the UTF-16 code units). Only a candidate finder: equal texts always get equal keys,
 * and a key seen twice sends the second pass to compare full sha256 digests, so a collision can
 * cost a re-read, never a line (sha256 per line was a fifth of `stock add --dry-run`).
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
