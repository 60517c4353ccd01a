// where the sandbox differed from the spec text, each point with the line it follows.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { Client, SEED_IDS, control, idemKey, listingBody, listingState, reset, start } from './helpers.js';

let sb: SandboxHandle;
let v2: Client;

describe('sandbox fidelity to the spec text', () => {
  before(async () => {
    sb = await start();
    v2 = new Client(sb, sb.keys.v2);
  });
  beforeEach(() => reset(sb));
  after(() => sb.close());

  // spec 4.1.2: "After an error the same stored error is returned; to retry with a corrected
  // body, use a new key."
  it('an invalid-JSON v2 write is stored under its key: the same key with a corrected body does not execute', async () => {
    const key = idemKey();
    const bad = await v2.call('POST', '/api/v2/products', undefined, {
      idem: key,
      rawBody: '{"title": "Fresh listing title",',
    });
    assert.equal(bad.status, 400);
    const again = await v2.call('POST', '/api/v2/products', undefined, {
      idem: key,
      rawBody: '{"title": "Fresh listing title",',
    });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body, bad.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const corrected = await v2.post('/api/v2/products', listingBody(), { idem: key });
    assert.notEqual(corrected.status, 201);
    assert.equal(corrected.body.code, ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
    const fresh = await v2.post('/api/v2/products', listingBody(), { idem: idemKey() });
    assert.equal(fresh.status, 201);
  });

  // spec 4.1.1: "Header Idempotency-Key is required: 16 to 255 characters from A-Za-z0-9_-";
  // spec 7.1: IDEMPOTENCY_KEY_INVALID is a header "outside the accepted format".
  it('an empty Idempotency-Key header is outside the accepted format: 400 IDEMPOTENCY_KEY_INVALID', async () => {
    const r = await v2.patch(
      `/api/v2/products/${SEED_IDS.products.inactiveNoStock}`,
      { price: 1900 },
      { idem: null, headers: { 'idempotency-key': '' } },
    );
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.IDEMPOTENCY_KEY_INVALID);
  });

  // spec 3: "approved, no stock | reactivation | | unchanged | 400 NO_STOCK"; 2.1 has no stock
  // field, so a single listing created without automatic delivery has none.
  it('a v2 listing created without automatic delivery has no stock: activating it is NO_STOCK', async () => {
    const created = await v2.post('/api/v2/products', listingBody({ isActive: false }));
    assert.equal(created.status, 201);
    assert.equal(created.body.data.stock, 0);
    await control(sb, 'POST', 'moderate', { productId: created.body.data.id, action: 'approve' });
    const r = await v2.patch(`/api/v2/products/${created.body.data.id}`, { isActive: true });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.NO_STOCK);
  });

  // spec 2.2: "index | integer | position of the variant in the listing, as returned by GET
  // /api/v2/products; used in the variants edit" (a field of the variant).
  it('variants[i].index in a create body is accepted (a variants list copied from a GET answer)', async () => {
    const r = await v2.post(
      '/api/v2/products',
      listingBody({
        price: undefined,
        listingType: 'multiple',
        variants: [
          { index: 0, title: 'Bronze', price: 1500, stock: 3 },
          { index: 1, title: 'Silver', price: 2500, stock: 1 },
        ],
      }),
    );
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(
      r.body.data.variants.map((v: any) => [v.index, v.title]),
      [
        [0, 'Bronze'],
        [1, 'Silver'],
      ],
    );
  });

  // spec 8: "rate headers on every v2 response | X-RateLimit-Limit, X-RateLimit-Remaining,
  // X-RateLimit-Reset, Retry-After" (A8: errors included).
  for (const [what, key] of [
    ['no key', null],
    ['an unknown key', 'svc_v2_sk_unknownunknownunknown0'],
  ] as const) {
    it(`a v2 401 (${what}) carries the four rate headers`, async () => {
      const r = await v2.get('/api/v2/me', { key });
      assert.equal(r.status, 401);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
        assert.match(r.headers.get(h) ?? '', /^\d+$/, h);
      }
    });
  }
});

// cli-spec 5 `--data FILE`: the state is written to a temporary file and renamed; the temporary
// file is created exclusively, never through a link planted at its path.
describe('sandbox --data writes its temporary file exclusively', () => {
  it('a symlink planted at the temporary path is not followed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-data-'));
    const file = join(dir, 'state.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    const s = await start({ dataFile: file });
    await new Client(s, s.keys.v2).post('/api/v2/products', listingBody());
    await s.close(); // flushes the state
    assert.equal(readFileSync(victim, 'utf8'), 'untouched');
    assert.ok(existsSync(file));
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).version, 2);
  });
});

// The bulk routes find each item by id (`ownListing` once scanned every listing).
describe('sandbox ownListing is indexed by id', () => {
  it("finds listings made after the index was built, and never another seller's", async () => {
    const s = await start();
    try {
      const c = new Client(s, s.keys.v2);
      const { ids } = (await control(s, 'POST', 'listings', { count: 3, stock: 5 })).body.data;
      const r1 = await c.patch('/api/v2/products/bulk-price', { items: [{ id: ids[0], price: 1111 }] });
      assert.equal(r1.body.results[0].status, 'ok');
      const { ids: more } = (await control(s, 'POST', 'listings', { count: 2, stock: 5 })).body.data;
      const r2 = await c.patch('/api/v2/products/bulk-price', {
        items: [
          { id: more[1], price: 2222 },
          { id: SEED_IDS.products.other, price: 3333 },
        ],
      });
      assert.equal(r2.body.results[0].status, 'ok');
      assert.equal(r2.body.results[1].status, 'failed');
      assert.equal((await listingState(s, more[1])).price, 2222);
    } finally {
      await s.close();
    }
  });
});
