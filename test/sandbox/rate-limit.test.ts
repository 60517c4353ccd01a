// Spec 8 and assumption A8: shared per-account minute and day counters, headers on every
// v1 and v2 response, whole-second windows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, control, reset, sleep, start, useSandbox } from './helpers.js';

let sb: SandboxHandle;
let v1: Client;
let v2: Client;
const limits = { v1PerMinute: 3, v2PerMinute: 5, v1PerDay: 1000, v2PerDay: 1000 };

const num = (h: Headers, name: string) => Number(h.get(name));

describe('rate limits (A8)', () => {
  useSandbox((s) => ({ sb, v1, v2 } = s), { rateLimit: limits });

  it('sends X-RateLimit-Limit/Remaining/Reset and Retry-After on a v2 success', async () => {
    const r = await v2.get('/api/v2/me');
    assert.equal(r.headers.get('x-ratelimit-limit'), '5');
    assert.equal(r.headers.get('x-ratelimit-remaining'), '4');
    assert.match(r.headers.get('x-ratelimit-reset')!, /^\d+$/);
    assert.ok(num(r.headers, 'x-ratelimit-reset') > Date.now() / 1000);
    assert.equal(r.headers.get('retry-after'), '0');
  });

  it('sends the headers on errors too (400, 403, 404)', async () => {
    const bad = await v2.patch('/api/v2/products/101', { nope: 1 });
    const forbidden = await v2.get('/api/v2/me', { key: sb.keys.unverifiedV2 });
    const missing = await v1.get('/api/v1/products/999999');
    for (const r of [bad, forbidden, missing]) {
      assert.ok(r.status >= 400);
      assert.ok(r.headers.get('x-ratelimit-limit'), `headers on ${r.status}`);
      assert.ok(r.headers.get('retry-after'));
    }
  });

  it('gives each version its own per-minute limit in X-RateLimit-Limit', async () => {
    assert.equal((await v1.get('/api/v1/games')).headers.get('x-ratelimit-limit'), '3');
    assert.equal((await v2.get('/api/v2/me')).headers.get('x-ratelimit-limit'), '5');
  });

  it('shares one counter between v1 and v2 keys of the account', async () => {
    await v1.get('/api/v1/games');
    await v1.get('/api/v1/games');
    const r = await v2.get('/api/v2/me');
    assert.equal(r.headers.get('x-ratelimit-remaining'), '2');
  });

  it('refuses v1 once the shared count reaches the v1 limit while v2 still passes', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await v2.get('/api/v2/me')).status, 200);
    const r = await v1.get('/api/v1/games');
    assert.equal(r.status, 429);
    assert.equal(r.body.code, ERROR_CODES.RATE_LIMITED);
    assert.equal(r.body.success, false);
    assert.equal((await v2.get('/api/v2/me')).status, 200);
  });

  it('refuses v2 with 429 RATE_LIMITED and Retry-After = seconds to the reset', async () => {
    for (let i = 0; i < 5; i++) await v2.get('/api/v2/me');
    const r = await v2.get('/api/v2/me');
    assert.equal(r.status, 429);
    assert.equal(r.body.code, ERROR_CODES.RATE_LIMITED);
    const wait = num(r.headers, 'retry-after');
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
    assert.ok(Math.abs(num(r.headers, 'x-ratelimit-reset') - Date.now() / 1000 - wait) <= 1.01);
    assert.equal(r.headers.get('x-ratelimit-remaining'), '0');
  });

  it('gives Retry-After > 0 on the last allowed request', async () => {
    let last: Awaited<ReturnType<typeof v2.get>> | undefined;
    for (let i = 0; i < 5; i++) last = await v2.get('/api/v2/me');
    assert.equal(last!.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(num(last!.headers, 'retry-after') >= 1);
  });

  it('does not count a refused request', async () => {
    for (let i = 0; i < 3; i++) await v2.get('/api/v2/me');
    assert.equal((await v1.get('/api/v1/games')).status, 429);
    assert.equal((await v1.get('/api/v1/games')).status, 429);
    const r = await v2.get('/api/v2/me'); // 4th counted request, not 6th
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-ratelimit-remaining'), '1');
  });

  it('keeps a separate bucket per account', async () => {
    for (let i = 0; i < 5; i++) await v2.get('/api/v2/me');
    const other = new Client(sb, sb.keys.otherV2);
    const r = await other.get('/api/v2/me');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-ratelimit-remaining'), '4');
  });

  it('never rate-limits the control routes', async () => {
    for (let i = 0; i < 5; i++) await v2.get('/api/v2/me');
    for (let i = 0; i < 10; i++) assert.equal((await control(sb, 'GET', 'requests')).status, 200);
  });

  it('reports the same counters in GET /api/v2/usage', async () => {
    await v1.get('/api/v1/games');
    const r = await v2.get('/api/v2/usage');
    assert.equal(r.body.data.minute.limit, 5);
    assert.equal(r.body.data.minute.remaining, 3);
    assert.equal(r.body.data.minute.reset, num(r.headers, 'x-ratelimit-reset'));
    assert.equal(r.body.data.day.limit, 1000);
    assert.equal(r.body.data.day.remaining, 998);
  });
});

