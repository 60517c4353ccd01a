// Spec 3 (listing states and transitions) with the readings of A13, row by row, through
// PATCH /products/:id, bulk-status and the Offline Mode switch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES, NO_CHANGES_MESSAGE } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { type Client, SEED_IDS, control, listingState, reset, useSandbox } from './helpers.js';

const P = SEED_IDS.products;
let sb: SandboxHandle;
let v2: Client;

const patch = (id: number, body: unknown) => v2.patch(`/api/v2/products/${id}`, body);
const bulkStatus = (items: { id: number; isActive: boolean }[]) => v2.patch('/api/v2/products/bulk-status', { items });

describe('listing states (spec 3, A13)', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  for (const field of ['title', 'description', 'warrantyPeriod', 'deliveryTime'] as const) {
    it(`sends the listing to review (em_analise) on a real change of ${field}`, async () => {
      const value = {
        title: 'A brand new title',
        description: 'A brand new description for it.',
        warrantyPeriod: 60,
        deliveryTime: '48h',
      }[field];
      const r = await patch(P.activeManual, { [field]: value });
      assert.equal(r.status, 200);
      assert.equal(r.body.data.status, 'em_analise');
      assert.equal(r.body.message, undefined);
      assert.equal((await listingState(sb, P.activeManual)).status, 'em_analise');
    });
  }

  it('treats a value equal to the current one as no change: 200 "No changes applied", nothing stored', async () => {
    const before = await listingState(sb, P.activeManual);
    const r = await patch(P.activeManual, {
      title: before.title,
      description: before.description,
      warrantyPeriod: 30,
      deliveryTime: '24h',
      isActive: true,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.message, NO_CHANGES_MESSAGE);
    assert.equal(r.body.data.status, 'approved');
    const after = await listingState(sb, P.activeManual);
    assert.equal(after.updatedAt, before.updatedAt);
  });

  it('answers "No changes applied" to an empty PATCH', async () => {
    const r = await patch(P.activeManual, {});
    assert.equal(r.status, 200);
    assert.equal(r.body.message, NO_CHANGES_MESSAGE);
  });

  it('answers an unchanged price alone with 200 and no message (A13)', async () => {
    const r = await patch(P.activeManual, { price: 25000 });
    assert.equal(r.status, 200);
    assert.equal(r.body.message, undefined);
    assert.equal(r.body.data.price, 25000);
  });

  it('changes the price without sending the listing to review', async () => {
    const r = await patch(P.activeManual, { price: 26000 });
    assert.equal(r.body.data.price, 26000);
    assert.equal(r.body.data.effectivePrice, 26000);
    assert.equal(r.body.data.status, 'approved');
  });

  it('ignores warrantyPeriod on a listing whose category is not account (A13)', async () => {
    const r = await patch(P.inactiveWithStock, { warrantyPeriod: 90 });
    assert.equal(r.status, 200);
    assert.equal(r.body.message, NO_CHANGES_MESSAGE);
    assert.equal(r.body.data.status, 'approved');
    assert.equal((await listingState(sb, P.inactiveWithStock)).warrantyPeriod, undefined);
  });

  it('activates an approved inactive listing that has stock', async () => {
    const r = await patch(P.inactiveWithStock, { isActive: true });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.isActive, true);
    assert.equal(r.body.data.status, 'approved');
  });

  it('refuses to activate a listing that is not approved with 400 NOT_APPROVED', async () => {
    for (const id of [P.underReview, P.rejected]) {
      const r = await patch(id, { isActive: true });
      assert.equal(r.status, 400);
      assert.equal(r.body.code, ERROR_CODES.NOT_APPROVED);
      assert.equal((await listingState(sb, id)).isActive, false);
    }
  });

  it('refuses to activate an approved listing without stock with 400 NO_STOCK', async () => {
    const r = await patch(P.inactiveNoStock, { isActive: true });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.NO_STOCK);
  });

  it('counts credentials held as stock (A13)', async () => {
    await v2.post(`/api/v2/products/${P.inactiveNoStock}/stock`, { items: [{ credential: 'c-1' }] });
    const r = await patch(P.inactiveNoStock, { isActive: true });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.isActive, true);
  });

  it('refuses to activate a listing paused by Offline Mode with 409 OFFLINE_PAUSED', async () => {
    const r = await patch(P.offlinePaused, { isActive: true });
    assert.equal(r.status, 409);
    assert.equal(r.body.code, ERROR_CODES.OFFLINE_PAUSED);
  });

  it('refuses any edit of a taken-down listing with 410 LISTING_TAKEN_DOWN', async () => {
    for (const body of [{ isActive: true }, { price: 700 }, { title: 'Another title' }, {}]) {
      const r = await patch(P.takenDown, body);
      assert.equal(r.status, 410, JSON.stringify(body));
      assert.equal(r.body.code, ERROR_CODES.LISTING_TAKEN_DOWN);
    }
  });

  it('refuses any edit of a permanently rejected listing with 410 LISTING_PERMANENTLY_REJECTED', async () => {
    for (const body of [{ isActive: true }, { description: 'A resubmission with another description.' }]) {
      const r = await patch(P.permanentlyRejected, body);
      assert.equal(r.status, 410);
      assert.equal(r.body.code, ERROR_CODES.LISTING_PERMANENTLY_REJECTED);
    }
  });

  it('checks in the A13 order: not approved before Offline Mode before no stock', async () => {
    // Paused by Offline Mode and under review: NOT_APPROVED wins.
    await control(sb, 'POST', 'moderate', { productId: P.offlinePaused, action: 'reject' });
    const l = await listingState(sb, P.offlinePaused);
    assert.equal(l.status, 'rejected');
    assert.equal((await patch(P.offlinePaused, { isActive: true })).body.code, ERROR_CODES.NOT_APPROVED);
    // Paused and without stock: OFFLINE_PAUSED wins over NO_STOCK.
    await reset(sb);
    assert.equal((await control(sb, 'POST', 'purchase', { productId: P.singleAuto, quantity: 3 })).status, 201);
    await control(sb, 'POST', 'offline', { on: true });
    const st = await listingState(sb, P.singleAuto);
    assert.equal(st.pausedByOfflineMode, true);
    assert.equal(st.credentialCount, 0);
    assert.equal((await patch(P.singleAuto, { isActive: true })).body.code, ERROR_CODES.OFFLINE_PAUSED);
  });

  it('deactivates an active listing', async () => {
    const r = await patch(P.activeManual, { isActive: false });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.isActive, false);
    assert.equal(r.body.data.status, 'approved');
  });

  it('pauses every active listing when Offline Mode turns on', async () => {
    const r = await control(sb, 'POST', 'offline', { on: true });
    assert.equal(r.status, 200);
    for (const id of [P.activeManual, P.multiAuto, P.singleAuto]) {
      const l = await listingState(sb, id);
      assert.equal(l.isActive, false);
      assert.equal(l.pausedByOfflineMode, true);
    }
    assert.equal((await listingState(sb, P.inactiveWithStock)).pausedByOfflineMode, false);
  });

  it('reactivates at once every listing Offline Mode paused when it turns off', async () => {
    await control(sb, 'POST', 'offline', { on: true });
    await control(sb, 'POST', 'offline', { on: false });
    for (const id of [P.activeManual, P.multiAuto, P.offlinePaused]) {
      const l = await listingState(sb, id);
      assert.equal(l.isActive, true, String(id));
      assert.equal(l.pausedByOfflineMode, false);
    }
    assert.equal((await listingState(sb, P.inactiveWithStock)).isActive, false);
  });

  it('refuses a price on a listing with variants with 400 HAS_VARIANTS', async () => {
    const r = await patch(P.multiAuto, { price: 1100 });
    assert.equal(r.status, 400);
    assert.equal(r.body.code, ERROR_CODES.HAS_VARIANTS);
  });

  it('gives the cheapest variant price as the effective price', async () => {
    const r = await v2.get(`/api/v2/products/${P.multiAuto}`);
    assert.equal(r.body.data.effectivePrice, 1000);
    await v2.patch(`/api/v2/products/${P.multiAuto}/variants`, { items: [{ index: 0, price: 2000 }] });
    assert.equal((await v2.get(`/api/v2/products/${P.multiAuto}`)).body.data.effectivePrice, 1900);
  });
});

