// the first dedupe pass keeps a 53-bit key per credential and finds the keys seen more
// than once at the end (DigestBlocks.repeated: buckets, then a small hash table per bucket).
// Checked against a plain count, across 64K-key blocks, buckets and sizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DigestBlocks, textKey } from '../../src/input/digest-set.js';

function expected(texts: string[]): Set<number> {
  const seen = new Map<number, number>();
  for (const t of texts) seen.set(textKey(t), (seen.get(textKey(t)) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([k]) => k));
}

function repeatedOf(texts: string[]): Set<number> {
  const blocks = new DigestBlocks();
  for (const t of texts) blocks.addText(t);
  assert.equal(blocks.size, texts.length);
  return blocks.repeated();
}

test('repeats are found wherever they sit: same block, other blocks, first and last key', () => {
  for (const n of [0, 1, 2, 4097, 65_535, 65_536, 65_537, 300_001]) {
    const texts = Array.from({ length: n }, (_, i) => `user${i}@example.com:pw${i * 7}`);
    if (n > 2) {
      texts.push(texts[n >> 1]!, texts[n >> 1]!); // three times
      texts.push(texts[0]!); // the first key again, as the very last key
      texts.splice(1, 0, texts[n - 1]!); // the last original key near the start
    }
    const want = expected(texts);
    assert.deepEqual(repeatedOf(texts), want, `${n} keys`);
    if (n > 2) assert.equal(want.size, 3);
  }
});

test('no repeat, no candidate: 200,000 distinct keys', () => {
  const texts = Array.from({ length: 200_000 }, (_, i) => `k${i}`);
  assert.equal(expected(texts).size, 0);
  assert.equal(repeatedOf(texts).size, 0);
});

test('the key 0 (the table marks empty slots with it) is a repeat only when seen twice', () => {
  const once = new DigestBlocks();
  once.add(Buffer.alloc(32));
  once.addText('a');
  assert.deepEqual(once.repeated(), new Set());
  const twice = new DigestBlocks();
  for (let i = 0; i < 70_000; i++) twice.addText(`x${i}`);
  twice.add(Buffer.alloc(32));
  twice.add(Buffer.alloc(32));
  assert.deepEqual(twice.repeated(), new Set([0]));
});
