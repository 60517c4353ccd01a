// the rows of `svc stock status`, in-process (src/cli/stock/levels.ts is pure).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { stockRows } from '../../src/cli/stock/levels.js';
import type { Listing, Order } from '../../src/api/responses.js';

const single = (id: number, held: number, extra: Partial<Listing> = {}): Listing =>
  ({
    id,
    title: `L${id}`,
    listingType: 'single',
    status: 'approved',
    isActive: true,
    isAutoDelivery: true,
    autoDeliveryStock: held,
    variants: [],
    ...extra,
  }) as Listing;
const sale = (productId: number, quantity: number, status = 'delivered', variantIndex: number | null = null): Order =>
  ({ id: Math.random(), type: 'sale', status, productId, variantIndex, quantity }) as Order;

describe('stock status rows', () => {
  test('days left at the 7-day pace; cancelled and unpaid orders and purchases do not count', () => {
    const rows = stockRows(
      [single(1, 10)],
      [
        sale(1, 5),
        sale(1, 2, 'completed'),
        sale(1, 9, 'cancelled'),
        sale(1, 9, 'pending_payment'),
        { ...sale(1, 9), type: 'purchase' } as Order,
      ],
      {},
    );
    assert.deepEqual(
      rows.map((r) => [r.held, r.sold, r.perDay, r.daysLeft, r.state]),
      [[10, 7, 1, 10, 'active']],
    );
  });

  test('nothing sold: no pace (null), not marked by --days; nothing held: 0 days, out of stock', () => {
    const rows = stockRows([single(1, 4), single(2, 0)], [], { days: 3 });
    assert.deepEqual(
      rows.map((r) => [r.daysLeft, r.state, r.alert]),
      [
        [null, 'active', false],
        [0, 'out of stock', true],
      ],
    );
  });

  test('--below is strict; paused listings are marked, inactive or under review ones are shown but never marked', () => {
    const rows = stockRows(
      [
        single(1, 5),
        single(2, 4),
        single(3, 0, { isActive: false, pausedByOfflineMode: true }),
        single(4, 0, { isActive: false }),
        single(5, 0, { status: 'em_analise' }),
      ],
      [],
      { below: 5 },
    );
    assert.deepEqual(
      rows.map((r) => [r.listing, r.state, r.alert]),
      [
        [1, 'active', false],
        [2, 'active', true],
        [3, 'out of stock', true],
        [4, 'inactive', false],
        [5, 'under review', false],
      ],
    );
  });

  test('one row per auto-delivery variant, sales counted per variant; manual-delivery listings and variants are left out', () => {
    const multi = {
      ...single(7, 0),
      listingType: 'multiple',
      isAutoDelivery: false,
      variants: [
        { index: 0, title: 'A', isAutoDelivery: true, autoDeliveryStock: 3 },
        { index: 1, title: 'B', isAutoDelivery: false, autoDeliveryStock: 0, stock: 9 },
        { index: 2, title: 'C', autoDeliveryStock: 1 },
      ],
    } as Listing;
    const rows = stockRows(
      [multi, single(8, 0, { isAutoDelivery: false, stock: 5 })],
      [sale(7, 7, 'delivered', 2)],
      {},
    );
    assert.deepEqual(
      rows.map((r) => [r.variant, r.title, r.held, r.sold]),
      [
        [0, 'L7 / A', 3, 0],
        [2, 'L7 / C', 1, 7],
      ],
    );
  });
});
