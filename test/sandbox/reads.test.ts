// Reviews, contestations, mediations, balance, stats, catalog, me, usage, and the v1 reads
// (spec 4.2, 4.3, A2, A3, A4, A5, A14).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES, SCOPES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, listingBody, start, useSandbox } from './helpers.js';

const R = SEED_IDS.reviews;
let sb: SandboxHandle;
let v2: Client;
let v1: Client;

describe('reviews and contestations', () => {
  useSandbox((s) => ({ sb, v2, v1 } = s));

  it('lists the received reviews only', async () => {
    const r = await v2.get('/api/v2/reviews');
    assert.deepEqual(
      r.body.data.map((x: { id: number }) => x.id),
      [R.fiveStars, R.contested, R.twoStars],
    );
    assert.equal(r.body.data[1].contested, true);
  });

  it('gives review stats: count, average, distribution', async () => {
    const r = await v2.get('/api/v2/reviews/stats');
    assert.deepEqual(r.body.data, { count: 3, average: 3.67, distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 } });
  });

  it("contests a review with 201 and links the review's order, ignoring orderId", async () => {
    const r = await v2.post(`/api/v2/reviews/${R.fiveStars}/contest`, { reason: 'Not this buyer', orderId: 999999 });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.reviewId, R.fiveStars);
    assert.equal(r.body.data.orderId, SEED_IDS.orders.saleDelivered);
    assert.equal(r.body.data.status, 'pending');
    const list = await v2.get('/api/v2/contestations');
    assert.equal(list.body.data.length, 2);
  });

  it('answers 409 ALREADY_CONTESTED for a contested review', async () => {
    const r = await v2.post(`/api/v2/reviews/${R.contested}/contest`, { reason: 'again' });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.ALREADY_CONTESTED);
  });

  it("answers 404 for a missing review and for another seller's review", async () => {
    assert.equal((await v2.post('/api/v2/reviews/424242/contest', { reason: 'x' })).status, 404);
    const r = await v2.post(`/api/v2/reviews/${R.other}/contest`, { reason: 'x' });
    assert.equal(r.status, 404);
    assert.equal(r.body.code, undefined);
  });

  it('requires a reason', async () => {
    const r = await v2.post(`/api/v2/reviews/${R.fiveStars}/contest`, {});
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'reason');
  });
});

describe('mediations, balance, stats, catalog, me, usage', () => {
  before(async () => {
    sb = await start();
    v2 = new Client(sb, sb.keys.v2);
    v1 = new Client(sb, sb.keys.v1);
  });
  after(() => sb.close());

  it('lists mediations filtered by status', async () => {
    const all = await v2.get('/api/v2/mediations');
    assert.equal(all.body.data.length, 2);
    const open = await v2.get('/api/v2/mediations?status=open');
    assert.deepEqual(
      open.body.data.map((m: { orderId: number }) => m.orderId),
      [SEED_IDS.mediations.open],
    );
    const closed = await v2.get('/api/v2/mediations?status=closed');
    assert.equal(closed.body.data[0].resolution, 'refunded');
  });

  it('gets a mediation by order id, 404 otherwise', async () => {
    const r = await v2.get(`/api/v2/mediations/${SEED_IDS.mediations.open}`);
    assert.equal(r.body.data.status, 'open');
    assert.equal(r.body.data.closedAt, null);
    assert.equal((await v2.get(`/api/v2/mediations/${SEED_IDS.orders.saleDelivered}`)).status, 404);
  });

  it('gives the balance in cents on v2 and as decimals on v1 (A3)', async () => {
    assert.deepEqual((await v2.get('/api/v2/balance')).body.data, { available: 125000, pending: 8000, blocked: 1500 });
    assert.deepEqual((await v1.get('/api/v1/balance')).body.data, { available: 1250, pending: 80, blocked: 15 });
  });

  it('gives stats: totalSales, rating, level, activeListings', async () => {
    const r = await v2.get('/api/v2/stats');
    assert.deepEqual(r.body.data, { totalSales: 3, rating: 3.67, level: 3, activeListings: 4 });
    assert.deepEqual((await v1.get('/api/v1/stats')).body.data, r.body.data);
  });

  it('gives catalog games with minPrice on v2 and games without it on v1', async () => {
    const c = await v2.get('/api/v2/catalog/games');
    assert.deepEqual(c.body.data[0], { id: 'valorant', name: 'Valorant', slug: 'valorant', minPrice: 500 });
    const g = await v1.get('/api/v1/games');
    assert.deepEqual(g.body.data[0], { id: 'valorant', name: 'Valorant', slug: 'valorant' });
  });

  it('identifies the key in me (A4)', async () => {
    const r = await v2.get('/api/v2/me');
    assert.equal(r.body.data.accountId, SEED_IDS.accounts.main);
    assert.equal(r.body.data.sellerId, SEED_IDS.accounts.main);
    assert.equal(r.body.data.username, 'demo_seller');
    assert.equal(r.body.data.version, 'v2');
    assert.deepEqual(r.body.data.scopes, [...SCOPES]);
    assert.ok(sb.keys.v2.startsWith(r.body.data.keyPrefix));
    assert.ok(!JSON.stringify(r.body).includes(sb.keys.v2));
  });

  it('reports usage windows (A4)', async () => {
    const r = await v2.get('/api/v2/usage');
    for (const w of ['minute', 'day'] as const) {
      assert.deepEqual(Object.keys(r.body.data[w]).sort(), ['limit', 'remaining', 'reset']);
    }
  });
});

describe('v1 listings (spec 4.3, A3)', () => {
  useSandbox((s) => ({ sb, v1 } = s));

  it('lists listings with decimal prices and no variants', async () => {
    const r = await v1.get(`/api/v1/products?status=active&limit=2`);
    assert.equal(r.body.success, true);
    assert.deepEqual(r.body.pagination, { page: 1, limit: 2, total: 4, totalPages: 2 });
    assert.equal(r.body.data[0].price, 250);
    assert.equal('variants' in r.body.data[0], false);
  });

  it('creates a listing under review with a decimal price (201)', async () => {
    const r = await v1.post('/api/v1/products', { ...listingBody(), price: 19.9, unknownField: 'ignored' });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.price, 19.9);
    assert.equal(r.body.data.status, 'em_analise');
  });

  it('sends the listing back to em_analise on a title change', async () => {
    const r = await v1.patch(`/api/v1/products/${SEED_IDS.products.activeManual}`, { title: 'A new v1 title' });
    assert.equal(r.body.data.status, 'em_analise');
  });

  it('applies the same state table: NO_STOCK on reactivation without stock', async () => {
    const r = await v1.patch(`/api/v1/products/${SEED_IDS.products.inactiveNoStock}`, { isActive: true });
    assert.equal(r.status, 400);
    assert.equal(r.body.success, false);
    assert.equal(r.body.code, ERROR_CODES.NO_STOCK);
  });

  it('answers 404 with the v1 error envelope', async () => {
    const r = await v1.get('/api/v1/products/424242');
    assert.equal(r.status, 404);
    assert.equal(r.body.success, false);
    assert.equal(typeof r.body.message, 'string');
  });
});
