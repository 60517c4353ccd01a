// `orders profit --by ref` groups by the seller's own ref, the pool tag a refill's
// upload adds to it taken off (a ref that was only a tag counts as "no ref").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NO_REF, profitReport } from '../../src/cli/orders/profit-report.js';

const TAG_A = 'svcAb3x-_0123456789zZ';
const TAG_B = 'svcAb3xQQQQQQQQQQQQQQ';

test('refs with pool tags group under the seller ref', () => {
  const order = (id: number, refs: (string | undefined)[]) => ({
    id,
    type: 'sale',
    status: 'delivered',
    price: 1000 * refs.length,
    fee: 100 * refs.length,
    quantity: refs.length,
    productId: 1,
    createdAt: '2026-11-20T10:00:00Z',
    deliveredItems: refs.map((ref) => ({ ...(ref ? { ref } : {}), costCents: 200 })),
  });
  const r = profitReport(
    [order(1, [`BATCH-7.${TAG_A}`]), order(2, [`BATCH-7.${TAG_B}`, 'BATCH-7']), order(3, [TAG_A])] as never,
    'v2',
    'ref',
  );
  assert.deepEqual(r.rows.map((x) => [x.key, x.items, x.sales]).sort(), [
    [NO_REF, 1, 1],
    ['BATCH-7', 3, 2],
  ]);
});
