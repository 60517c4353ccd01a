// Handing notifications on (issue 7): forward and exec, retried with backoff, resumed after a
// restart, never twice; confirmation (spec 6.2.5) decides whether anything is handed on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { closeTransport } from '../../src/api/transport.js';
import type { Confirmer } from '../../src/webhooks/confirm.js';
import type { WebhookLogLine } from '../../src/webhooks/log.js';
import { DeliveryProcessor, type ProcessorOptions } from '../../src/webhooks/processor.js';
import { WebhookStore, type Target } from '../../src/webhooks/store.js';
import { notification, sleep, stateDir, target, until } from './helpers.js';

after(() => closeTransport());

const fast = () => 10;
const confirmed: Confirmer = async () => ({ status: 'confirmed', ms: 1 });
const body = notification('order.delivered', { id: 42, orderCode: 'ORD-42' });

function setup(dir: string, opts: Partial<ProcessorOptions> = {}, targets: Target[] = ['forward']) {
  const store = WebhookStore.open(dir);
  const log: Omit<WebhookLogLine, 'at'>[] = [];
  const p = new DeliveryProcessor({ store, env: process.env, log: (l) => log.push(l), backoffMs: fast, confirm: confirmed, ...opts });
  const receive = (key = 'order.delivered:order:42') => {
    store.accept({ key, event: 'order.delivered', orderId: 42, body, targets });
    p.enqueue(key);
  };
  return { store, p, log, receive };
}

describe('forwarding', () => {
  test('a target that fails twice then succeeds receives the notification once', async () => {
    const t = await target([500, 503]);
    const { store, p, receive } = setup(stateDir(), { forwardTo: t.url });
    receive();
    await p.idle();
    await sleep(50);
    assert.deepEqual(t.hits.map((h) => h.status), [500, 503, 200]);
    assert.equal(t.accepted().length, 1);
    assert.equal(store.pending().length, 0);
    await p.close(); store.close(); await t.close();
  });

  test('the forward carries the same body and X-Service-Event', async () => {
    const t = await target();
    const { store, p, receive } = setup(stateDir(), { forwardTo: t.url });
    receive();
    await p.idle();
    assert.equal(t.hits[0]!.body, body);
    assert.equal(t.hits[0]!.headers['x-service-event'], 'order.delivered');
    assert.equal(t.hits[0]!.headers['content-type'], 'application/json');
    await p.close(); store.close(); await t.close();
  });

  test('a delivery pending at shutdown is resumed by the next run and delivered once', async () => {
    const dir = stateDir();
    const down = await target([500, 500, 500, 500, 500, 500, 500, 500, 500, 500]);
    const first = setup(dir, { forwardTo: down.url, backoffMs: () => 60_000 });
    first.receive();
    await until(() => down.hits.length === 1);
    await first.p.close(); first.store.close(); await down.close();

    const up = await target();
    const second = setup(dir, { forwardTo: up.url });
    assert.equal(second.p.resume(), 1);
    await second.p.idle();
    assert.equal(up.accepted().length, 1);
    assert.equal(up.hits[0]!.body, body);
    assert.equal(second.store.pending().length, 0);
    await second.p.close(); second.store.close();

    const third = setup(dir, { forwardTo: up.url });
    assert.equal(third.p.resume(), 0, 'nothing left for a third run');
    await third.p.close(); third.store.close(); await up.close();
  });

  test('close waits for a forward in flight, so its 2xx is recorded and not resent', async () => {
    const dir = stateDir();
    const slow = await target([], { holdMs: 200 });
    const first = setup(dir, { forwardTo: slow.url });
    first.receive();
    await until(() => slow.hits.length === 1);
    await first.p.close(2_000); first.store.close();
    const second = setup(dir, { forwardTo: slow.url });
    assert.equal(second.p.resume(), 0);
    await second.p.close(); second.store.close(); await slow.close();
    assert.equal(slow.hits.length, 1);
  });
});

describe('exec handler', () => {
  test('gets the payload on stdin and SVC_EVENT, SVC_ORDER_ID in its environment', async () => {
    const dir = stateDir();
    const out = join(dir, 'out.json');
    const script = `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>require('fs').writeFileSync(${JSON.stringify(out)},JSON.stringify({s,e:process.env.SVC_EVENT,o:process.env.SVC_ORDER_ID})))`;
    const { store, p, receive } = setup(dir, { exec: `"${process.execPath}" -e "${script.replace(/"/g, '\\"')}"` }, ['exec']);
    receive();
    await p.idle();
    const got = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(got, { s: body, e: 'order.delivered', o: '42' });
    await p.close(); store.close();
  });

  test('a failing handler is retried without forwarding again', async () => {
    const dir = stateDir();
    const t = await target();
    const marker = join(dir, 'ran-once');
    // fails the first time, succeeds the second
    const cmd = `"${process.execPath}" -e "const f=require('fs');if(!f.existsSync('${marker}')){f.writeFileSync('${marker}','');process.exit(3)}"`;
    const { store, p, receive, log } = setup(dir, { forwardTo: t.url, exec: cmd }, ['forward', 'exec']);
    receive();
    await p.idle();
    assert.equal(t.hits.length, 1);
    assert.deepEqual(log.map((l) => l.action), ['confirmed', 'forwarded', 'failed', 'executed']);
    assert.match(log[2]!.detail ?? '', /handler exited 3/);
    await p.close(); store.close(); await t.close();
  });
});

describe('confirmation (spec 6.2.5)', () => {
  test('an order the service does not know is dropped and never handed on', async () => {
    const t = await target();
    const rejects: Confirmer = async () => ({ status: 'rejected', ms: 1, detail: 'order 42 does not exist (404)' });
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, confirm: rejects });
    receive();
    await p.idle();
    assert.equal(t.hits.length, 0);
    assert.deepEqual(log.map((l) => l.action), ['dropped']);
    assert.equal(store.pending().length, 0);
    await p.close(); store.close(); await t.close();
  });

  test('a confirmation that fails (network, 5xx) is retried, not dropped', async () => {
    const t = await target();
    let calls = 0;
    const flaky: Confirmer = async () => (++calls === 1 ? { status: 'error', ms: 1, detail: 'cannot confirm: 503' } : { status: 'confirmed', ms: 1 });
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, confirm: flaky });
    receive();
    await p.idle();
    assert.deepEqual(log.map((l) => l.action), ['failed', 'confirmed', 'forwarded']);
    assert.equal(t.hits.length, 1);
    await p.close(); store.close(); await t.close();
  });

  test('without a confirmer (--no-confirm) the notification is handed on directly', async () => {
    const t = await target();
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, confirm: undefined });
    receive();
    await p.idle();
    assert.deepEqual(log.map((l) => l.action), ['forwarded']);
    await p.close(); store.close(); await t.close();
  });
});
