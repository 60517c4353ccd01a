// Verbs run in-process through main(argv, { transport }) against a stub registry (httpmock.ts):
// no process, no sandbox, every request asserted, every stub required to be used.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ok, REST, results, runStubbed, StubRegistry, V2_KEY } from './httpmock.js';

function csv(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-inproc-csv-'));
  const file = join(dir, 'prices.csv');
  writeFileSync(file, text);
  return file;
}

const items = (body: unknown) => (body as { items: unknown[] }).items;
const USAGE = {
  minute: { limit: 60, remaining: 60, reset: 1_900_000_000 },
  day: { limit: 10_000, remaining: 10_000, reset: 1_900_000_000 },
};

describe('products bulk-price, in-process', () => {
  it('sends the plain rows in one bulk-price request and the variant rows per listing, keyed, and reports each row', async () => {
    const reg = new StubRegistry()
      .register(
        REST('PATCH', '/api/v2/products/bulk-price', {
          body: (b) =>
            JSON.stringify(items(b)) ===
            JSON.stringify([
              { id: 101, price: 1990 },
              { id: 102, price: 500 },
            ]),
        }),
        results([
          { id: 101, status: 'ok' },
          { id: 102, status: 'unchanged' },
        ]),
      )
      .register(
        REST('PATCH', '/api/v2/products/105/variants', {
          body: (b) => JSON.stringify(items(b)) === JSON.stringify([{ index: 1, price: 2500 }]),
        }),
        results([{ index: 1, status: 'ok' }]),
      );
    const file = csv('id,price,variant\n101,19.90,\n102,5.00,\n105,25.00,1\n');
    const r = await runStubbed(reg, ['products', 'bulk-price', file, '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    reg.verify();
    assert.equal(reg.calls.length, 2);
    for (const c of reg.calls) {
      assert.match(c.headers['idempotency-key'] ?? '', /\S{8,}/, 'a write carries its journaled key');
      assert.equal(c.headers['x-api-key'], V2_KEY);
    }
    assert.notEqual(
      reg.calls[0]!.headers['idempotency-key'],
      reg.calls[1]!.headers['idempotency-key'],
      'one key per chunk',
    );
    const out = JSON.parse(r.stdout) as { line: number; status: string; id: number; variant?: number }[];
    assert.deepEqual(
      out.map((i) => [i.line, i.id, i.variant, i.status]),
      [
        [2, 101, undefined, 'ok'],
        [3, 102, undefined, 'unchanged'],
        [4, 105, 1, 'ok'],
      ],
    );
    assert.equal(readdirSync(join(r.env.SVC_STATE_DIR!, 'jobs')).length > 0, true, 'the job was journaled');
  });

  it('--dry-run sends nothing: a stub registered for the write stays unused and verify() fails', async () => {
    const reg = new StubRegistry()
      .register(REST('GET', '/api/v2/usage'), ok(USAGE)) // the plan's time estimate reads the live budget
      .register(REST('PATCH', '/api/v2/products/bulk-price'), results([{ id: 101, status: 'ok' }]));
    const r = await runStubbed(reg, ['products', 'bulk-price', csv('id,price\n101,19.90\n'), '--dry-run']);
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /dry run: nothing sent/);
    assert.deepEqual(
      reg.calls.map((c) => `${c.method} ${c.path}`),
      ['GET /api/v2/usage'],
    );
    assert.throws(() => reg.verify(), /PATCH \/api\/v2\/products\/bulk-price \(used 0 of 1\)/);
  });

  it('a bad file is refused before any request (an unregistered request would fail verify())', async () => {
    const reg = new StubRegistry();
    const r = await runStubbed(reg, ['products', 'bulk-price', csv('id,price\n101,-5\n')]);
    reg.verify();
    assert.equal(r.code, 2);
    assert.match(r.stderr, /prices\.csv:2: /);
  });
});

describe('the stub registry itself', () => {
  it('fails on a request no stub matches, even when the verb survives it', async () => {
    const reg = new StubRegistry();
    const r = await runStubbed(reg, ['products', 'get', '42']);
    assert.notEqual(r.code, 0);
    assert.throws(() => reg.verify(), /GET \/api\/v2\/products\/42/);
  });
});

describe('reads, in-process', () => {
  it('products list passes the filters as query parameters and prints the rows', async () => {
    const reg = new StubRegistry().register(
      REST('GET', '/api/v2/products', { query: { status: 'active', q: 'skin' } }),
      ok([{ id: 101, title: 'Prime Vandal', price: 1990, status: 'active', isActive: true }]),
    );
    const r = await runStubbed(reg, ['products', 'list', '--status', 'active', '--query', 'skin', '-o', 'csv']);
    reg.verify();
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^id,/);
    assert.match(r.stdout, /^101,Prime Vandal,active,yes,1990,/m);
  });

  it('orders get by code looks the order up and prints its profit', async () => {
    const reg = new StubRegistry().register(
      REST('GET', '/api/v2/orders/ORD-5001'),
      ok({
        id: 5001,
        orderCode: 'ORD-5001',
        type: 'sale',
        status: 'delivered',
        price: 2000,
        fee: 200,
        deliveredItems: [{ credential: 'never-printed', ref: 'batch-7', costCents: 500 }],
      }),
    );
    const r = await runStubbed(reg, ['orders', 'get', 'ORD-5001', '--json']);
    reg.verify();
    assert.equal(r.code, 0, r.stderr);
    const order = JSON.parse(r.stdout) as { id: number };
    assert.equal(order.id, 5001);
  });

  it('orders get with an option value zod refuses is exit 2, nothing sent', async () => {
    const reg = new StubRegistry();
    const r = await runStubbed(reg, ['orders', 'list', '--limit', 'zero']);
    reg.verify();
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--limit must be a number, got "zero"/);
    assert.match(r.stderr, /svc orders list --help/);
  });
});

describe('stock add --dry-run, in-process', () => {
  it('reads the listing, validates the file, plans, and sends no credential', async () => {
    const reg = new StubRegistry()
      .register(
        REST('GET', '/api/v2/products/42'),
        ok({ id: 42, title: 'Keys', price: 500, isAutoDelivery: true, listingType: 'single', autoDeliveryStock: 0 }),
      )
      .register(REST('GET', '/api/v2/usage'), ok(USAGE));
    const file = csv('');
    writeFileSync(file, 'KEY-AAAA-1\nKEY-BBBB-2\nKEY-CCCC-3\n');
    const r = await runStubbed(reg, ['stock', 'add', '42', '--file', file, '--format', 'lines', '--dry-run']);
    reg.verify();
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      reg.calls.every((c) => c.method === 'GET'),
      'a dry run only reads',
    );
    assert.doesNotMatch(r.stdout + r.stderr, /KEY-AAAA-1/);
    assert.match(r.stdout + r.stderr, /3 /);
  });
});
