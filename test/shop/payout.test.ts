// funds.released reaches the shop as a payout notice: the listener hands on a confirmed order only
// (the listener confirmed it with the service), never the body's own claim.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Order } from '../../src/api/responses.js';
import { routeDelivery } from '../../src/shop/events.js';
import { payoutNotice } from '../../src/shop/notices.js';

test('a confirmed funds.released is a payout notice with its net in cents; an unconfirmed one is nothing', () => {
  const payouts: Order[] = [];
  const events = { sale: () => {}, listing: () => {}, mediation: () => {}, payout: (o: Order) => payouts.push(o) };
  const order = { id: 77, orderCode: 'ORD-77', productId: 111, productTitle: 'Conta', price: 1990, fee: 199 } as Order;
  routeDelivery({ event: 'funds.released', orderId: 77, confirmed: false, order }, events);
  routeDelivery({ event: 'funds.released', orderId: 77, confirmed: true, order }, events);
  assert.deepEqual(
    payouts.map((o) => o.id),
    [77],
  );
  const n = payoutNotice(payouts[0]!, '2026-11-27T12:00:00.000Z');
  assert.equal(n.kind, 'payout');
  assert.equal(n.headline, 'Payout released: order ORD-77');
  assert.deepEqual(n.data, { orderId: 77, listingId: 111, netCents: 1791 });
});
