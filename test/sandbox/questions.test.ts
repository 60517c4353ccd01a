// Listing questions (spec 3, 4.2, 7.2, A2, A13): list, get, answer and its five refusals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { type Client, SEED_IDS, control, useSandbox } from './helpers.js';

const Q = SEED_IDS.questions;
const P = SEED_IDS.products;
let sb: SandboxHandle;
let v2: Client;
const answer = (id: number, text: string) => v2.post(`/api/v2/questions/${id}/answer`, { answer: text });
const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((q) => q.id);

describe('questions', () => {
  // Real time: the answer windows are moved past with the sandbox clock, never waited out, so a
  // slow machine cannot let a window run out between the answers a test makes.
  useSandbox((s) => ({ sb, v2 } = s));

  it("lists the seller's questions only", async () => {
    const r = await v2.get('/api/v2/questions');
    assert.equal(r.body.pagination.total, 7);
    assert.ok(!ids(r).includes(Q.other));
  });

  it('filters questions by status, productId and orderId (A2)', async () => {
    assert.deepEqual(ids(await v2.get('/api/v2/questions?status=answered')), [Q.answered]);
    assert.deepEqual(ids(await v2.get(`/api/v2/questions?productId=${P.activeManual}`)), [Q.unanswered, Q.answered]);
    assert.deepEqual(ids(await v2.get(`/api/v2/questions?orderId=${SEED_IDS.orders.saleDelivered}`)), [Q.withOrder]);
    assert.equal((await v2.get('/api/v2/questions?status=open')).status, 400);
  });

  it("gets one question, 404 for another seller's", async () => {
    const r = await v2.get(`/api/v2/questions/${Q.unanswered}`);
    assert.equal(r.body.data.status, 'unanswered');
    assert.equal(r.body.data.answer, null);
    assert.equal((await v2.get(`/api/v2/questions/${Q.other}`)).status, 404);
  });

  it('publishes an answer and marks the question answered', async () => {
    const r = await answer(Q.unanswered, 'Yes, the bundle is included.');
    assert.equal(r.status, 200);
    assert.equal(r.body.data.status, 'answered');
    assert.equal(r.body.data.answer, 'Yes, the bundle is included.');
    assert.ok(r.body.data.answeredAt);
  });

  it('answers 409 ALREADY_ANSWERED for an answered question', async () => {
    const r = await answer(Q.answered, 'Again');
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.ALREADY_ANSWERED);
  });

  for (const [name, id] of [
    ['under review', Q.onUnderReview],
    ['inactive', Q.onInactive],
    ['paused by Offline Mode', Q.onPaused],
    ['deleted', Q.onDeleted],
  ] as const) {
    it(`answers 409 PRODUCT_UNAVAILABLE when the listing is ${name}`, async () => {
      const r = await answer(id, 'Soon.');
      assert.equal(r.status, 409);
      assert.equal(r.body.code, ERROR_CODES.PRODUCT_UNAVAILABLE);
    });
  }

  for (const text of [
    'Write me at seller@example.com',
    'See https://example.org/x',
    'Visit www.shop.gg now',
    'Call +55 11 91234-5678',
    'Call 011 91234 5678',
  ]) {
    it(`refuses ${JSON.stringify(text)} with 422 SECURITY_VIOLATION, not published`, async () => {
      const r = await answer(Q.unanswered, text);
      assert.equal(r.status, 422);
      assert.equal(r.body.code, ERROR_CODES.SECURITY_VIOLATION);
      assert.equal((await v2.get(`/api/v2/questions/${Q.unanswered}`)).body.data.status, 'unanswered');
    });
  }

  it('accepts an answer with small numbers such as prices and levels', async () => {
    assert.equal((await answer(Q.unanswered, 'Level 120, 2000 VP, ready in 24h.')).status, 200);
  });

  it('answers 403 EMAIL_NOT_VERIFIED when the account e-mail is not verified', async () => {
    await control(sb, 'POST', 'seller', { emailVerified: false });
    const r = await answer(Q.unanswered, 'Yes');
    assert.equal(r.status, 403);
    assert.equal(r.body.code, ERROR_CODES.EMAIL_NOT_VERIFIED);
  });

  it('answers 403 QUESTIONS_BLOCKED when the account is barred from answering', async () => {
    await control(sb, 'POST', 'seller', { questionsBlocked: true });
    const r = await answer(Q.unanswered, 'Yes');
    assert.equal(r.status, 403);
    assert.equal(r.body.code, ERROR_CODES.QUESTIONS_BLOCKED);
  });

  it('answers 429 QUESTION_ANSWER_RATE_LIMIT after 5 answers in a minute, retryable with Retry-After', async () => {
    const qs: number[] = [];
    for (let i = 0; i < 6; i++)
      qs.push((await control(sb, 'POST', 'questions', { productId: P.activeManual, text: `Q${i}?` })).body.data.id);
    for (let i = 0; i < 5; i++) assert.equal((await answer(qs[i]!, 'Yes')).status, 200);
    const r = await answer(qs[5]!, 'Yes');
    assert.equal(r.status, 429);
    assert.equal(r.body.code, ERROR_CODES.QUESTION_ANSWER_RATE_LIMIT);
    assert.equal(r.body.retryable, true);
    assert.ok(Number(r.headers.get('retry-after')) >= 1);
    assert.equal((await v2.get(`/api/v2/questions/${qs[5]}`)).body.data.status, 'unanswered');
  });

  it('answers 429 QUESTION_ANSWER_RATE_LIMIT after 20 answers in an hour', async () => {
    const qs: number[] = [];
    for (let i = 0; i < 21; i++)
      qs.push((await control(sb, 'POST', 'questions', { productId: P.activeManual, text: `H${i}?` })).body.data.id);
    // Groups of 5, each in a minute of its own (the sandbox clock moves 61 s), all within the hour.
    const nextMinute = () => control(sb, 'POST', 'clock', { advanceMs: 61_000 });
    for (let i = 0; i < 20; i++) {
      if (i > 0 && i % 5 === 0) await nextMinute();
      assert.equal((await answer(qs[i]!, 'Yes')).status, 200, `answer ${i}`);
    }
    await nextMinute();
    const r = await answer(qs[20]!, 'Yes');
    assert.equal(r.status, 429);
    assert.equal(r.body.code, ERROR_CODES.QUESTION_ANSWER_RATE_LIMIT);
    assert.ok(Number(r.headers.get('retry-after')) > 1, 'waits for the hour window');
  });

  it('adds a question through the control route', async () => {
    const r = await control(sb, 'POST', 'questions', {
      productId: P.multiAuto,
      text: 'Is this region-locked?',
      orderId: SEED_IDS.orders.saleCompleted,
    });
    assert.equal(r.status, 201);
    const got = await v2.get(`/api/v2/questions/${r.body.data.id}`);
    assert.equal(got.body.data.orderId, SEED_IDS.orders.saleCompleted);
    assert.equal(got.body.data.status, 'unanswered');
  });
});
