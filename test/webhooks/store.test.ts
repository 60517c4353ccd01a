// The dedupe and delivery store (spec 6.2.4): survives restarts, keeps pending
// deliveries, remembers only what was processed (never a refused notification), group-commits,
// compacts in every mode, tolerates a torn tail, one listener per state folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { StoreLockedError } from '../../src/webhooks/store-lock.js';
import { WebhookStore, webhooksDir } from '../../src/webhooks/store.js';
import { notification, stateDir } from './helpers.js';

const body = notification('order.delivered', { id: 1 });
const accept = (s: WebhookStore, key: string, targets: ('forward' | 'exec')[] = ['forward']) =>
  s.accept({ key, event: 'order.delivered', orderId: 1, data: JSON.parse(body).data, targets });
const processed = async (s: WebhookStore, key: string) => {
  await accept(s, key);
  await s.finish(key);
};

describe('webhook store', () => {
  test('a processed notification recorded before a restart is a duplicate after it', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    await processed(a, 'order.delivered:order:1');
    a.close();
    const b = WebhookStore.open(dir);
    assert.equal(await accept(b, 'order.delivered:order:1'), 'duplicate');
    assert.equal(await accept(b, 'sale.processing:order:1'), 'received');
    b.close();
  });

  test('a refused notification is forgotten: the real one with the same key is received, not a duplicate', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    assert.equal(await accept(a, 'order.delivered:order:7002'), 'received');
    await a.refuse('order.delivered:order:7002', 'order 7002 does not exist (404)');
    assert.equal(a.pendingCount(), 0);
    assert.equal(await accept(a, 'order.delivered:order:7002'), 'received');
    a.close();
    const b = WebhookStore.open(dir);
    assert.equal(
      b.isFinished('order.delivered:order:7002'),
      false,
      'not remembered as processed after a restart either',
    );
    assert.equal(b.pendingCount(), 1, 'the second one is pending');
    b.close();
  });

  test('the same notification arriving twice at once is recorded once', async () => {
    const a = WebhookStore.open(stateDir());
    const [x, y] = await Promise.all([accept(a, 'k'), accept(a, 'k')]);
    assert.deepEqual([x, y].sort(), ['duplicate', 'received']);
    assert.equal(a.pendingCount(), 1);
    a.close();
  });

  test('records that arrive together are written with one fsync (group commit)', async () => {
    const a = WebhookStore.open(stateDir());
    const before = a.syncs;
    await Promise.all(Array.from({ length: 200 }, (_, i) => accept(a, `k${i}`)));
    assert.equal(a.pendingCount(), 200);
    assert.ok(a.syncs - before <= 2, `${a.syncs - before} fsyncs for 200 records`);
    a.close();
  });

  test('pending deliveries survive a restart with the steps already done and the confirmed order', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    await accept(a, 'k1', ['forward', 'exec']);
    await a.markConfirmed('k1', { id: 1, type: 'sale', status: 'delivered' });
    await a.markDone('k1', 'forward');
    await processed(a, 'k2');
    a.close();
    const b = WebhookStore.open(dir);
    const pending = b.pending();
    assert.deepEqual(
      pending.map((e) => e.key),
      ['k1'],
    );
    assert.equal(pending[0]!.confirmed, true);
    assert.deepEqual(pending[0]!.order, { id: 1, type: 'sale', status: 'delivered' });
    assert.deepEqual(pending[0]!.done, ['forward']);
    assert.deepEqual(pending[0]!.data, JSON.parse(body).data, 'the small fields are kept to deliver it later');
    b.close();
  });

  test('a line torn by a kill is skipped and every whole record is kept', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    await accept(a, 'k1');
    a.close();
    appendFileSync(join(webhooksDir(dir), 'deliveries.jsonl'), '{"t":"in","key":"k2","ev');
    const b = WebhookStore.open(dir);
    assert.equal(b.skippedLines, 1);
    assert.ok(b.get('k1'));
    assert.equal(b.get('k2'), undefined);
    await accept(b, 'k3');
    b.close();
    const c = WebhookStore.open(dir);
    assert.ok(c.get('k3'), 'records after the torn line start on a line of their own');
    c.close();
  });

  test('finished deliveries older than the retention are forgotten; pending ones never are', async () => {
    const dir = stateDir();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const a = WebhookStore.open(dir, { now: () => now, retentionMs: 60_000 });
    await processed(a, 'old-finished');
    await accept(a, 'old-pending');
    a.close();
    now += 120_000;
    const b = WebhookStore.open(dir, { now: () => now, retentionMs: 60_000 });
    assert.equal(b.isFinished('old-finished'), false);
    assert.ok(b.get('old-pending'));
    b.close();
  });

  test('at most maxEntries finished deliveries are kept, the oldest go first', async () => {
    const dir = stateDir();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const a = WebhookStore.open(dir, { now: () => now++, maxEntries: 3 });
    for (let i = 1; i <= 5; i++) await processed(a, `k${i}`);
    assert.equal(a.finishedCount, 3, 'in memory too, not only at the next rewrite');
    a.close();
    const b = WebhookStore.open(dir, { now: () => now, maxEntries: 3 });
    assert.deepEqual(
      ['k1', 'k2', 'k3', 'k4', 'k5'].filter((k) => b.isFinished(k)),
      ['k3', 'k4', 'k5'],
    );
    b.close();
  });

  test('a log-only run (in + end per event) keeps the file small: it is rewritten as it grows', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir, { maxEntries: 500 });
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 500 }, (_, i) => processed(a, `r${round}-${i}`)));
    }
    a.close();
    const lines = readFileSync(join(webhooksDir(dir), 'deliveries.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean).length;
    assert.ok(lines <= 2_500, `${lines} lines for 5000 events with 500 remembered`);
    assert.ok(statSync(join(webhooksDir(dir), 'deliveries.jsonl')).size < 400_000);
  });

  test('the payload leaves the file once its delivery is finished', async () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    await processed(a, 'k1');
    a.close();
    WebhookStore.open(dir).close(); // rewrites the file
    const text = readFileSync(join(webhooksDir(dir), 'deliveries.jsonl'), 'utf8');
    assert.match(text, /"key":"k1"/);
    assert.doesNotMatch(text, /"body"/);
  });

  test('a second listener on the same state folder is refused while the first runs', () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    assert.throws(() => WebhookStore.open(dir), StoreLockedError);
    a.close();
    WebhookStore.open(dir).close();
  });

  test('the lock of a listener that was killed is taken over', () => {
    const dir = stateDir();
    WebhookStore.open(dir).close();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(webhooksDir(dir), 'listener.lock'), dead);
    const s = WebhookStore.open(dir);
    // the pid, then its start time where the system tells it (src/state/lock.ts)
    assert.match(readFileSync(join(webhooksDir(dir), 'listener.lock'), 'utf8'), new RegExp(`^${process.pid}( \\d+)?$`));
    s.close();
  });
});
