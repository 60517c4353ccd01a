// Listings, stock, variants and bulk-price (spec 2, 4.2, A2, A4, A6, A7, A13, A14).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, VALIDATION_ERROR } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { type Client, SEED_IDS, control, listingBody, listingState, useSandbox } from './helpers.js';

const P = SEED_IDS.products;
let sb: SandboxHandle;
let v2: Client;
const stock = (id: number, body: unknown) => v2.post(`/api/v2/products/${id}/stock`, body);

describe('products (spec 4.2, A2, A4)', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  it("lists only the caller's listings with variants and their prices", async () => {
    const r = await v2.get('/api/v2/products?limit=100');
    const ids = r.body.data.map((l: { id: number }) => l.id);
    assert.ok(!ids.includes(P.other));
    assert.equal(r.body.pagination.total, 11);
    const multi = r.body.data.find((l: { id: number }) => l.id === P.multiAuto);
    assert.deepEqual(
      multi.variants.map((v: { index: number; price: number }) => [v.index, v.price]),
      [
        [0, 1000],
        [1, 1900],
        [2, 4500],
      ],
    );
  });

  it('paginates with page and limit (A2)', async () => {
    const r = await v2.get('/api/v2/products?page=2&limit=4');
    assert.deepEqual(r.body.pagination, { page: 2, limit: 4, total: 11, totalPages: 3 });
    assert.equal(r.body.data.length, 4);
    assert.equal(r.body.data[0].id, P.rejected);
  });

  for (const [status, expected] of [
    ['active', [P.activeManual, P.multiAuto, P.multiManual, P.singleAuto]],
    [
      'inactive',
      [
        P.inactiveWithStock,
        P.inactiveNoStock,
        P.underReview,
        P.rejected,
        P.takenDown,
        P.permanentlyRejected,
        P.offlinePaused,
      ],
    ],
    ['em_analise', [P.underReview]],
    ['rejected', [P.rejected]],
    ['taken_down', [P.takenDown]],
    ['permanently_rejected', [P.permanentlyRejected]],
  ] as const) {
    it(`filters products by status=${status}`, async () => {
      const r = await v2.get(`/api/v2/products?status=${status}&limit=100`);
      assert.deepEqual(
        r.body.data.map((l: { id: number }) => l.id),
        expected,
      );
    });
  }

  it('filters products by game and by q in the title', async () => {
    assert.deepEqual(
      (await v2.get('/api/v2/products?game=cs2')).body.data.map((l: { id: number }) => l.id),
      [P.singleAuto],
    );
    assert.deepEqual(
      (await v2.get('/api/v2/products?q=VANDAL')).body.data.map((l: { id: number }) => l.id),
      [P.inactiveWithStock],
    );
  });

  it('refuses an unknown status filter with 400 naming status', async () => {
    const r = await v2.get('/api/v2/products?status=sleeping');
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'status');
  });

  it("answers 404 for another seller's listing and an unknown id", async () => {
    assert.equal((await v2.get(`/api/v2/products/${P.other}`)).status, 404);
    assert.equal((await v2.get('/api/v2/products/424242')).status, 404);
    assert.equal((await v2.get('/api/v2/products/abc')).status, 404);
  });

  it('shows base and effective price, stock counts and no credential', async () => {
    const r = await v2.get(`/api/v2/products/${P.singleAuto}`);
    assert.equal(r.body.data.price, 800);
    assert.equal(r.body.data.effectivePrice, 800);
    assert.equal(r.body.data.autoDeliveryStock, 3);
    assert.ok(!JSON.stringify(r.body).includes('cs2-prime-1'));
  });

  it('creates a single listing under review with 201 (A5)', async () => {
    const r = await v2.post('/api/v2/products', listingBody({ warrantyPeriod: 10 }));
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status, 'em_analise');
    assert.equal(r.body.data.listingType, 'single');
    assert.equal(r.body.data.warrantyPeriod, undefined, 'warranty ignored outside category account');
    const got = await v2.get(`/api/v2/products/${r.body.data.id}`);
    assert.equal(got.body.data.title, 'Fresh listing title');
  });

  it('creates a multi-variant listing with credentials split by autoDeliverySeparator', async () => {
    const r = await v2.post(
      '/api/v2/products',
      listingBody({
        price: undefined,
        category: 'account',
        warrantyPeriod: 7,
        autoDeliverySeparator: '---',
        variants: [
          { title: 'A', price: 1200, autoDeliveryItems: 'a1---a2---a3' },
          { title: 'B', price: 900, stock: 4 },
        ],
      }),
    );
    assert.equal(r.status, 201);
    assert.equal(r.body.data.listingType, 'multiple');
    assert.equal(r.body.data.warrantyPeriod, 7);
    assert.deepEqual(
      r.body.data.variants.map((v: { autoDeliveryStock: number; isAutoDelivery: boolean; stock: number }) => [
        v.autoDeliveryStock,
        v.isAutoDelivery,
        v.stock,
      ]),
      [
        [3, true, 0],
        [0, false, 4],
      ],
    );
    assert.equal(r.body.data.effectivePrice, 900);
  });

  it('refuses a multiple listing without variants (field variants)', async () => {
    const r = await v2.post('/api/v2/products', listingBody({ listingType: 'multiple' }));
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'variants');
  });

  it('refuses an unknown game (field game)', async () => {
    const r = await v2.post('/api/v2/products', listingBody({ game: 'tetris' }));
    assert.equal(r.body.error, VALIDATION_ERROR);
    assert.equal(r.body.field, 'game');
  });
});

