// The retry table of cli-spec 4, one row per test, against an in-memory transport
// that records every attempt and the idempotency key it carried.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../../src/api/client.js';
import {
  AuthError,
  ConflictError,
  GoneError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../../src/api/errors.js';
import { FakeClock, ok, scriptedTransport, V1_KEY, V2_KEY, type Step } from './fakes.js';

const BODY = { items: [{ id: 1, price: 1990 }] };

function client(steps: Step[], extra: { noWait?: boolean; maxAttempts?: number } = {}) {
  const clock = new FakeClock();
  const { transport, calls } = scriptedTransport(steps, clock);
  const c = new ApiClient({
    baseUrl: 'http://127.0.0.1:1',
    keys: { v1: V1_KEY, v2: V2_KEY },
    transport,
    clock,
    noWait: extra.noWait,
    random: () => 0.5,
    retry: extra.maxAttempts ? { maxAttempts: extra.maxAttempts } : undefined,
  });
  const keys = () => calls.map((c) => c.req.headers['Idempotency-Key']);
  return { c, calls, clock, keys };
}
const bulkPrice = (c: ApiClient) => c.request({ route: 'bulkPrice', body: BODY });

test('a network error is retried with the same idempotency key', async () => {
  const { c, keys } = client([{ network: 'network', code: 'EHOSTUNREACH' }, ok()]);
  await bulkPrice(c);
  assert.equal(keys().length, 2);
  assert.equal(keys()[0], keys()[1]);
});

test('a TLS or header-size failure is not retried as a network error: one attempt, then the error', async () => {
  for (const code of [
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'UND_ERR_HEADERS_OVERFLOW',
    'HPE_HEADER_OVERFLOW',
  ]) {
    const { c, calls } = client([{ network: 'network', code }, ok()]);
    await assert.rejects(bulkPrice(c), NetworkError, code);
    assert.equal(calls.length, 1, `${code}: ${calls.length} attempts`);
  }
});

test('ECONNRESET (dropped after the write) is retried with the same key', async () => {
  const { c, keys } = client([
    { network: 'network', code: 'ECONNRESET' },
    { network: 'network', code: 'ECONNRESET' },
    ok(),
  ]);
  await bulkPrice(c);
  assert.equal(new Set(keys()).size, 1);
  assert.equal(keys().length, 3);
});

test('a timeout is retried with the same key', async () => {
  const { c, keys } = client([{ network: 'timeout' }, ok()]);
  await bulkPrice(c);
  assert.deepEqual([keys().length, new Set(keys()).size], [2, 1]);
});

test('a 5xx is retried with the same key', async () => {
  const { c, keys } = client([{ status: 500, body: { error: 'boom' } }, { status: 502 }, ok()]);
  await bulkPrice(c);
  assert.deepEqual([keys().length, new Set(keys()).size], [3, 1]);
});

test('a 429 waits Retry-After seconds, then resends the same key', async () => {
  const { c, keys, clock } = client([
    { status: 429, body: { code: 'RATE_LIMITED' }, headers: { 'Retry-After': '7' } },
    ok(),
  ]);
  await bulkPrice(c);
  assert.equal(keys().length, 2);
  assert.equal(keys()[0], keys()[1]);
  assert.ok(clock.sleeps.includes(7000), `slept ${clock.sleeps}`);
});

test('a 429 without Retry-After waits until X-RateLimit-Reset plus one second', async () => {
  const clockStart = new FakeClock().t;
  const reset = Math.floor(clockStart / 1000) + 12;
  const { c, clock } = client([{ status: 429, body: {}, headers: { 'X-RateLimit-Reset': String(reset) } }, ok()]);
  await bulkPrice(c);
  const expected = reset * 1000 - clockStart + 1000;
  assert.ok(clock.sleeps.includes(expected), `slept ${clock.sleeps}, expected ${expected}`);
});

test('409 IDEMPOTENCY_IN_FLIGHT backs off and resends the same key', async () => {
  const { c, keys, clock } = client([
    { status: 409, body: { code: 'IDEMPOTENCY_IN_FLIGHT', retryable: true }, headers: { 'Retry-After': '1' } },
    ok(),
  ]);
  await bulkPrice(c);
  assert.deepEqual([keys().length, new Set(keys()).size], [2, 1]);
  assert.ok(clock.sleeps[0]! >= 1000);
});

test('503 IDEMPOTENCY_UNAVAILABLE waits Retry-After and resends the same key', async () => {
  const { c, keys, clock } = client([
    { status: 503, body: { code: 'IDEMPOTENCY_UNAVAILABLE' }, headers: { 'Retry-After': '3' } },
    ok(),
  ]);
  await bulkPrice(c);
  assert.deepEqual([keys().length, new Set(keys()).size], [2, 1]);
  assert.ok(clock.sleeps.includes(3000));
});

test('a body with retryable: true is retried with the same key', async () => {
  const { c, keys } = client([
    { status: 409, body: { error: 'Conflict', message: 'stock in use', retryable: true } },
    ok(),
  ]);
  await bulkPrice(c);
  assert.deepEqual([keys().length, new Set(keys()).size], [2, 1]);
});

test('a body with retryable: false is never retried, even on a 5xx', async () => {
  const { c, calls } = client([{ status: 500, body: { error: 'x', retryable: false } }, ok()]);
  await assert.rejects(bulkPrice(c), ServerError);
  assert.equal(calls.length, 1);
});

for (const [status, cls, code] of [
  [400, ValidationError, undefined],
  [401, AuthError, undefined],
  [403, PermissionError, 'SELLER_RESTRICTED'],
  [404, NotFoundError, undefined],
  [410, GoneError, 'LISTING_TAKEN_DOWN'],
  [422, ValidationError, 'IDEMPOTENCY_KEY_REUSED'],
  [409, ConflictError, 'ALREADY_ANSWERED'],
] as const) {
  test(`HTTP ${status}${code ? ` ${code}` : ''} is never retried`, async () => {
    const { c, calls } = client([{ status, body: { error: 'no', code, message: 'refused' } }, ok()]);
    const err = await bulkPrice(c).catch((e) => e);
    assert.ok(err instanceof cls, `got ${err?.constructor?.name}`);
    assert.equal(err.status, status);
    assert.equal(calls.length, 1);
  });
}

test('attempts are bounded: a service that always fails is tried maxAttempts times', async () => {
  const { c, calls } = client([{ status: 500, body: {} }], { maxAttempts: 4 });
  await assert.rejects(bulkPrice(c), ServerError);
  assert.equal(calls.length, 4);
});

test('a network that never answers ends in a NetworkError (exit 1) after the bounded attempts', async () => {
  const { c, calls } = client([{ network: 'network', code: 'EHOSTUNREACH' }], { maxAttempts: 3 });
  const err = await bulkPrice(c).catch((e) => e);
  assert.ok(err instanceof NetworkError);
  assert.equal(err.exitCode, 1);
  assert.equal(calls.length, 3);
});

test('a connection refused by this machine is not retried: nothing listens there', async () => {
  const { c, calls } = client([{ network: 'network', code: 'ECONNREFUSED' }, ok()]);
  const err = await bulkPrice(c).catch((e) => e);
  assert.ok(err instanceof NetworkError);
  assert.equal(calls.length, 1);
});

test('backoff without a hint grows exponentially and is capped', async () => {
  const { c, clock } = client([{ status: 500 }], { maxAttempts: 8 });
  await assert.rejects(bulkPrice(c));
  // random() = 0.5 → delay = 3/4 of min(10 s cap, 500 ms * 2^(n-1))
  assert.deepEqual(clock.sleeps, [375, 750, 1500, 3000, 6000, 7500, 7500]);
});

test('--no-wait turns a 429 into exit 5 without a second attempt', async () => {
  const { c, calls } = client(
    [{ status: 429, body: { code: 'RATE_LIMITED' }, headers: { 'Retry-After': '30' } }, ok()],
    { noWait: true },
  );
  const err = await bulkPrice(c).catch((e) => e);
  assert.ok(err instanceof RateLimitError);
  assert.equal(err.exitCode, 5);
  assert.equal(calls.length, 1);
});

test('a daily quota (Retry-After hours away) is not waited: exit 5', async () => {
  const { c, calls } = client([{ status: 429, body: { code: 'DAILY_LIMIT' }, headers: { 'Retry-After': '40000' } }]);
  const err = await bulkPrice(c).catch((e) => e);
  assert.ok(err instanceof RateLimitError);
  assert.match(err.message, /resets in 11 h/);
  assert.equal(calls.length, 1);
});

test('a 5xx with rate headers but requests left backs off instead of waiting for the window reset', async () => {
  const clockStart = new FakeClock().t;
  const reset = Math.floor(clockStart / 1000) + 55;
  const headers = {
    'Retry-After': '0',
    'X-RateLimit-Limit': '60',
    'X-RateLimit-Remaining': '42',
    'X-RateLimit-Reset': String(reset),
  };
  const { c, clock } = client([{ status: 500, body: { error: 'boom' }, headers }, ok()]);
  await bulkPrice(c);
  assert.deepEqual(clock.sleeps, [375], 'the capped backoff, not ~56 s to the reset');
});
