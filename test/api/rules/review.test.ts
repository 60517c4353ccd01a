// spec 3 row 1 (src/api/rules/review.ts): what sends a listing back to review, one rule for
// `products update` (which warns and asks) and the sandbox (which sets em_analise).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reviewTriggers } from '../../../src/api/rules/review.js';
import { patchListing } from '../../../src/sandbox/listing-rules.js';
import type { Listing } from '../../../src/sandbox/state.js';

const current = {
  category: 'account',
  title: 'Old title',
  description: 'Old description here',
  warrantyPeriod: 7,
  deliveryTime: '24h',
};

test('a real change of title, description, warranty or delivery time triggers review, in spec order', () => {
  assert.deepEqual(
    reviewTriggers(current, {
      deliveryTime: '1h',
      title: 'New title',
      description: 'New description here',
      warrantyPeriod: 30,
    }),
    ['title', 'description', 'warrantyPeriod', 'deliveryTime'],
  );
});

test('a value equal to the current one is not a change', () => {
  assert.deepEqual(reviewTriggers(current, { title: 'Old title', warrantyPeriod: 7 }), []);
});

test('the warranty counts only on account listings (A13)', () => {
  assert.deepEqual(reviewTriggers({ ...current, category: 'item' }, { warrantyPeriod: 30 }), []);
});

test('the sandbox sends back to review exactly when the rule says so', () => {
  const listing = (): Listing =>
    ({
      ...current,
      status: 'approved',
      variants: [],
      price: 100,
      isActive: true,
      pausedByOfflineMode: false,
    }) as unknown as Listing;
  const changed = listing();
  patchListing(changed, { title: 'New title' }, '2026-01-01T00:00:00.000Z');
  assert.equal(changed.status, 'em_analise');
  const same = listing();
  patchListing(same, { title: 'Old title', price: 200 }, '2026-01-01T00:00:00.000Z');
  assert.equal(same.status, 'approved');
  const notAccount = { ...listing(), category: 'item' } as Listing;
  patchListing(notAccount, { warrantyPeriod: 30, price: 300 }, '2026-01-01T00:00:00.000Z');
  assert.equal(notAccount.status, 'approved');
});
