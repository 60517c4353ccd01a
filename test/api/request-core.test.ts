// Idempotency keys, pacing and key handling of the request core (spec 4.1, A8, cli-spec 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../../src/api/client.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/api/assumptions.js';
import { NeedsV2KeyError } from '../../src/api/errors.js';
import { FakeClock, ok, scriptedTransport, V1_KEY, V2_KEY, type Step } from './fakes.js';

function make(steps: Step[], keys: { v1?: string; v2?: string } = { v1: V1_KEY, v2: V2_KEY }) {
  const clock = new FakeClock();
  const { transport, calls } = scriptedTransport(steps, clock);
  const logs: string[] = [];
  const c = new ApiClient({
    baseUrl: 'http://127.0.0.1:1',
    keys,
    transport,
    clock,
    random: () => 0.5,
    onAttempt: (l) => logs.push(JSON.stringify(l)),
  });
  return { c, calls, clock, logs };
}

test('every v2 write carries a URL-safe idempotency key of 22+ characters', async () => {
  const { c, calls } = make([ok()]);
  await c.request({ route: 'updateProduct', params: { id: 5 }, body: { price: 100 } });
  const key = calls[0]!.req.headers['Idempotency-Key']!;
  assert.match(key, IDEMPOTENCY_KEY_PATTERN);
  assert.ok(key.length >= 22);
});

test('two identical writes made one after the other get two different keys', async () => {
  const { c, calls } = make([ok()]);
  await c.request({ route: 'updateProduct', params: { id: 5 }, body: { price: 100 } });
  await c.request({ route: 'updateProduct', params: { id: 5 }, body: { price: 100 } });
  const [a, b] = calls.map((x) => x.req.headers['Idempotency-Key']);
  assert.notEqual(a, b);
});

test('a caller-provided key (journaled by the job engine) is the one sent, on every attempt', async () => {
  const { c, calls } = make([{ status: 503 }, ok()]);
  const res = await c.request({ route: 'bulkPrice', body: { items: [] }, idempotencyKey: 'journaled-key-0123456789' });
  assert.deepEqual(
    calls.map((x) => x.req.headers['Idempotency-Key']),
    ['journaled-key-0123456789', 'journaled-key-0123456789'],
  );
  assert.equal(res.idempotencyKey, 'journaled-key-0123456789');
});

test('reads carry no idempotency key', async () => {
  const { c, calls } = make([ok([])]);
  await c.request({ route: 'listProducts' });
  assert.equal(calls[0]!.req.headers['Idempotency-Key'], undefined);
});

test('the key goes in x-api-key: the v2 key on v2 routes, the v1 key on v1 and key routes', async () => {
  const { c, calls } = make([ok([])]);
  await c.request({ route: 'listProducts' });
  await c.request({ route: 'v1ListProducts' });
  await c.request({ route: 'listKeys' });
  assert.deepEqual(
    calls.map((x) => x.req.headers['x-api-key']),
    [V2_KEY, V1_KEY, V1_KEY],
  );
  assert.deepEqual(
    calls.map((x) => new URL(x.req.url).pathname),
    ['/api/v2/products', '/api/v1/products', '/api/api-keys'],
  );
});

test('the /api/service alias is used for v1 when selected', async () => {
  const clock = new FakeClock();
  const { transport, calls } = scriptedTransport([ok({})], clock);
  const c = new ApiClient({ baseUrl: 'http://h/', keys: { v1: V1_KEY }, transport, clock, v1Prefix: '/api/service' });
  await c.request({ route: 'v1Balance' });
  assert.equal(calls[0]!.req.url, 'http://h/api/service/balance');
});

test('a v2 route with only a v1 key fails before sending, exit 4', async () => {
  const { c, calls } = make([ok()], { v1: V1_KEY });
  const err = await c.request({ route: 'bulkPrice', body: {} }).catch((e) => e);
  assert.ok(err instanceof NeedsV2KeyError);
  assert.equal(err.exitCode, 4);
  assert.match(err.message, /needs a v2 key \(closed beta, request one through support\)/);
  assert.equal(calls.length, 0);
});

