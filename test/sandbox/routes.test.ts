// Every route of src/api/routes.ts answers over real HTTP with the envelope of A1/A5/A6/A7,
// and the v1 routes answer the same under the /api/service alias (spec 4.3, 9.1).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkAnswer } from '../../src/api/answers.js';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, listingBody, start } from './helpers.js';

const P = SEED_IDS.products;
type Shape = 'v2' | 'v2list' | 'results' | 'v1' | 'v1list' | 'success';
interface Row {
  path: string;
  body?: unknown;
  status: number;
  shape: Shape;
}

let sb: SandboxHandle;
let v2: Client;
let v1: Client;
let spareKeyId: number;
let mainV1KeyId: number;

const table: Record<RouteName, () => Row> = {
  listProducts: () => ({ path: '/api/v2/products', status: 200, shape: 'v2list' }),
  bulkPrice: () => ({
    path: '/api/v2/products/bulk-price',
    body: { items: [{ id: P.inactiveWithStock, price: 1600 }] },
    status: 200,
    shape: 'results',
  }),
  bulkStatus: () => ({
    path: '/api/v2/products/bulk-status',
    body: { items: [{ id: P.inactiveWithStock, isActive: true }] },
    status: 200,
    shape: 'results',
  }),
  getProduct: () => ({ path: `/api/v2/products/${P.activeManual}`, status: 200, shape: 'v2' }),
  createProduct: () => ({ path: '/api/v2/products', body: listingBody(), status: 201, shape: 'v2' }),
  updateProduct: () => ({
    path: `/api/v2/products/${P.inactiveNoStock}`,
    body: { price: 1900 },
    status: 200,
    shape: 'v2',
  }),
  updateVariants: () => ({
    path: `/api/v2/products/${P.multiManual}/variants`,
    body: { items: [{ index: 0, stock: 11 }] },
    status: 200,
    shape: 'results',
  }),
  addStock: () => ({
    path: `/api/v2/products/${P.singleAuto}/stock`,
    body: { items: [{ credential: 'route-table-cred' }] },
    status: 200,
    shape: 'v2',
  }),
  listOrders: () => ({ path: '/api/v2/orders', status: 200, shape: 'v2list' }),
  getOrder: () => ({ path: `/api/v2/orders/${SEED_IDS.orders.saleDelivered}`, status: 200, shape: 'v2' }),
  listMediations: () => ({ path: '/api/v2/mediations', status: 200, shape: 'v2list' }),
  getMediation: () => ({ path: `/api/v2/mediations/${SEED_IDS.mediations.open}`, status: 200, shape: 'v2' }),
  listReviews: () => ({ path: '/api/v2/reviews', status: 200, shape: 'v2list' }),
  reviewStats: () => ({ path: '/api/v2/reviews/stats', status: 200, shape: 'v2' }),
  contestReview: () => ({
    path: `/api/v2/reviews/${SEED_IDS.reviews.fiveStars}/contest`,
    body: { reason: 'The buyer mixed up orders.' },
    status: 201,
    shape: 'v2',
  }),
  listContestations: () => ({ path: '/api/v2/contestations', status: 200, shape: 'v2list' }),
  listQuestions: () => ({ path: '/api/v2/questions', status: 200, shape: 'v2list' }),
  getQuestion: () => ({ path: `/api/v2/questions/${SEED_IDS.questions.unanswered}`, status: 200, shape: 'v2' }),
  answerQuestion: () => ({
    path: `/api/v2/questions/${SEED_IDS.questions.unanswered}/answer`,
    body: { answer: 'Yes, it has the bundle.' },
    status: 200,
    shape: 'v2',
  }),
  balance: () => ({ path: '/api/v2/balance', status: 200, shape: 'v2' }),
  stats: () => ({ path: '/api/v2/stats', status: 200, shape: 'v2' }),
  catalogGames: () => ({ path: '/api/v2/catalog/games', status: 200, shape: 'v2' }),
  me: () => ({ path: '/api/v2/me', status: 200, shape: 'v2' }),
  usage: () => ({ path: '/api/v2/usage', status: 200, shape: 'v2' }),
  v1ListProducts: () => ({ path: '/api/v1/products', status: 200, shape: 'v1list' }),
  v1GetProduct: () => ({ path: `/api/v1/products/${P.activeManual}`, status: 200, shape: 'v1' }),
  v1CreateProduct: () => ({
    path: '/api/v1/products',
    body: { ...listingBody(), price: 15.5 },
    status: 201,
    shape: 'v1',
  }),
  v1UpdateProduct: () => ({
    path: `/api/v1/products/${P.inactiveNoStock}`,
    body: { price: 19.5 },
    status: 200,
    shape: 'v1',
  }),
  v1Balance: () => ({ path: '/api/v1/balance', status: 200, shape: 'v1' }),
  v1ListOrders: () => ({ path: '/api/v1/orders', status: 200, shape: 'v1list' }),
  v1GetOrder: () => ({ path: `/api/v1/orders/${SEED_IDS.orders.saleDelivered}`, status: 200, shape: 'v1' }),
  v1Stats: () => ({ path: '/api/v1/stats', status: 200, shape: 'v1' }),
  v1Games: () => ({ path: '/api/v1/games', status: 200, shape: 'v1' }),
  createKey: () => ({ path: '/api/api-keys', body: { name: 'table key', version: 'v1' }, status: 201, shape: 'v1' }),
  listKeys: () => ({ path: '/api/api-keys', status: 200, shape: 'v1' }),
  revokeKey: () => ({ path: `/api/api-keys/${spareKeyId}`, status: 200, shape: 'success' }),
  keyUsage: () => ({ path: `/api/api-keys/${mainV1KeyId}/usage`, status: 200, shape: 'v1' }),
};

