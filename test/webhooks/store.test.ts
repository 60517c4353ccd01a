// The dedupe and delivery store (spec 6.2.4): survives restarts, keeps pending deliveries,
// prunes by age and size, tolerates a torn tail, one listener per state folder.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { StoreLockedError } from '../../src/webhooks/store-lock.js';
import { WebhookStore, webhooksDir } from '../../src/webhooks/store.js';
import { notification, stateDir } from './helpers.js';

const body = notification('order.delivered', { id: 1 });
const accept = (s: WebhookStore, key: string, targets: ('forward' | 'exec')[] = ['forward']) =>
  s.accept({ key, event: 'order.delivered', orderId: 1, body, targets });

describe('webhook store', () => {
  test('a notification recorded before a restart is still recognised after it', () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    accept(a, 'order.delivered:order:1');
    a.close();
    const b = WebhookStore.open(dir);
    assert.equal(b.has('order.delivered:order:1'), true);
    assert.equal(b.has('sale.processing:order:1'), false);
    b.close();
  });

  test('pending deliveries survive a restart with the steps already done', () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    accept(a, 'k1', ['forward', 'exec']);
    a.markConfirmed('k1');
    a.markDone('k1', 'forward');
    accept(a, 'k2');
    a.markDone('k2', 'forward');
    a.finish('k2');
    a.close();
    const b = WebhookStore.open(dir);
    const pending = b.pending();
    assert.deepEqual(pending.map((e) => e.key), ['k1']);
    assert.equal(pending[0]!.confirmed, true);
    assert.deepEqual(pending[0]!.done, ['forward']);
    assert.equal(pending[0]!.body, body, 'the payload is kept to deliver it later');
    b.close();
  });

  test('a line torn by a kill is skipped and every whole record is kept', () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    accept(a, 'k1');
    a.close();
    appendFileSync(join(webhooksDir(dir), 'deliveries.jsonl'), '{"t":"in","key":"k2","ev');
    const b = WebhookStore.open(dir);
    assert.equal(b.skippedLines, 1);
    assert.equal(b.has('k1'), true);
    assert.equal(b.has('k2'), false);
    accept(b, 'k3');
    b.close();
    const c = WebhookStore.open(dir);
    assert.equal(c.has('k3'), true, 'records after the torn line start on a line of their own');
    c.close();
  });

  test('finished deliveries older than the retention are forgotten; pending ones never are', () => {
    const dir = stateDir();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const a = WebhookStore.open(dir, { now: () => now, retentionMs: 60_000 });
    accept(a, 'old-finished');
    a.finish('old-finished');
    accept(a, 'old-pending');
    a.close();
    now += 120_000;
    const b = WebhookStore.open(dir, { now: () => now, retentionMs: 60_000 });
    assert.equal(b.has('old-finished'), false);
    assert.equal(b.has('old-pending'), true);
    b.close();
  });

  test('at most maxEntries finished deliveries are kept, the oldest go first', () => {
    const dir = stateDir();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const a = WebhookStore.open(dir, { now: () => now++, maxEntries: 3 });
    for (let i = 1; i <= 5; i++) { accept(a, `k${i}`); a.finish(`k${i}`); }
    a.close();
    const b = WebhookStore.open(dir, { now: () => now, maxEntries: 3 });
    assert.deepEqual(['k1', 'k2', 'k3', 'k4', 'k5'].filter((k) => b.has(k)), ['k3', 'k4', 'k5']);
    b.close();
  });

  test('the payload leaves the file once its delivery is finished', () => {
    const dir = stateDir();
    const a = WebhookStore.open(dir);
    accept(a, 'k1');
    a.finish('k1');
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
    assert.equal(readFileSync(join(webhooksDir(dir), 'listener.lock'), 'utf8'), String(process.pid));
    s.close();
  });
});
