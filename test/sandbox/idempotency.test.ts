// spec 4.1 and 7.1, assumption A12: idempotency of every v2 write.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, control, idemKey, listingState, requestLog, sleep, useSandbox } from './helpers.js';

const P = SEED_IDS.products;
let sb: SandboxHandle;
let v2: Client;

const writes = (log: Array<Record<string, unknown>>, route: string) =>
  log.filter((e) => e.route === route && e.applied).length;

describe('idempotency (spec 4.1, 7.1, A12)', () => {
  useSandbox((s) => ({ sb, v2 } = s), { timeScale: 0.01 });

  it('refuses a v2 write without Idempotency-Key with 400 IDEMPOTENCY_KEY_REQUIRED', async () => {
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1900 }, { idem: null });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED);
    assert.equal((await listingState(sb, P.inactiveNoStock)).price, 1800);
  });

  for (const bad of ['short-key', 'has space in it 123', `x${'a'.repeat(255)}`, 'bad!chars#here$$$$']) {
    it(`refuses the key ${JSON.stringify(bad.slice(0, 20))} with 400 IDEMPOTENCY_KEY_INVALID`, async () => {
      const r = await v2.post(`/api/v2/reviews/${SEED_IDS.reviews.fiveStars}/contest`, { reason: 'x' }, { idem: bad });
      assert.equal(r.status, 400);
      assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_INVALID);
    });
  }

  it('accepts keys of exactly 16 and 255 characters', async () => {
    for (const k of ['a'.repeat(16), 'b'.repeat(255)]) {
      const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1900 + k.length }, { idem: k });
      assert.equal(r.status, 200);
    }
  });

  it('replays the stored response for the same key and body without executing again', async () => {
    const key = idemKey();
    const first = await v2.post(
      `/api/v2/products/${P.singleAuto}/stock`,
      { items: [{ credential: 'idem-1' }] },
      { idem: key },
    );
    const second = await v2.post(
      `/api/v2/products/${P.singleAuto}/stock`,
      { items: [{ credential: 'idem-1' }] },
      { idem: key },
    );
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.deepEqual(second.body, first.body);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.equal(first.headers.get('idempotent-replayed'), null);
    assert.equal((await listingState(sb, P.singleAuto)).credentialCount, 4);
    const log = await requestLog(sb);
    assert.equal(writes(log, 'addStock'), 1);
    assert.equal(log.filter((e) => e.replayed).length, 1);
  });

  it('ignores the order of JSON fields in the fingerprint (spec 4.1.3)', async () => {
    const key = idemKey();
    const a = await v2.call('PATCH', `/api/v2/products/${P.inactiveNoStock}`, undefined, {
      idem: key,
      rawBody: '{"price":1900,"isActive":false}',
    });
    const b = await v2.call('PATCH', `/api/v2/products/${P.inactiveNoStock}`, undefined, {
      idem: key,
      rawBody: '{ "isActive": false, "price": 1900 }',
    });
    assert.equal(a.status, 200);
    assert.equal(b.headers.get('idempotent-replayed'), 'true');
  });

  it('leaves the query string out of the fingerprint (A12)', async () => {
    const key = idemKey();
    await v2.patch(`/api/v2/products/${P.inactiveNoStock}?a=1`, { price: 1950 }, { idem: key });
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}?b=2`, { price: 1950 }, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('idempotent-replayed'), 'true');
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body, executing nothing', async () => {
    const key = idemKey();
    await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1900 }, { idem: key });
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 2100 }, { idem: key });
    assert.equal(r.status, 422);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
    assert.equal((await listingState(sb, P.inactiveNoStock)).price, 1900);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key on another resource', async () => {
    const key = idemKey();
    await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1900 }, { idem: key });
    const r = await v2.patch(`/api/v2/products/${P.inactiveWithStock}`, { price: 1900 }, { idem: key });
    assert.equal(r.status, 422);
    assert.equal((await listingState(sb, P.inactiveWithStock)).price, 1500);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key on another route', async () => {
    const key = idemKey();
    await v2.patch('/api/v2/products/bulk-price', { items: [{ id: P.inactiveNoStock, price: 1900 }] }, { idem: key });
    const r = await v2.patch(
      '/api/v2/products/bulk-status',
      { items: [{ id: P.inactiveNoStock, price: 1900 }] },
      { idem: key },
    );
    assert.equal(r.status, 422);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
  });

  it('answers 409 IDEMPOTENCY_KEY_CONFLICT for a key another account used', async () => {
    const key = idemKey();
    const other = new Client(sb, sb.keys.otherV2);
    assert.equal((await other.patch(`/api/v2/products/${P.other}`, { price: 2200 }, { idem: key })).status, 200);
    const r = await v2.patch(`/api/v2/products/${P.other}`, { price: 2200 }, { idem: key });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_CONFLICT);
  });

  it('answers 409 IDEMPOTENCY_IN_FLIGHT with retryable and Retry-After 1 while the identical request runs', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'updateProduct' }, fault: { type: 'delay', ms: 400 } });
    const key = idemKey();
    const started = sb.waitForRequest((e) => e.idempotencyKey === key);
    const slow = v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1990 }, { idem: key });
    await started; // the first request is being processed (held by the delay fault)
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1990 }, { idem: key });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_IN_FLIGHT);
    assert.equal(r.body.retryable, true);
    assert.equal(r.headers.get('retry-after'), '1');
    assert.equal((await slow).status, 200);
    const again = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1990 }, { idem: key });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
  });

  it('stores a 4xx and replays the same error (spec 4.1.2)', async () => {
    const key = idemKey();
    const first = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { isActive: true }, { idem: key });
    assert.equal(first.status, 400);
    assert.equal(first.body.code, ERROR_CODES.NO_STOCK);
    // Now it would succeed, but the stored error is what the same key gets.
    assert.equal(
      (await v2.post(`/api/v2/products/${P.inactiveNoStock}/stock`, { items: [{ credential: 'now-in-stock' }] }))
        .status,
      200,
    );
    const again = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { isActive: true }, { idem: key });
    assert.equal(again.status, 400);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
  });

  it('stores a validation error too: a corrected body needs a new key', async () => {
    const key = idemKey();
    const bad = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 100_000_001 }, { idem: key });
    assert.equal(bad.status, 400);
    const fixed = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1000 }, { idem: key });
    assert.equal(fixed.status, 422);
    assert.equal((await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1000 })).status, 200);
  });

  it('releases the key after a 5xx so a resend with the same key executes', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'bulkPrice' }, fault: { type: 'status', status: 500 } });
    const key = idemKey();
    const body = { items: [{ id: P.inactiveNoStock, price: 1777 }] };
    assert.equal((await v2.patch('/api/v2/products/bulk-price', body, { idem: key })).status, 500);
    const r = await v2.patch('/api/v2/products/bulk-price', body, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('idempotent-replayed'), null);
    assert.equal((await listingState(sb, P.inactiveNoStock)).price, 1777);
  });

  it('answers 503 IDEMPOTENCY_UNAVAILABLE with Retry-After, executing nothing, and the same key then works', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'updateProduct' }, fault: { type: 'status', status: 503 } });
    const key = idemKey();
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1888 }, { idem: key });
    assert.equal(r.status, 503);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_UNAVAILABLE);
    assert.equal(r.headers.get('retry-after'), '1');
    assert.equal((await listingState(sb, P.inactiveNoStock)).price, 1800);
    assert.equal((await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1888 }, { idem: key })).status, 200);
  });

  it('releases the key after a retryable 409 (spec 4.1.4)', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'status', status: 409 } });
    const key = idemKey();
    const body = { items: [{ credential: 'busy-1' }] };
    const r = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key });
    assert.equal(r.status, 409);
    assert.equal(r.body.retryable, true);
    assert.ok(Number(r.headers.get('retry-after')) >= 1);
    const again = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.added, 1);
  });

  it('does not store a 429 QUESTION_ANSWER_RATE_LIMIT: the same key later publishes', async () => {
    const qs: number[] = [];
    for (let i = 0; i < 6; i++) {
      qs.push((await control(sb, 'POST', 'questions', { productId: P.activeManual, text: `q${i}` })).body.data.id);
    }
    for (let i = 0; i < 5; i++)
      assert.equal((await v2.post(`/api/v2/questions/${qs[i]}/answer`, { answer: 'Sure thing' })).status, 200);
    const key = idemKey();
    const limited = await v2.post(`/api/v2/questions/${qs[5]}/answer`, { answer: 'Sure thing' }, { idem: key });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, ERROR_CODES.QUESTION_ANSWER_RATE_LIMIT);
    await sleep(Number(limited.headers.get('retry-after')) * 1000 + 50);
    const r = await v2.post(`/api/v2/questions/${qs[5]}/answer`, { answer: 'Sure thing' }, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.status, 'answered');
  });

  it('forgets a stored response after 24 hours (× timeScale)', async () => {
    const key = idemKey();
    await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 1900 }, { idem: key });
    await control(sb, 'POST', 'clock', { advanceMs: Math.ceil(24 * 3600 * 1000 * 0.01) + 1000 });
    const r = await v2.patch(`/api/v2/products/${P.inactiveNoStock}`, { price: 2000 }, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('idempotent-replayed'), null);
    assert.equal(r.body.data.price, 2000);
  });

  it('keeps the key when the connection drops after the write: the retry replays', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'drop-after' } });
    const key = idemKey();
    const body = { items: [{ credential: 'drop-after-1', ref: 'DA-1' }] };
    await assert.rejects(v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key }));
    const r = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(r.body.data, { added: 1, duplicates: 0, total: 4 });
    assert.equal(writes(await requestLog(sb), 'addStock'), 1);
  });

  it('executes once when the connection drops before the write and the retry is sent', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'drop-before' } });
    const key = idemKey();
    const body = { items: [{ credential: 'drop-before-1' }] };
    await assert.rejects(v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key }));
    assert.equal((await listingState(sb, P.singleAuto)).credentialCount, 3);
    const r = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, body, { idem: key });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('idempotent-replayed'), null);
    assert.equal((await listingState(sb, P.singleAuto)).credentialCount, 4);
  });

  it('requires no Idempotency-Key on v1 writes', async () => {
    const v1 = new Client(sb, sb.keys.v1);
    const r = await v1.patch(`/api/v1/products/${P.inactiveNoStock}`, { price: 19 });
    assert.equal(r.status, 200);
  });
});
