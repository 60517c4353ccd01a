// Key management (spec 4.4, 5, A5, A10, A14).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, V1_KEY_PATTERN, V2_KEY_PATTERN } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, control, useSandbox } from './helpers.js';

let sb: SandboxHandle;
let v1: Client;

describe('key management', () => {
  useSandbox((s) => ({ sb, v1 } = s));

  it('creates a v1 key with 201 and shows the key only in that response', async () => {
    const r = await v1.post('/api/api-keys', { name: 'ci', version: 'v1' });
    assert.equal(r.status, 201);
    assert.match(r.body.data.key, V1_KEY_PATTERN);
    assert.equal(r.body.data.last4, r.body.data.key.slice(-4));
    const list = await v1.get('/api/api-keys');
    assert.ok(!JSON.stringify(list.body).includes(r.body.data.key));
    const row = list.body.data.find((k: { id: number }) => k.id === r.body.data.id);
    assert.equal(row.key, undefined);
    assert.equal(row.active, true);
  });

  it('creates a v2 key with the scopes asked for', async () => {
    const r = await v1.post('/api/api-keys', { name: 'reader', version: 'v2', scopes: ['orders:read'] });
    assert.equal(r.status, 201);
    assert.match(r.body.data.key, V2_KEY_PATTERN);
    const me = await new Client(sb, r.body.data.key).get('/api/v2/me');
    assert.deepEqual(me.body.data.scopes, ['orders:read']);
  });

  it('refuses a v2 key without scopes', async () => {
    const r = await v1.post('/api/api-keys', { name: 'none', version: 'v2' });
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'scopes');
  });

  it('refuses a v2 key outside the beta with 403 NOT_IN_BETA', async () => {
    await control(sb, 'POST', 'seller', { inBeta: false });
    const r = await v1.post('/api/api-keys', { name: 'beta', version: 'v2', scopes: ['orders:read'] });
    assert.equal(r.status, 403);
    assert.equal(r.body.code, ERROR_CODES.NOT_IN_BETA);
    assert.equal((await v1.post('/api/api-keys', { name: 'v1 still fine', version: 'v1' })).status, 201);
  });

  it('frees a slot when a key is revoked', async () => {
    const made: number[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await v1.post('/api/api-keys', { name: `k${i}`, version: 'v1' })).body.data.id);
    assert.equal((await v1.post('/api/api-keys', { name: 'k4', version: 'v1' })).body.code, ERROR_CODES.KEY_LIMIT);
    assert.deepEqual((await v1.delete(`/api/api-keys/${made[0]}`)).body, { success: true });
    assert.equal((await v1.post('/api/api-keys', { name: 'k4', version: 'v1' })).status, 201);
    const list = await v1.get('/api/api-keys');
    assert.equal(list.body.data.find((k: { id: number }) => k.id === made[0]).active, false);
  });

  it("answers 404 when revoking another account's or an unknown key", async () => {
    const otherKeys = await new Client(sb, sb.keys.otherV1).get('/api/api-keys');
    const otherId = otherKeys.body.data[0].id;
    assert.equal((await v1.delete(`/api/api-keys/${otherId}`)).status, 404);
    assert.equal((await v1.delete('/api/api-keys/424242')).status, 404);
  });

  it('gives the last 100 requests of a key: method, path, status, at, newest first', async () => {
    const made = await v1.post('/api/api-keys', { name: 'used', version: 'v2', scopes: ['catalog:read'] });
    const c = new Client(sb, made.body.data.key);
    await c.get('/api/v2/catalog/games');
    await c.get('/api/v2/orders');
    for (let i = 0; i < 105; i++) await c.get('/api/v2/me');
    const u = await v1.get(`/api/api-keys/${made.body.data.id}/usage`);
    assert.equal(u.status, 200);
    assert.equal(u.body.data.length, 100);
    assert.deepEqual(Object.keys(u.body.data[0]).sort(), ['at', 'method', 'path', 'status']);
    assert.equal(u.body.data[0].path, '/api/v2/me');
    const early = await v1.get(`/api/api-keys/${made.body.data.id}/usage`);
    assert.ok(!early.body.data.some((e: { path: string }) => e.path === '/api/v2/orders'), 'older than the last 100');
  });

  it('records the status of each request in the key usage', async () => {
    const made = await v1.post('/api/api-keys', { name: 'statuses', version: 'v2', scopes: ['catalog:read'] });
    const c = new Client(sb, made.body.data.key);
    await c.get('/api/v2/orders');
    const u = await v1.get(`/api/api-keys/${made.body.data.id}/usage`);
    assert.deepEqual(
      u.body.data.map((e: { status: number }) => e.status),
      [403],
    );
    const list = await v1.get('/api/api-keys');
    assert.ok(list.body.data.find((k: { id: number }) => k.id === made.body.data.id).lastUsedAt);
  });
});
