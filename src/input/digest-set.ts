// Duplicate detection for credential files in a few bytes per credential (issue 13 goal:
// <= 64 bytes of memory per line beyond a fixed base). A Map of digest strings costs ~100
// bytes per entry; this open-addressing table keeps the first 16 bytes of each sha256 and the
// line it was first seen on in one Uint32Array: 20 bytes a slot, at most 70 % full.
// 128 bits of sha256: two different credentials collide with probability ~n^2 / 2^129,
// nil for any file a seller has.
const WORDS = 5; // 4 digest words + line

export class DigestSet {
  private table: Uint32Array;
  private mask: number;
  private size = 0;

  constructor(initialSlots = 1024) {
    let slots = 1;
    while (slots < initialSlots) slots *= 2;
    this.table = new Uint32Array(slots * WORDS);
    this.mask = slots - 1;
  }

  /**
   * Adds the digest (>= 16 bytes) seen on `line` (>= 1). Returns 0 when it is new, else the
   * line it was first seen on.
   */
  addOrFind(digest: Buffer, line: number): number {
    if ((this.size + 1) * 10 > (this.mask + 1) * 7) this.grow();
    const a = digest.readUInt32LE(0);
    const b = digest.readUInt32LE(4);
    const c = digest.readUInt32LE(8);
    const d = digest.readUInt32LE(12);
    const t = this.table;
    for (let slot = a & this.mask; ; slot = (slot + 1) & this.mask) {
      const at = slot * WORDS;
      const seenLine = t[at + 4]!;
      if (seenLine === 0) {
        t[at] = a; t[at + 1] = b; t[at + 2] = c; t[at + 3] = d; t[at + 4] = line;
        this.size += 1;
        return 0;
      }
      if (t[at] === a && t[at + 1] === b && t[at + 2] === c && t[at + 3] === d) return seenLine;
    }
  }

  get count(): number {
    return this.size;
  }

  private grow(): void {
    const old = this.table;
    const slots = (this.mask + 1) * 2;
    this.table = new Uint32Array(slots * WORDS);
    this.mask = slots - 1;
    for (let at = 0; at < old.length; at += WORDS) {
      if (old[at + 4] === 0) continue;
      for (let slot = old[at]! & this.mask; ; slot = (slot + 1) & this.mask) {
        const to = slot * WORDS;
        if (this.table[to + 4] === 0) {
          this.table.set(old.subarray(at, at + WORDS), to);
          break;
        }
      }
    }
  }
}
