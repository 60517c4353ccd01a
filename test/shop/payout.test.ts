// funds.released reaches the shop as a payout notice: the intake hands on a confirmed order only
// (the listener confirmed it with the service), never the body's own claim.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Order } from '../../src/api/responses.js';
import { startIntake } from '../../src/cli/shop/intake.js';
import { payoutNotice } from '../../src/shop/notices.js';

test('a confirmed funds.released is a payout notice with its net in cents; an unconfirmed one is nothing', async (t) => {
  const payouts: Order[] = [];
  const intake = await startIntake({
    sale: () => {},
    listing: () => {},
    mediation: () => {},
    payout: (o) => payouts.push(o),
  });
  t.after(() => intake.close());
  const order = { id: 77, orderCode: 'ORD-77', productId: 111, productTitle: 'Conta', price: 1990, fee: 199 } as Order;
  const post = (body: unknown) =>
    fetch(intake.url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  await post({ event: 'funds.released', data: { orderId: 77 }, svc: { confirmed: false, order } });
  await post({ event: 'funds.released', data: { orderId: 77 }, svc: { confirmed: true, order } });
  assert.deepEqual(
    payouts.map((o) => o.id),
    [77],
  );
  const n = payoutNotice(payouts[0]!, '2026-11-27T12:00:00.000Z');
  assert.equal(n.kind, 'payout');
  assert.equal(n.headline, 'Payout released: order ORD-77');
  assert.deepEqual(n.data, { orderId: 77, listingId: 111, netCents: 1791 });
});