function assertShape(shape: Shape, body: Record<string, unknown>) {
  switch (shape) {
    case 'v2':
      assert.ok('data' in body && !('success' in body), 'v2 envelope {data}');
      break;
    case 'v2list':
      assert.ok(Array.isArray(body.data), 'data is an array');
      assert.deepEqual(Object.keys(body.pagination as object).sort(), ['limit', 'page', 'total', 'totalPages']);
      break;
    case 'results':
      assert.ok(Array.isArray(body.results), 'A6 {results}');
      break;
    case 'v1':
      assert.equal(body.success, true);
      assert.ok('data' in body);
      break;
    case 'v1list':
      assert.equal(body.success, true);
      assert.ok(Array.isArray(body.data));
      assert.equal(typeof (body.pagination as { total: number }).total, 'number');
      break;
    case 'success':
      assert.deepEqual(body, { success: true });
      break;
  }
}

describe('route table', () => {
  before(async () => {
    sb = await start();
    v2 = new Client(sb, sb.keys.v2);
    v1 = new Client(sb, sb.keys.v1);
    const created = await v1.post('/api/api-keys', { name: 'spare', version: 'v1' });
    spareKeyId = created.body.data.id;
    const keys = await v1.get('/api/api-keys');
    mainV1KeyId = keys.body.data.find((k: { name: string }) => k.name === 'demo v1').id;
  });
  after(() => sb.close());

  it('covers every route of src/api/routes.ts (24 v2, 9 v1, 4 key management)', () => {
    assert.deepEqual(Object.keys(table).sort(), ROUTES.map((r) => r.name).sort());
    assert.equal(ROUTES.filter((r) => r.family === 'v2').length, 24);
    assert.equal(ROUTES.filter((r) => r.family === 'v1').length, 9);
    assert.equal(ROUTES.filter((r) => r.family === 'keys').length, 4);
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.family} ${route.path || '/'} (${route.name}) answers with its envelope`, async () => {
      const row = table[route.name]();
      const client = route.family === 'v2' ? v2 : v1;
      const r = await client.call(route.method, row.path, row.body);
      assert.equal(r.status, row.status, JSON.stringify(r.body));
      assertShape(row.shape, r.body);
      // the sandbox answers what the route table says the route answers (the client's check).
      await checkAnswer(route, `${route.method} ${row.path}`, r.body);
      assert.ok(r.headers.get('x-ratelimit-limit'), 'A8 headers on every response');
    });
  }

  for (const route of ROUTES.filter((r) => r.family === 'v1' && r.method === 'GET')) {
    it(`serves ${route.name} under the /api/service alias`, async () => {
      const row = table[route.name]();
      const r = await v1.get(row.path.replace('/api/v1', '/api/service'));
      assert.equal(r.status, 200);
      assertShape(row.shape, r.body);
    });
  }

  it('serves v1 writes under the /api/service alias', async () => {
    const r = await v1.patch(`/api/service/products/${P.inactiveNoStock}`, { price: 21 });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.price, 21);
  });

  it('answers 404 JSON for an unknown route', async () => {
    const r = await v2.get('/api/v2/nothing-here');
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'Not found');
    const outside = await v2.get('/api/v3/products');
    assert.equal(outside.status, 404);
    assert.equal(typeof outside.body.message, 'string');
  });

  it('answers 404 for a known path with another method', async () => {
    const r = await v2.call('DELETE', `/api/v2/products/${P.activeManual}`);
    assert.equal(r.status, 404);
  });
});