function rateHeaders(limit: number, remaining: number, resetS: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(resetS),
    'Retry-After': '0',
  };
}

test('pacing: when the window is spent the client waits for the reset instead of collecting a 429', async () => {
  const clock0 = new FakeClock().t;
  const reset = Math.floor(clock0 / 1000) + 20;
  const { c, calls, clock } = make([
    { status: 200, body: { data: [] }, headers: rateHeaders(60, 1, reset) },
    { status: 200, body: { data: [] }, headers: rateHeaders(60, 0, reset) },
    { status: 200, body: { data: [] }, headers: rateHeaders(60, 59, reset + 60) },
  ]);
  await c.request({ route: 'listProducts' });
  await c.request({ route: 'listProducts' });
  assert.equal(clock.sleeps.length, 0);
  await c.request({ route: 'listProducts' });
  assert.equal(calls.length, 3);
  assert.equal(clock.sleeps.length, 1);
  assert.ok(calls[2]!.at >= reset * 1000, 'third request sent only after the reset');
});

test('pacing: the budget is shared by v1 and v2 (v1 stops at 30 of the shared count)', async () => {
  const clock0 = new FakeClock().t;
  const reset = Math.floor(clock0 / 1000) + 30;
  // 30 requests already counted on the account: v2 still has 30 left, v1 has none.
  const { c, clock } = make([
    { status: 200, body: { data: [] }, headers: rateHeaders(60, 30, reset) },
    { status: 200, body: { success: true, data: [] }, headers: rateHeaders(30, 0, reset) },
  ]);
  await c.request({ route: 'listProducts' });
  assert.equal(c.budget.remaining('v2'), 30);
  assert.equal(c.budget.remaining('v1'), 0);
  await c.request({ route: 'v1ListProducts' });
  assert.equal(clock.sleeps.length, 1, 'the v1 request waited for the shared window');
});

test('pacing with --no-wait: a spent window is exit 5 and nothing is sent', async () => {
  const clock = new FakeClock();
  const reset = Math.floor(clock.t / 1000) + 30;
  const { transport, calls } = scriptedTransport(
    [{ status: 200, body: { data: [] }, headers: rateHeaders(60, 0, reset) }],
    clock,
  );
  const c = new ApiClient({ baseUrl: 'http://h', keys: { v2: V2_KEY }, transport, clock, noWait: true });
  await c.request({ route: 'listProducts' });
  const err = await c.request({ route: 'listProducts' }).catch((e) => e);
  assert.equal(err.exitCode, 5);
  assert.equal(calls.length, 1);
});

test('the attempt log never contains the API key', async () => {
  const { c, logs } = make([{ status: 500 }, ok()]);
  await c.request({ route: 'bulkPrice', body: { items: [] } });
  assert.equal(logs.length, 2);
  for (const l of logs) {
    assert.ok(!l.includes(V2_KEY) && !l.includes(V2_KEY.slice(10)), 'key leaked into the log');
  }
});

test('--all joins every page of a list route', async () => {
  const page = (p: number) => ({
    status: 200,
    body: { data: [{ id: p }], pagination: { page: p, limit: 1, total: 3, totalPages: 3 } },
  });
  const clock = new FakeClock();
  let n = 0;
  const { transport, calls } = scriptedTransport([page(1), page(2), page(3)], clock);
  const c = new ApiClient({ baseUrl: 'http://h', keys: { v2: V2_KEY }, transport, clock });
  const ids: number[] = [];
  for await (const p of c.pages({ route: 'listProducts', all: true, limit: 1 })) {
    ids.push(...p.items.map((x) => x.id));
    n++;
  }
  assert.deepEqual(ids, [1, 2, 3]);
  assert.equal(n, 3);
  assert.deepEqual(
    calls.map((x) => new URL(x.req.url).searchParams.get('page')),
    ['1', '2', '3'],
  );
});
