// spec 5, 7.2, 7.3 and A9, A10, A12: who may call what.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, SCOPES, SELLER_NOT_VERIFIED } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, control, useSandbox } from './helpers.js';

let sb: SandboxHandle;
let v2: Client;
let v1: Client;

describe('authentication and authorisation', () => {
  useSandbox((s) => ({ sb, v2, v1 } = s));

  it('answers 401 without x-api-key', async () => {
    const r = await v2.get('/api/v2/me', { key: null });
    assert.equal(r.status, 401);
    assert.equal(r.body.error, 'Unauthorized');
  });

  it('answers 401 for a well-formed key that does not exist', async () => {
    const r = await v2.get('/api/v2/me', { key: `svc_v2_sk_${'A'.repeat(32)}` });
    assert.equal(r.status, 401);
  });

  it('answers 401 for a malformed key', async () => {
    const r = await v1.get('/api/v1/products', { key: 'svc_sk_not-hex' });
    assert.equal(r.status, 401);
    assert.equal(r.body.success, false);
  });

  it('refuses a v1 key on a v2 route with 401 (A12)', async () => {
    const r = await v2.get('/api/v2/me', { key: sb.keys.v1 });
    assert.equal(r.status, 401);
  });

  it('refuses a v2 key on a v1 route with 401 (spec 5.2)', async () => {
    const r = await v1.get('/api/v1/products', { key: sb.keys.v2 });
    assert.equal(r.status, 401);
    assert.equal(r.body.success, false);
  });

  it('authenticates key management with a v1 key and refuses a v2 key (A10)', async () => {
    assert.equal((await v1.get('/api/api-keys')).status, 200);
    assert.equal((await v1.get('/api/api-keys', { key: sb.keys.v2 })).status, 401);
  });

  it('refuses an unverified seller with 403 SELLER_NOT_VERIFIED (spec 5.3)', async () => {
    const r = await v2.get('/api/v2/me', { key: sb.keys.unverifiedV2 });
    assert.equal(r.status, 403);
    assert.equal(r.body.code, SELLER_NOT_VERIFIED);
  });

  it('refuses every route with 403 SELLER_RESTRICTED while the seller is restricted (spec 7.2)', async () => {
    await control(sb, 'POST', 'seller', { restricted: true });
    for (const [client, path] of [
      [v2, '/api/v2/products'],
      [v1, '/api/v1/products'],
      [v1, '/api/api-keys'],
    ] as const) {
      const r = await client.get(path);
      assert.equal(r.status, 403, path);
      assert.equal(r.body.code, ERROR_CODES.SELLER_RESTRICTED);
    }
  });

  it('refuses with 403 SELLER_IN_DEBT while the seller has a debt (spec 7.3)', async () => {
    await control(sb, 'POST', 'seller', { inDebt: true });
    const r = await v1.get('/api/v1/balance');
    assert.equal(r.status, 403);
    assert.equal(r.body.code, ERROR_CODES.SELLER_IN_DEBT);
    assert.equal(r.body.success, false);
  });

  it('does not execute a write refused for the seller state', async () => {
    await control(sb, 'POST', 'seller', { restricted: true });
    await v2.patch(`/api/v2/products/${SEED_IDS.products.inactiveNoStock}`, { price: 1234 });
    await control(sb, 'POST', 'seller', { restricted: false });
    const r = await v2.get(`/api/v2/products/${SEED_IDS.products.inactiveNoStock}`);
    assert.equal(r.body.data.price, 1800);
  });

  it('answers 403 without code when the key lacks the route scope (A9)', async () => {
    const created = await v1.post('/api/api-keys', { name: 'reader', version: 'v2', scopes: ['products:read'] });
    assert.equal(created.status, 201);
    const limited = created.body.data.key as string;
    assert.equal((await v2.get('/api/v2/products', { key: limited })).status, 200);
    const r = await v2.get('/api/v2/orders', { key: limited });
    assert.equal(r.status, 403);
    assert.equal(r.body.code, undefined);
    assert.match(r.body.message, /orders:read/);
  });

  const scopeRows: [string, string, string, unknown?][] = [
    ['catalog:read', 'GET', '/api/v2/catalog/games'],
    ['products:read', 'GET', '/api/v2/products'],
    ['products:write', 'PATCH', '/api/v2/products/bulk-price', { items: [{ id: 101, price: 2000 }] }],
    ['orders:read', 'GET', '/api/v2/stats'],
    ['mediations:read', 'GET', '/api/v2/mediations'],
    ['reviews:read', 'GET', '/api/v2/contestations'],
    ['reviews:contest', 'POST', '/api/v2/reviews/3001/contest', { reason: 'wrong' }],
    ['questions:read', 'GET', '/api/v2/questions'],
    ['questions:write', 'POST', '/api/v2/questions/6001/answer', { answer: 'ok then' }],
    ['wallet:read', 'GET', '/api/v2/balance'],
  ];
  for (const [scope, method, path, body] of scopeRows) {
    it(`maps ${method} ${path} to the scope ${scope} (A9)`, async () => {
      const others = SCOPES.filter((s) => s !== scope);
      const without = (await v1.post('/api/api-keys', { name: 'no-scope', version: 'v2', scopes: others })).body.data
        .key;
      const only = (await v1.post('/api/api-keys', { name: 'scope', version: 'v2', scopes: [scope] })).body.data.key;
      assert.equal((await v2.call(method, path, body, { key: without })).status, 403);
      const r = await v2.call(method, path, body, { key: only });
      assert.ok(r.status < 300, `${r.status} ${JSON.stringify(r.body)}`);
    });
  }

  it('lets me and usage through without any scope (A9)', async () => {
    const k = (await v1.post('/api/api-keys', { name: 'min', version: 'v2', scopes: ['catalog:read'] })).body.data.key;
    assert.equal((await v2.get('/api/v2/me', { key: k })).status, 200);
    assert.equal((await v2.get('/api/v2/usage', { key: k })).status, 200);
  });

  it('refuses a revoked key with 401', async () => {
    const created = await v1.post('/api/api-keys', { name: 'short-lived', version: 'v1' });
    const k = created.body.data.key as string;
    assert.equal((await v1.get('/api/v1/balance', { key: k })).status, 200);
    assert.deepEqual((await v1.delete(`/api/api-keys/${created.body.data.id}`)).body, { success: true });
    assert.equal((await v1.get('/api/v1/balance', { key: k })).status, 401);
  });

  it("never answers another seller's data with the other seller's key", async () => {
    const other = new Client(sb, sb.keys.otherV2);
    const r = await other.get(`/api/v2/products/${SEED_IDS.products.activeManual}`);
    assert.equal(r.status, 404);
  });
});