describe('rate windows on whole seconds (A8)', () => {
  let fast: SandboxHandle;
  before(async () => {
    fast = await start({ rateLimit: { ...limits, v2PerMinute: 2 }, timeScale: 0.02 });
  });
  after(() => fast.close());

  it('lets a client that waits until X-RateLimit-Reset send again', async () => {
    const c = new Client(fast, fast.keys.v2);
    await c.get('/api/v2/me');
    await c.get('/api/v2/me');
    const refused = await c.get('/api/v2/me');
    assert.equal(refused.status, 429);
    const reset = num(refused.headers, 'x-ratelimit-reset');
    assert.equal(reset, Math.floor(reset), 'whole seconds');
    await sleep(reset * 1000 - Date.now() + 5);
    const r = await c.get('/api/v2/me');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-ratelimit-remaining'), '1');
  });

  it('starts a new window after the sandbox clock moves past the reset', async () => {
    const c = new Client(fast, fast.keys.v2);
    await reset(fast);
    await c.get('/api/v2/me');
    await c.get('/api/v2/me');
    assert.equal((await c.get('/api/v2/me')).status, 429);
    await control(fast, 'POST', 'clock', { advanceMs: 3000 });
    assert.equal((await c.get('/api/v2/me')).status, 200);
  });
});

describe('daily quota (A8)', () => {
  let daily: SandboxHandle;
  before(async () => {
    daily = await start({ rateLimit: { v1PerMinute: 100, v2PerMinute: 100, v1PerDay: 2, v2PerDay: 4 } });
  });
  after(() => daily.close());

  it('answers 429 DAILY_LIMIT with Retry-After to the end of the UTC day', async () => {
    const c2 = new Client(daily, daily.keys.v2);
    const c1 = new Client(daily, daily.keys.v1);
    await c2.get('/api/v2/me');
    await c2.get('/api/v2/me');
    const v1Refused = await c1.get('/api/v1/games');
    assert.equal(v1Refused.status, 429);
    assert.equal(v1Refused.body.code, ERROR_CODES.DAILY_LIMIT);
    const endOfDay = Math.ceil((Math.floor(Date.now() / 86_400_000) + 1) * 86_400 - Date.now() / 1000);
    assert.ok(Math.abs(num(v1Refused.headers, 'retry-after') - endOfDay) <= 2);
    await c2.get('/api/v2/me');
    await c2.get('/api/v2/me');
    const v2Refused = await c2.get('/api/v2/me');
    assert.equal(v2Refused.status, 429);
    assert.equal(v2Refused.body.code, ERROR_CODES.DAILY_LIMIT);
  });
});
