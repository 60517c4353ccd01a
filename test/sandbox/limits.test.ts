// Spec 8 limits and the strict schemas of spec 2.1 / 7.2: each limit at its edge.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, LIMITS, VALIDATION_ERROR } from '../../src/api/assumptions.js';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, listingBody, listingState, useSandbox } from './helpers.js';

const P = SEED_IDS.products;
const startDefault = () => startSandbox({ port: 0 });
let sb: SandboxHandle;
let v2: Client;
let v1: Client;

function assertValidation(r: { status: number; body: Record<string, unknown> }, field: string) {
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal(r.body.error, VALIDATION_ERROR);
  assert.equal(r.body.field, field);
  assert.equal(typeof r.body.message, 'string');
}

const variants = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({ title: `V${i}`, price: 1000, ...extra(i) }));

describe('limits (spec 8) and strict schemas (spec 2.1, 7.2)', () => {
  useSandbox((s) => ({ sb, v2, v1 } = s));

  it('refuses an unknown field on a v2 write with 400 naming it', async () => {
    assertValidation(await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 2000, colour: 'red' }), 'colour');
    assertValidation(
      await v2.patch('/api/v2/products/bulk-price', { items: [{ id: 101, price: 2000, note: 'x' }] }),
      'items[0].note',
    );
  });

  const writeRows: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/v2/products', listingBody()],
    ['PATCH', `/api/v2/products/${P.activeManual}`, { price: 2000 }],
    ['PATCH', `/api/v2/products/${P.multiManual}/variants`, { items: [{ index: 0, stock: 1 }] }],
    ['POST', `/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'a' }] }],
    ['PATCH', '/api/v2/products/bulk-price', { items: [{ id: P.activeManual, price: 2000 }] }],
    ['PATCH', '/api/v2/products/bulk-status', { items: [{ id: P.activeManual, isActive: false }] }],
    ['POST', `/api/v2/reviews/${SEED_IDS.reviews.fiveStars}/contest`, { reason: 'wrong buyer' }],
    ['POST', `/api/v2/questions/${SEED_IDS.questions.unanswered}/answer`, { answer: 'Yes it does' }],
  ];
  for (const [method, path, body] of writeRows) {
    it(`refuses an unknown top-level field on ${method} ${path.replace(/\d+/g, ':id')} with 400, executing nothing`, async () => {
      assertValidation(await v2.call(method, path, { ...body, extra: true }), 'extra');
      const log = await v2.call(method, path, body);
      assert.ok(log.status < 300, 'the same body without the field is accepted');
    });
  }

  it('refuses the whole bulk-price request when one price is above 100000000 (items[3].price)', async () => {
    const items = [P.activeManual, P.inactiveWithStock, P.inactiveNoStock, P.underReview].map((id, i) => ({
      id,
      price: i === 3 ? 100_000_001 : 3000,
    }));
    assertValidation(await v2.patch('/api/v2/products/bulk-price', { items }), 'items[3].price');
    assert.equal((await listingState(sb, P.activeManual)).price, 25000);
  });

  it('accepts a price of exactly 100000000', async () => {
    const r = await v2.patch(`/api/v2/products/${P.activeManual}`, { price: LIMITS.priceMaxCents });
    assert.equal(r.status, 200);
  });

  it('refuses a price above the ceiling on PATCH products/:id, variants and create', async () => {
    assertValidation(await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 100_000_001 }), 'price');
    assertValidation(
      await v2.patch(`/api/v2/products/${P.multiManual}/variants`, {
        items: [
          { index: 0, stock: 1 },
          { index: 1, price: 100_000_001 },
        ],
      }),
      'items[1].price',
    );
    assertValidation(
      await v2.post(
        '/api/v2/products',
        listingBody({ price: undefined, variants: [...variants(3), { title: 'x', price: 100_000_001 }] }),
      ),
      'variants[3].price',
    );
    assert.equal((await listingState(sb, P.multiManual)).variants[0].stock, 10, 'nothing applied');
  });

  for (const route of ['bulk-price', 'bulk-status'] as const) {
    it(`takes 1 to 100 items on ${route}`, async () => {
      const item = (i: number) =>
        route === 'bulk-price' ? { id: 100_000 + i, price: 1000 } : { id: 100_000 + i, isActive: true };
      assertValidation(await v2.patch(`/api/v2/products/${route}`, { items: [] }), 'items');
      assertValidation(
        await v2.patch(`/api/v2/products/${route}`, { items: Array.from({ length: 101 }, (_, i) => item(i)) }),
        'items',
      );
      const r = await v2.patch(`/api/v2/products/${route}`, { items: Array.from({ length: 100 }, (_, i) => item(i)) });
      assert.equal(r.status, 200);
      assert.equal(r.body.results.length, 100);
    });
  }

  it('takes 1 to 100 items on the variants edit', async () => {
    assertValidation(await v2.patch(`/api/v2/products/${P.multiManual}/variants`, { items: [] }), 'items');
    const many = Array.from({ length: 101 }, (_, i) => ({ index: i, stock: 1 }));
    assertValidation(await v2.patch(`/api/v2/products/${P.multiManual}/variants`, { items: many }), 'items');
  });

  it('takes at most 2000 stock items per request', async () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ credential: `bulk-${n}-${i}` }));
    assertValidation(await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: items(2001) }), 'items');
    const r = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: items(2000) });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.added, 2000);
  });

  it('takes at most 2000 credentials per request in credentialsText too', async () => {
    const text = Array.from({ length: 2001 }, (_, i) => `t-${i}`).join('\n');
    assertValidation(
      await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { credentialsText: text }),
      'credentialsText',
    );
  });

  it('takes credentials of at most 5000 characters', async () => {
    assertValidation(
      await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'x'.repeat(5001) }] }),
      'items[0].credential',
    );
    const ok = await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'x'.repeat(5000) }] });
    assert.equal(ok.status, 200);
  });

  it('refuses stock beyond 10000 per listing with 400 TOO_MANY_CREDENTIALS and limit', async () => {
    for (let chunk = 0; chunk < 5; chunk++) {
      const items = Array.from({ length: 2000 }, (_, i) => ({ credential: `cap-${chunk}-${i}` }));
      const r = await v2.post(`/api/v2/products/${P.inactiveNoStock}/stock`, { items });
      assert.equal(r.status, 200);
    }
    const r = await v2.post(`/api/v2/products/${P.inactiveNoStock}/stock`, { items: [{ credential: 'one-too-many' }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.TOO_MANY_CREDENTIALS);
    assert.equal(r.body.limit, 10000);
    assert.equal((await listingState(sb, P.inactiveNoStock)).credentialCount, 10000);
  });

  it('refuses stock beyond 10000 per variant', async () => {
    for (let chunk = 0; chunk < 5; chunk++) {
      const items = Array.from({ length: 2000 }, (_, i) => ({ credential: `vcap-${chunk}-${i}` }));
      await v2.post(`/api/v2/products/${P.multiAuto}/stock`, { variantIndex: 2, items });
    }
    const r = await v2.post(`/api/v2/products/${P.multiAuto}/stock`, {
      variantIndex: 2,
      items: [{ credential: 'extra' }],
    });
    assert.equal(r.body.code, ERROR_CODES.TOO_MANY_CREDENTIALS);
    const other = await v2.post(`/api/v2/products/${P.multiAuto}/stock`, {
      variantIndex: 1,
      items: [{ credential: 'extra' }],
    });
    assert.equal(other.status, 200, 'another variant has its own 10000');
  });

  it('refuses a creation with more than 10000 credentials across variants (TOO_MANY_CREDENTIALS, limit)', async () => {
    const block = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join('\n');
    const r = await v2.post(
      '/api/v2/products',
      listingBody({
        price: undefined,
        variants: [
          { title: 'a', price: 1000, autoDeliveryItems: block(5000, 'a') },
          { title: 'b', price: 1000, autoDeliveryItems: block(5001, 'b') },
        ],
      }),
    );
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.TOO_MANY_CREDENTIALS);
    assert.equal(r.body.limit, 10000);
    const ok = await v2.post(
      '/api/v2/products',
      listingBody({
        price: undefined,
        variants: [
          { title: 'a', price: 1000, autoDeliveryItems: block(5000, 'a') },
          { title: 'b', price: 1000, autoDeliveryItems: block(5000, 'b') },
        ],
      }),
    );
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.autoDeliveryStock, 10000);
  });

  it('refuses more than 100 auto-delivery variants in a creation as a validation error on variants', async () => {
    const r = await v2.post(
      '/api/v2/products',
      listingBody({ price: undefined, variants: variants(101, (i) => ({ autoDeliveryItems: `c${i}` })) }),
    );
    assertValidation(r, 'variants');
    const ok = await v2.post(
      '/api/v2/products',
      listingBody({
        price: undefined,
        variants: variants(100, (i) => ({ isAutoDelivery: true, autoDeliveryItems: `c${i}` })),
      }),
    );
    assert.equal(ok.status, 201);
  });

  it('refuses more than 1000000 characters of credentials text in a creation (field variants)', async () => {
    const big = 'y'.repeat(4000);
    const text = Array.from({ length: 250 }, () => big).join('\n'); // 1000249 characters
    const r = await v2.post('/api/v2/products', listingBody({ autoDeliveryContent: text }));
    assertValidation(r, 'variants');
  });

  it('checks title 5-200 and description 20-5000 characters on creation (A13)', async () => {
    assertValidation(await v2.post('/api/v2/products', listingBody({ title: 'abcd' })), 'title');
    assertValidation(await v2.post('/api/v2/products', listingBody({ title: 't'.repeat(201) })), 'title');
    assertValidation(await v2.post('/api/v2/products', listingBody({ description: 'too short' })), 'description');
    assertValidation(await v2.post('/api/v2/products', listingBody({ description: 'd'.repeat(5001) })), 'description');
    assert.equal(
      (await v2.post('/api/v2/products', listingBody({ title: 'abcde', description: 'd'.repeat(20) }))).status,
      201,
    );
  });

  it('takes at most 10 images', async () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.example/${i}.png`);
    assertValidation(await v2.post('/api/v2/products', listingBody({ imageUrls: urls(11) })), 'imageUrls');
    assert.equal((await v2.post('/api/v2/products', listingBody({ imageUrls: urls(10) }))).status, 201);
  });

  it('refuses a price below the game minPrice of the catalog (A13)', async () => {
    const games = (await v2.get('/api/v2/catalog/games')).body.data as { id: string; minPrice: number }[];
    const valorant = games.find((g) => g.id === 'valorant')!;
    assertValidation(await v2.post('/api/v2/products', listingBody({ price: valorant.minPrice - 1 })), 'price');
    assert.equal((await v2.post('/api/v2/products', listingBody({ price: valorant.minPrice }))).status, 201);
    assertValidation(
      await v2.post('/api/v2/products', listingBody({ price: undefined, variants: [{ title: 'cheap', price: 1 }] })),
      'variants[0].price',
    );
  });

  it('requires title, description, game, category, and price unless variants are given (A13)', async () => {
    for (const field of ['title', 'description', 'game', 'category', 'price']) {
      const body: Record<string, unknown> = listingBody();
      delete body[field];
      assertValidation(await v2.post('/api/v2/products', body), field);
    }
  });

  it('limits v1 listing creations to 50 per day with 429 DAILY_CREATION_LIMIT', async () => {
    for (let i = 0; i < 50; i++) {
      const r = await v1.post('/api/v1/products', { ...listingBody({ title: `v1 listing ${i}` }), price: 15 });
      assert.equal(r.status, 201);
    }
    const r = await v1.post('/api/v1/products', { ...listingBody(), price: 15 });
    assert.equal(r.status, 429);
    assert.equal(r.body.code, ERROR_CODES.DAILY_CREATION_LIMIT);
    assert.equal(r.body.success, false);
  });

  it('applies the v1 description and image limits on v1 creation', async () => {
    const base = { ...listingBody(), price: 15 };
    assertValidation(await v1.post('/api/v1/products', { ...base, description: 'short' }), 'description');
    assertValidation(await v1.post('/api/v1/products', { ...base, description: 'd'.repeat(5001) }), 'description');
    const urls = Array.from({ length: 11 }, (_, i) => `https://img.example/${i}.png`);
    assertValidation(await v1.post('/api/v1/products', { ...base, imageUrls: urls }), 'imageUrls');
  });

  it('applies the v1 listing limits on v1 creation (title, price ceiling, minimum 1.00)', async () => {
    const base = { ...listingBody(), price: 15 };
    assertValidation(await v1.post('/api/v1/products', { ...base, title: 'abc' }), 'title');
    assertValidation(await v1.post('/api/v1/products', { ...base, price: 1_000_000.01 }), 'price');
    assertValidation(await v1.post('/api/v1/products', { ...base, game: 'cs2', price: 0.99 }), 'price');
  });

  it('allows at most 5 active keys with 409 KEY_LIMIT', async () => {
    for (let i = 0; i < 3; i++)
      assert.equal((await v1.post('/api/api-keys', { name: `k${i}`, version: 'v1' })).status, 201);
    const r = await v1.post('/api/api-keys', { name: 'sixth', version: 'v1' });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.KEY_LIMIT);
  });

  it('refuses limit above 100 on lists with 400 (A2)', async () => {
    assertValidation(await v2.get('/api/v2/products?limit=101'), 'limit');
    const r = await v1.get('/api/v1/products?limit=101');
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'limit');
    assert.equal((await v2.get('/api/v2/products?limit=100')).status, 200);
  });

  it('checks ref format: 1-64 of letters, digits, dot, hyphen, underscore', async () => {
    assertValidation(
      await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'a', ref: 'has space' }] }),
      'items[0].ref',
    );
    assertValidation(
      await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'a', ref: 'r'.repeat(65) }] }),
      'items[0].ref',
    );
    assert.equal(
      (await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'a', ref: 'r'.repeat(64) }] }))
        .status,
      200,
    );
  });
});

describe('spec 8 defaults', () => {
  it('uses 30/min and 3000/day for v1, 60/min and 5000/day for v2 unless told otherwise', async () => {
    const d = await startDefault();
    try {
      const r1 = await new Client(d, d.keys.v1).get('/api/v1/games');
      assert.equal(r1.headers.get('x-ratelimit-limit'), '30');
      const u = await new Client(d, d.keys.v2).get('/api/v2/usage');
      assert.equal(u.headers.get('x-ratelimit-limit'), '60');
      assert.equal(u.body.data.minute.limit, 60);
      assert.equal(u.body.data.minute.remaining, 58);
      assert.equal(u.body.data.day.limit, 5000);
    } finally {
      await d.close();
    }
  });
});
