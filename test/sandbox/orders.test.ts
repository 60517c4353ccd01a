// Orders and the simulated purchase (spec 1.5, 2.5, 4.2, A2, A4, A13).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_FEE_RATE } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, control, listingState, useSandbox } from './helpers.js';

const P = SEED_IDS.products;
const O = SEED_IDS.orders;
let sb: SandboxHandle;
let v2: Client;
let v1: Client;
const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((o) => o.id);

describe('orders and purchases', () => {
  useSandbox((s) => ({ sb, v2, v1 } = s));

  it('consumes credentials first in, first out and records deliveredItems in delivery order', async () => {
    const r = await control(sb, 'POST', 'purchase', { productId: P.singleAuto, quantity: 2 });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status, 'delivered');
    assert.deepEqual(r.body.data.deliveredItems, [{ ref: 'CS2-1', costCents: 300 }, { costCents: 250 }]);
    assert.equal((await listingState(sb, P.singleAuto)).credentialCount, 1);
  });

  it('leaves out credentials with neither ref nor cost, so deliveredItems may be empty', async () => {
    await control(sb, 'POST', 'purchase', { productId: P.singleAuto, quantity: 2 });
    const r = await control(sb, 'POST', 'purchase', { productId: P.singleAuto });
    assert.deepEqual(r.body.data.deliveredItems, []);
    assert.equal(r.body.data.quantity, 1);
  });

  it('never returns the credential on the order', async () => {
    const r = await control(sb, 'POST', 'purchase', { productId: P.multiAuto, variantIndex: 1, quantity: 2 });
    assert.deepEqual(r.body.data.deliveredItems, [{ ref: 'VP2K-1' }]);
    const got = await v2.get(`/api/v2/orders/${r.body.data.id}`);
    assert.ok(!JSON.stringify(got.body).includes('login'));
  });

  it('charges price × quantity and fee = round(price × SANDBOX_FEE_RATE)', async () => {
    const r = await control(sb, 'POST', 'purchase', { productId: P.multiAuto, variantIndex: 1, quantity: 2 });
    assert.equal(r.body.data.price, 3800);
    assert.equal(r.body.data.fee, Math.round(3800 * SANDBOX_FEE_RATE));
    assert.equal(r.body.data.variantIndex, 1);
  });

  it('sells manual stock as a processing order and lowers the stock', async () => {
    const r = await control(sb, 'POST', 'purchase', { productId: P.multiManual, variantIndex: 0, quantity: 3 });
    assert.equal(r.body.data.status, 'processing');
    assert.deepEqual(r.body.data.deliveredItems, []);
    assert.equal((await listingState(sb, P.multiManual)).variants[0].stock, 7);
  });

  it('refuses a purchase beyond the stock and of an inactive listing', async () => {
    assert.equal((await control(sb, 'POST', 'purchase', { productId: P.singleAuto, quantity: 4 })).status, 409);
    assert.equal((await control(sb, 'POST', 'purchase', { productId: P.inactiveWithStock })).status, 409);
  });

  it('gets an order by numeric id and by orderCode', async () => {
    const byId = await v2.get(`/api/v2/orders/${O.saleDelivered}`);
    const byCode = await v2.get(`/api/v2/orders/${SEED_IDS.orderCodes.saleDelivered}`);
    assert.equal(byId.status, 200);
    assert.deepEqual(byCode.body, byId.body);
    assert.deepEqual(byId.body.data.deliveredItems, [{ ref: 'CS2-0', costCents: 300 }, { ref: 'CS2-00' }]);
    assert.equal(byId.body.data.type, 'sale');
  });

  it("answers 404 for another seller's order, by id and by code", async () => {
    assert.equal((await v2.get(`/api/v2/orders/${O.other}`)).status, 404);
    assert.equal((await v2.get(`/api/v2/orders/${SEED_IDS.orderCodes.other}`)).status, 404);
  });

  it('shows a purchase without deliveredItems to the buyer and with them to the seller', async () => {
    const mine = await v2.get(`/api/v2/orders/${O.purchase}`);
    assert.equal(mine.body.data.type, 'purchase');
    assert.equal('deliveredItems' in mine.body.data, false);
    const seller = new Client(sb, sb.keys.otherV2);
    const theirs = await seller.get(`/api/v2/orders/${O.purchase}`);
    assert.equal(theirs.body.data.type, 'sale');
    assert.deepEqual(theirs.body.data.deliveredItems, [{ ref: 'OTHER-1', costCents: 100 }]);
  });

  it('lists sales and purchases, deliveredItems on sales in the list too (A13)', async () => {
    const r = await v2.get('/api/v2/orders');
    assert.deepEqual(ids(r), [
      O.saleDelivered,
      O.saleCompleted,
      O.saleProcessing,
      O.saleCancelled,
      O.saleInMediation,
      O.saleMediationClosed,
      O.purchase,
    ]);
    assert.ok(Array.isArray(r.body.data[0].deliveredItems));
  });

  it('filters orders by type', async () => {
    assert.deepEqual(ids(await v2.get('/api/v2/orders?type=purchases')), [O.purchase]);
    assert.equal((await v2.get('/api/v2/orders?type=sales')).body.data.length, 6);
    assert.equal((await v2.get('/api/v2/orders?type=gifts')).status, 400);
  });

  it('filters orders by status', async () => {
    assert.deepEqual(ids(await v2.get('/api/v2/orders?status=completed')), [O.saleCompleted, O.saleMediationClosed]);
  });

  it('filters orders by from and to, inclusive, a bare date covering its day', async () => {
    assert.deepEqual(ids(await v2.get('/api/v2/orders?from=2025-01-13&to=2025-01-14')), [
      O.saleProcessing,
      O.saleCancelled,
    ]);
    assert.deepEqual(ids(await v2.get('/api/v2/orders?from=2025-01-17T12:00:00Z')), [O.purchase]);
    assert.equal((await v2.get('/api/v2/orders?from=yesterday')).body.field, 'from');
  });

  it('answers v1 orders with decimal prices', async () => {
    const r = await v1.get(`/api/v1/orders/${O.saleDelivered}`);
    assert.equal(r.body.success, true);
    assert.equal(r.body.data.price, 16);
    assert.equal(r.body.data.fee, 1.6);
  });

  it('adds the net value of a sale to the pending balance', async () => {
    const before = (await v2.get('/api/v2/balance')).body.data;
    await control(sb, 'POST', 'purchase', { productId: P.singleAuto });
    const after = (await v2.get('/api/v2/balance')).body.data;
    assert.equal(after.pending - before.pending, 800 - 80);
  });
});
