// `svc sandbox --data FILE` with a large state (100,000 orders) under reads: a read never
// saves the data file (each GET used to serialise the whole state, and the heap ran out), a
// write does, and what reads changed (the key's usage history, A14) is saved at close.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadData } from '../../src/sandbox/persist.js';
import { Client, start } from '../sandbox/helpers.js';

test('reads never write the data file, even with 100,000 orders; a write does; usage saved at close', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-sb-data-')), 'state.json');
  const fresh = await start({ dataFile: file });
  const keys = fresh.keys;
  await fresh.close();
  // 100,000 orders: the seed's first order copied with new ids
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const model = data.orders[0];
  assert.ok(model, 'the seed has an order');
  const maxId = Math.max(...data.orders.map((o: { id: number }) => o.id));
  for (let i = 1; data.orders.length < 100_000; i++) data.orders.push({ ...model, id: maxId + i });
  writeFileSync(file, JSON.stringify(data));

  const sb = await start({ dataFile: file, keys: { v2: keys.v2, v1: keys.v1 } });
  try {
    const c = new Client(sb, keys.v2);
    // the start's own save (the state as loaded) first: wait for that state, not for a time
    while (sb.persistence()!.pending) await new Promise((r) => setTimeout(r, 20));
    const before = sb.persistence()!;
    for (let i = 0; i < 200; i++) {
      const r = await c.get(`/api/v2/orders?page=${1 + (i % 5)}&limit=20`);
      assert.equal(r.status, 200);
    }
    await sb.idle();
    assert.deepEqual(sb.persistence(), { ...before, pending: false }, 'no save after 200 reads');
    const w = await c.post('/api/v2/products', { title: 'A write', price: 1000, game: 'game', category: 'account' });
    assert.ok(w.status < 500, JSON.stringify(w.body));
    const after = sb.persistence()!;
    assert.ok(after.pending || after.saves > before.saves, 'a write schedules a save');
  } finally {
    await sb.close();
  }
  const saved = loadData(file)!; // the snapshot and its change log
  assert.equal(saved.orders.length, 100_000);
  const usage = saved.keys.flatMap((k) => k.usage);
  assert.ok(
    usage.some((u: { path: string }) => u.path === '/api/v2/orders'),
    'the reads are in the saved usage history',
  );
});
