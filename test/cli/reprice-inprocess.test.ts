// products reprice in-process against the stub registry: the reads it makes (listings,
// catalog, sales) and no write under --dry-run; a rules file naming an unknown listing is exit 2
// after the reads and before any sale is read or any write is sent.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ok, REST, runStubbed, StubRegistry } from './httpmock.js';

function rulesFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-inproc-rules-')), 'rules.yaml');
  writeFileSync(file, text);
  return file;
}

const LISTINGS = [{ id: 7, title: 'Keys', price: 1000, game: 'cs2', category: 'key', variants: [] }];
const CATALOG = [{ id: 'cs2', name: 'Counter-Strike 2', minPrice: 100 }];
const SALE = {
  id: 1,
  type: 'sale',
  status: 'completed',
  price: 1000,
  fee: 120,
  productId: 7,
  createdAt: new Date().toISOString(),
  deliveredItems: [{ ref: 'K-1', costCents: 450 }],
};

describe('products reprice, in-process', () => {
  it('prices from the sale cost and the configured fee, and sends nothing under --dry-run', async () => {
    const reg = new StubRegistry()
      .register(REST('GET', '/api/v2/products'), ok(LISTINGS))
      .register(REST('GET', '/api/v2/catalog/games'), ok(CATALOG))
      // the sales come from the orders mirror, whose first sync reads every order,
      // after asking once which account the key is (svc decision "one identity").
      .register(REST('GET', '/api/v2/me'), ok({ accountId: 1, sellerId: 1 }))
      .register(REST('GET', '/api/v2/orders'), ok([SALE]));
    const file = rulesFile('fee: 12%\nrules:\n  - match: all\n    margin: 20%\n    round: whole\n');
    const r = await runStubbed(reg, ['products', 'reprice', '--rules', file, '--dry-run', '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    reg.verify();
    assert.ok(reg.calls.every((c) => c.method === 'GET'));
    const row = JSON.parse(r.stdout).rows[0];
    // 4,50 × 1.2 / 0.88 = 6,136… → 6,14 → whole 7,00; floor 4,50 / 0.88 = 5,12 (5,1136… up)
    assert.deepEqual([row.new, row.floor, row.cost, row.costBasis], [700, 512, 450, 'sales 1 (max)']);
  });

  it('an unknown listing in a rule: FILE:LINE, exit 2, no sale read, nothing sent', async () => {
    const reg = new StubRegistry()
      .register(REST('GET', '/api/v2/products'), ok(LISTINGS))
      .register(REST('GET', '/api/v2/catalog/games'), ok(CATALOG));
    const file = rulesFile(
      'fee: 12%\nrules:\n  - match: all\n    margin: 20%\n  - match: { listing: 8 }\n    margin: 5%\n',
    );
    const r = await runStubbed(reg, ['products', 'reprice', '--rules', file]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /rules\.yaml:5: unknown listing 8/);
    reg.verify();
    assert.equal(reg.calls.length, 2);
  });
});
