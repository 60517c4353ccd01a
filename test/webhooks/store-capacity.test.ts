// In process: the unconfirmed pool (slots, bytes, a share per sender) apart from the
// confirmed deliveries, what an entry keeps, and a store read line by line.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { forEachLine } from '../../src/webhooks/store-file.js';
import { smallFields } from '../../src/webhooks/store-records.js';
import { PoolFullError, SenderLimitedError, WebhookStore, webhooksDir } from '../../src/webhooks/store.js';
import { stateDir } from './helpers.js';

const post = (s: WebhookStore, id: number, from: string) =>
  s.accept({ key: `order.completed:order:${id}`, event: 'order.completed', orderId: id, from, targets: ['exec'] });

describe('webhook store capacity', () => {
  test('a sender past its share gets SenderLimitedError, others still get in; the pool full is PoolFullError; confirmed ones take no room', async () => {
    const s = WebhookStore.open(stateDir(), { pool: { unconfirmedPerAddress: 3, maxUnconfirmed: 5 } });
    for (let i = 0; i < 3; i++) assert.equal(await post(s, i, '10.0.0.1'), 'received');
    await assert.rejects(post(s, 3, '10.0.0.1'), SenderLimitedError);
    assert.equal(await post(s, 3, '10.0.0.1').catch(() => 'limited'), 'limited');
    assert.equal(await post(s, 10, '10.0.0.2'), 'received');
    assert.equal(await post(s, 11, '10.0.0.2'), 'received');
    await assert.rejects(post(s, 12, '10.0.0.3'), PoolFullError);
    // The service confirms one: it leaves the pool, and room is made.
    await s.markConfirmed('order.completed:order:10', { id: 10, type: 'sale', status: 'completed' });
    assert.equal(s.unconfirmed().count, 4);
    assert.equal(await post(s, 12, '10.0.0.3'), 'received');
    // Refused ones leave it too, and their sender's share with them.
    await s.refuse('order.completed:order:0', 'not found');
    assert.equal(s.unconfirmed('10.0.0.1').fromAddress, 2);
    assert.equal(await post(s, 4, '10.0.0.1'), 'received');
    // A catch-up's sale the service returned: recorded confirmed, outside the pool.
    assert.equal(
      await s.accept({
        key: 'order.delivered:order:77',
        event: 'order.delivered',
        orderId: 77,
        targets: ['exec'],
        order: { id: 77 },
      }),
      'received',
    );
    assert.equal(s.get('order.delivered:order:77')?.confirmed, true);
    assert.equal(s.unconfirmed().count, 5);
    s.close();
  });

  test('an unconfirmed entry keeps no body; what nothing confirms keeps small fields only', () => {
    const kept = smallFields({
      productId: 5,
      title: 'z'.repeat(10_000),
      nested: { a: 1 },
      list: [1, 2],
      deliveredItems: Array.from({ length: 500 }, (_, i) => ({ ref: `R${i}`, costCents: i, credential: 'x' })),
      ['k'.repeat(100)]: 1,
    });
    assert.equal((kept.title as string).length, 256);
    assert.equal(kept.nested, undefined);
    assert.equal(kept.list, undefined);
    assert.equal((kept.deliveredItems as unknown[]).length, 200);
    assert.deepEqual((kept.deliveredItems as unknown[])[1], { ref: 'R1', costCents: 1 });
    assert.ok(JSON.stringify(kept).length < 8_000);
  });

  test('records written by older versions (whole bodies) are read and cut to their small fields', () => {
    const dir = stateDir();
    const s0 = WebhookStore.open(dir);
    s0.close();
    const file = join(webhooksDir(dir), 'deliveries.jsonl');
    const body = JSON.stringify({
      event: 'product.created',
      timestamp: '2026-11-21T10:00:00.000Z',
      data: { productId: 9, title: 'w'.repeat(100_000) },
    });
    writeFileSync(
      file,
      `${JSON.stringify({ t: 'in', key: 'k', event: 'product.created', at: '2026-11-21T10:00:01.000Z', body, targets: ['exec'] })}\n`,
    );
    const s = WebhookStore.open(dir);
    const e = s.get('k')!;
    assert.equal(e.timestamp, '2026-11-21T10:00:00.000Z');
    assert.equal(e.data?.productId, 9);
    assert.equal(String(e.data?.title).length, 256);
    s.close();
    assert.ok(readFileSync(file, 'utf8').length < 1_000, 'the rewrite keeps no body');
  });

  test('lines over the limit are skipped unread; the others are read whole across chunk edges', () => {
    const file = join(stateDir(), 'lines.txt');
    const long = 'a'.repeat(3 * 1024 * 1024);
    writeFileSync(file, `first\n${long}\n${'b'.repeat(1024 * 1024 + 7)}\nlast`);
    const lines: string[] = [];
    const stats = forEachLine(file, 2 * 1024 * 1024, (l) => lines.push(l));
    assert.deepEqual(
      lines.map((l) => l.length),
      [5, 1024 * 1024 + 7, 4],
    );
    assert.equal(stats.oversized, 1);
  });
});
