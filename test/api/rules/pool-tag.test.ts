// the pool tag a pool upload's ref carries (spec 2.3: 1-64 of [A-Za-z0-9._-]).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REF_PATTERN } from '../../../src/api/assumptions.js';
import { POOL_SELLER_REF_MAX, poolIdOf, stripPoolTag, taggedRef } from '../../../src/api/rules/pool-tag.js';

const ID = 'Ab3x-_0123456789zZ'; // 18 characters: SID + hash

test('a tagged ref keeps the seller ref in front and fits spec 2.3 at the longest seller ref', () => {
  const longest = 'r'.repeat(POOL_SELLER_REF_MAX);
  for (const seller of [undefined, 'BATCH-7', 'a.b.c', longest]) {
    const ref = taggedRef(seller, ID);
    assert.match(ref, REF_PATTERN, ref);
    assert.equal(poolIdOf(ref), ID);
    assert.equal(stripPoolTag(ref), seller);
  }
  assert.equal(POOL_SELLER_REF_MAX, 42);
  assert.doesNotMatch(taggedRef(`${longest}x`, ID), REF_PATTERN); // why the pool refuses longer refs
});

test('refs without a tag are left alone', () => {
  for (const ref of ['BATCH-7', 'svc', 'svc-123', `x.svc${ID}x`, `xsvc${ID}`]) {
    assert.equal(poolIdOf(ref), undefined, ref);
    assert.equal(stripPoolTag(ref), ref);
  }
  assert.equal(stripPoolTag(null), null);
});