describe('stock add (spec 2.3, A7, A13)', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  it('adds items and answers {added, duplicates, total}', async () => {
    const r = await stock(P.singleAuto, {
      items: [{ credential: 'n1', ref: 'N-1', costCents: 120 }, { credential: 'n2' }],
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { data: { added: 2, duplicates: 0, total: 5 } });
    const st = await listingState(sb, P.singleAuto);
    assert.deepEqual(st.credentialRefs, ['CS2-1', null, null, 'N-1', null]);
  });

  it('skips duplicates against held credentials and the request itself by default', async () => {
    const r = await stock(P.singleAuto, {
      items: [{ credential: 'cs2-prime-1:pw1' }, { credential: 'new' }, { credential: 'new' }],
    });
    assert.deepEqual(r.body.data, { added: 1, duplicates: 2, total: 4 });
  });

  it('adds duplicates with dedupeMode none', async () => {
    const r = await stock(P.singleAuto, {
      items: [{ credential: 'cs2-prime-1:pw1' }, { credential: 'new' }, { credential: 'new' }],
      dedupeMode: 'none',
    });
    assert.deepEqual(r.body.data, { added: 3, duplicates: 0, total: 6 });
  });

  it('splits credentialsText on "\\n" by default and on a given separator', async () => {
    assert.deepEqual((await stock(P.singleAuto, { credentialsText: 'l1\nl2\nl3\n' })).body.data, {
      added: 3,
      duplicates: 0,
      total: 6,
    });
    assert.deepEqual((await stock(P.singleAuto, { credentialsText: 'm1\nline2---m2', separator: '---' })).body.data, {
      added: 2,
      duplicates: 0,
      total: 8,
    });
  });

  it('requires exactly one of items and credentialsText', async () => {
    assert.equal((await stock(P.singleAuto, {})).status, 400);
    assert.equal((await stock(P.singleAuto, { items: [{ credential: 'a' }], credentialsText: 'b' })).status, 400);
  });

  it('requires variantIndex on a multiple listing', async () => {
    const r = await stock(P.multiAuto, { items: [{ credential: 'x' }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'variantIndex');
  });

  it('adds to the chosen variant and counts per variant', async () => {
    const r = await stock(P.multiAuto, {
      variantIndex: 1,
      items: [{ credential: 'v1-new', ref: 'VP2K-9', costCents: 1500 }],
    });
    assert.deepEqual(r.body.data, { added: 1, duplicates: 0, total: 3 });
    assert.equal((await listingState(sb, P.multiAuto)).variants[1].credentialCount, 3);
  });

  it('refuses an unknown variant index', async () => {
    const r = await stock(P.multiAuto, { variantIndex: 9, items: [{ credential: 'x' }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.VARIANT_NOT_FOUND);
  });

  it('takes variantIndex 0 or none on a single listing, refuses others', async () => {
    assert.equal((await stock(P.singleAuto, { variantIndex: 0, items: [{ credential: 'zero' }] })).status, 200);
    const r = await stock(P.singleAuto, { variantIndex: 1, items: [{ credential: 'one' }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.field, 'variantIndex');
  });

  it('refuses stock on taken-down and permanently rejected listings with the 410s', async () => {
    assert.equal(
      (await stock(P.takenDown, { items: [{ credential: 'x' }] })).body.code,
      ERROR_CODES.LISTING_TAKEN_DOWN,
    );
    const r = await stock(P.permanentlyRejected, { items: [{ credential: 'x' }] });
    assert.equal(r.status, 410);
    assert.equal(r.body.code, ERROR_CODES.LISTING_PERMANENTLY_REJECTED);
  });

  it("answers 404 for another seller's listing", async () => {
    assert.equal((await stock(P.other, { items: [{ credential: 'x' }] })).status, 404);
  });
});

describe('variants edit and bulk-price (spec 4.2, A6, A14)', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  it('edits variant price and stock with per-item results by index', async () => {
    const r = await v2.patch(`/api/v2/products/${P.multiManual}/variants`, {
      items: [
        { index: 1, price: 2600, stock: 3 },
        { index: 7, price: 2000 },
        { index: 0, price: 1500 },
      ],
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.results.map((x: { index: number; status: string; code?: string }) => [x.index, x.status, x.code]),
      [
        [1, 'ok', undefined],
        [7, 'failed', 'VARIANT_NOT_FOUND'],
        [0, 'unchanged', undefined],
      ],
    );
    assert.equal(r.body.results[1].error, 'variant_not_found');
    const st = await listingState(sb, P.multiManual);
    assert.deepEqual([st.variants[1].price, st.variants[1].stock], [2600, 3]);
  });

  it('refuses the variants route on a single listing with 400 LISTING_NOT_DYNAMIC', async () => {
    const r = await v2.patch(`/api/v2/products/${P.activeManual}/variants`, { items: [{ index: 0, price: 2000 }] });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.LISTING_NOT_DYNAMIC);
  });

  it('refuses the variants route on a taken-down listing with 410', async () => {
    await control(sb, 'POST', 'moderate', { productId: P.multiManual, action: 'take_down' });
    const r = await v2.patch(`/api/v2/products/${P.multiManual}/variants`, { items: [{ index: 0, price: 2000 }] });
    assert.equal(r.status, 410);
    assert.equal(r.body.code, ERROR_CODES.LISTING_TAKEN_DOWN);
  });

  it('bulk-price answers per item: ok, unchanged, HAS_VARIANTS, NOT_FOUND, the 410s', async () => {
    const r = await v2.patch('/api/v2/products/bulk-price', {
      items: [
        { id: P.activeManual, price: 24000 },
        { id: P.inactiveWithStock, price: 1500 },
        { id: P.multiAuto, price: 1100 },
        { id: P.other, price: 3000 },
        { id: 424242, price: 3000 },
        { id: P.takenDown, price: 700 },
      ],
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.results.map((x: { id: number; status: string; code?: string }) => [x.id, x.status, x.code]),
      [
        [P.activeManual, 'ok', undefined],
        [P.inactiveWithStock, 'unchanged', undefined],
        [P.multiAuto, 'failed', 'HAS_VARIANTS'],
        [P.other, 'failed', 'NOT_FOUND'],
        [424242, 'failed', 'NOT_FOUND'],
        [P.takenDown, 'failed', 'LISTING_TAKEN_DOWN'],
      ],
    );
    assert.equal((await listingState(sb, P.activeManual)).price, 24000);
    assert.equal((await listingState(sb, P.activeManual)).status, 'approved', 'a price change is no review');
    assert.equal((await listingState(sb, P.other)).price, 2000);
  });
});