describe('bulk-status (spec 4.2, 7.2, A6)', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  it('answers 200 with per-item results in request order, refusals as failed with lowercase error', async () => {
    const r = await bulkStatus([
      { id: P.inactiveWithStock, isActive: true },
      { id: P.inactiveNoStock, isActive: true },
      { id: P.underReview, isActive: true },
      { id: P.offlinePaused, isActive: true },
      { id: P.takenDown, isActive: true },
      { id: P.permanentlyRejected, isActive: true },
      { id: P.activeManual, isActive: true },
      { id: P.multiAuto, isActive: false },
    ]);
    assert.equal(r.status, 200);
    const summary = r.body.results.map((x: { id: number; status: string; code?: string; error?: string }) => [
      x.id,
      x.status,
      x.code,
      x.error,
    ]);
    assert.deepEqual(summary, [
      [P.inactiveWithStock, 'ok', undefined, undefined],
      [P.inactiveNoStock, 'failed', 'NO_STOCK', 'no_stock'],
      [P.underReview, 'failed', 'NOT_APPROVED', 'not_approved'],
      [P.offlinePaused, 'failed', 'OFFLINE_PAUSED', 'offline_paused'],
      [P.takenDown, 'failed', 'LISTING_TAKEN_DOWN', 'listing_taken_down'],
      [P.permanentlyRejected, 'failed', 'LISTING_PERMANENTLY_REJECTED', 'listing_permanently_rejected'],
      [P.activeManual, 'unchanged', undefined, undefined],
      [P.multiAuto, 'ok', undefined, undefined],
    ]);
    for (const x of r.body.results.filter((y: { status: string }) => y.status === 'failed'))
      assert.equal(typeof x.message, 'string');
    assert.equal((await listingState(sb, P.inactiveWithStock)).isActive, true);
    assert.equal((await listingState(sb, P.multiAuto)).isActive, false);
    assert.equal((await listingState(sb, P.inactiveNoStock)).isActive, false);
  });

  it("answers NOT_FOUND per item for an unknown id or another seller's listing", async () => {
    const r = await bulkStatus([
      { id: 424242, isActive: true },
      { id: P.other, isActive: false },
    ]);
    assert.deepEqual(
      r.body.results.map((x: { code: string }) => x.code),
      ['NOT_FOUND', 'NOT_FOUND'],
    );
    assert.equal((await listingState(sb, P.other)).isActive, true);
  });
});
