// issue 17: keep auto-delivery listings stocked. Everything through the built CLI against the
// sandbox: a sell burst drains a listing (product.out_of_stock at 0), `stock status` rows and
// exit 3, `stock refill` from a pool with its ledger (never an entry twice, exact after kill -9
// and after the pool is edited), `stock pool`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => { sb = await startTestSandbox(); });
after(async () => { await sb.close(); });

export const MARKER = 'ZZSECRETMARKER';

/** An approved, active auto-delivery listing holding `n` credentials (single, or one variant per count). */
export async function stockedListing(counts: number[] | number, tag: string): Promise<number> {
  const multiple = Array.isArray(counts);
  const res = await sb.api('POST', '/api/v2/products', {
    title: `E2E refill ${tag}`, description: 'Keys delivered automatically by the tests.', game: 'valorant', category: 'key',
    isAutoDelivery: true,
    ...(multiple ? { listingType: 'multiple', variants: counts.map((_, i) => ({ title: `Variant ${i}`, price: 500 + i, isAutoDelivery: true })) } : { price: 500 }),
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const id = res.body.data.id as number;
  const list = multiple ? counts : [counts];
  for (let v = 0; v < list.length; v++) {
    if (list[v] === 0) continue;
    const items = Array.from({ length: list[v]! }, (_, i) => ({ credential: `seed-${tag}-${v}-${i}-${MARKER}` }));
    const r = await sb.api('POST', `/api/v2/products/${id}/stock`, { ...(multiple ? { variantIndex: v } : {}), items });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await sb.control('POST', 'moderate', { productId: id, action: 'approve' });
  const on = await sb.api('PATCH', `/api/v2/products/${id}`, { isActive: true });
  assert.equal(on.status, 200, JSON.stringify(on.body));
  return id;
}

describe('sandbox sell burst (issue 17)', () => {
  let receiver: Server;
  const events: { event: string; data: any }[] = [];
  let waiters: (() => void)[] = [];
  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => { body += d; });
      req.on('end', () => {
        events.push(JSON.parse(body));
        res.end('ok');
        for (const w of waiters) w();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    await sb.control('POST', 'webhooks', { urls: [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`] });
  });
  after(async () => {
    await sb.control('POST', 'webhooks', { urls: [] });
    await new Promise((r) => receiver.close(r));
  });
  const count = (name: string, id: number) => events.filter((e) => e.event === name && e.data.productId === id).length;
  const waitFor = (ok: () => boolean) => new Promise<void>((resolve) => {
    const check = () => { if (ok()) resolve(); };
    waiters.push(check);
    check();
  });

  test('a burst drains the listing, stops at 0 in stock, and product.out_of_stock is emitted once', async () => {
    const id = await stockedListing(4, 'burst');
    const dirs = tempDirs();
    const r = await svc(['sandbox', 'sell', String(id), '--orders', '10', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).length, 4);
    assert.match(r.stderr, /4 of 10 sales made \(4 units\); stopped: only 0 in stock/);
    assert.equal((await sb.api('GET', `/api/v2/products/${id}`)).body.data.autoDeliveryStock, 0);
    await waitFor(() => count('product.out_of_stock', id) >= 1 && count('order.delivered', id) >= 4);
    assert.equal(count('product.out_of_stock', id), 1);
    assert.equal(count('order.delivered', id), 4);
    waiters = [];
  });
});

describe('stock status (issue 17)', () => {
  test('rows per listing and variant with held, sold in 7 days, days left, state; --fail-below exits 3 only when a row is marked', async () => {
    const a = await stockedListing(5, 'st-a');
    const b = await stockedListing([4, 0], 'st-b');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const sold = await svc(['sandbox', 'sell', String(a), '--orders', '3'], { env });
    assert.equal(sold.code, 0, sold.stderr);

    const r = await svc(['stock', 'status', String(a), String(b), '--below', '3', '-o', 'json', '--verbose'], { env });
    assert.equal(r.code, 0, r.stderr); // marked rows without --fail-below: still 0
    const rows = JSON.parse(r.stdout);
    assert.deepEqual(rows.map((x: any) => [x.listing, x.variant, x.held, x.sold, x.daysLeft, x.state, x.alert]), [
      [a, null, 2, 3, 4.6, 'active', true],
      [b, 0, 4, 0, null, 'active', false],
      [b, 1, 0, 0, 0, 'out of stock', true],
    ]);
    // few requests: one page of listings and one of sales, nothing per listing
    assert.match(r.stderr, /stock status: 2 requests \(1 page of listings, 1 page of sales/);
    assert.equal(r.stderr.match(/^svc: GET /gm)?.length, 2);

    const fail = await svc(['stock', 'status', String(a), String(b), '--below', '3', '--fail-below'], { env });
    assert.equal(fail.code, 3, fail.stderr);
    assert.match(fail.stderr, /2 of 3 rows marked \(fewer than 3 held\)/);
    const days = await svc(['stock', 'status', String(a), '--days', '5', '--fail-below', '--alerts', '-o', 'json'], { env });
    assert.equal(days.code, 3, days.stderr);
    assert.deepEqual(JSON.parse(days.stdout).map((x: any) => x.reasons), [['under 5 days']]);
    const fine = await svc(['stock', 'status', String(a), '--below', '2', '--days', '4', '--fail-below'], { env });
    assert.equal(fine.code, 0, fine.stderr);
    const usage = await svc(['stock', 'status', '--fail-below'], { env });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /needs a threshold/);
  });
});
