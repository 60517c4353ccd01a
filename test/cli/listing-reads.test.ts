// The price guards (bulk-price --max-change, --floor) read the listings a file names the cheapest
// way (spec 8): the first page, then the pages left or one GET per listing not on it, whichever
// is fewer requests; a server that does not say how many pages it has is paged, as before.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ok, REST, results, runStubbed, StubRegistry, type Responder } from './httpmock.js';

const listing = (id: number) => ({
  id,
  title: `Listing ${id}`,
  price: 1000,
  game: 'cs2',
  category: 'key',
  variants: [],
});
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** A page of listings, with the pagination the service gives, or none. */
function page(items: number[], pagination?: { page: number; totalPages: number }): Responder {
  return () => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: items.map(listing),
      ...(pagination ? { pagination: { ...pagination, limit: 100, total: pagination.totalPages * 100 } } : {}),
    }),
  });
}

function prices(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-inproc-reads-')), 'prices.csv');
  writeFileSync(file, text);
  return file;
}

const send = (reg: StubRegistry, id: number) =>
  reg.register(REST('PATCH', '/api/v2/products/bulk-price'), results([{ id, status: 'ok' }]));

describe('the listings a price file names, read the cheapest way', () => {
  it('one row on 3 pages: the first page and that listing, not the other pages', async () => {
    const reg = new StubRegistry()
      .register(
        REST('GET', '/api/v2/products', { query: { page: '1' } }),
        page(ids(1, 100), { page: 1, totalPages: 3 }),
      )
      .register(REST('GET', '/api/v2/products/250'), ok(listing(250)));
    send(reg, 250);
    const r = await runStubbed(reg, ['products', 'bulk-price', prices('id,price\n250,11.00\n'), '--max-change', '50']);
    assert.equal(r.code, 0, r.stderr);
    reg.verify();
    assert.deepEqual(
      reg.calls.map((c) => `${c.method} ${c.path}`),
      ['GET /api/v2/products', 'GET /api/v2/products/250', 'PATCH /api/v2/products/bulk-price'],
    );
  });

  it('three rows past the first of 3 pages: the 2 pages left are fewer requests than 3 GETs', async () => {
    const reg = new StubRegistry()
      .register(
        REST('GET', '/api/v2/products', { query: { page: '1' } }),
        page(ids(1, 100), { page: 1, totalPages: 3 }),
      )
      .register(
        REST('GET', '/api/v2/products', { query: { page: '2' } }),
        page(ids(101, 100), { page: 2, totalPages: 3 }),
      )
      .register(
        REST('GET', '/api/v2/products', { query: { page: '3' } }),
        page(ids(201, 60), { page: 3, totalPages: 3 }),
      );
    reg.register(
      REST('PATCH', '/api/v2/products/bulk-price'),
      results([150, 250, 260].map((id) => ({ id, status: 'ok' }))),
    );
    const file = prices('id,price\n150,11.00\n250,11.00\n260,11.00\n');
    const r = await runStubbed(reg, ['products', 'bulk-price', file, '--max-change', '50']);
    assert.equal(r.code, 0, r.stderr);
    reg.verify();
    assert.equal(reg.calls.filter((c) => /\/products\/\d+$/.test(c.path)).length, 0);
  });

  it('no pagination on a full page: refused as an incomplete list, nothing sent (as before)', async () => {
    const reg = new StubRegistry().register(
      REST('GET', '/api/v2/products', { query: { page: '1' } }),
      page(ids(1, 100)),
    );
    const r = await runStubbed(reg, ['products', 'bulk-price', prices('id,price\n150,11.00\n'), '--max-change', '50']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /nothing was computed from a partial list/);
    reg.verify();
  });
});
