// Handing notifications on: forward and exec, retried with backoff, resumed after a
// restart, never twice; confirmation (spec 6.2.5) decides whether anything is handed on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { closeTransport } from '../../src/api/transport.js';
import { SvcError } from '../../src/api/errors.js';
import type { Order, OrderSource } from '../../src/webhooks/confirm.js';
import type { WebhookLogLine } from '../../src/webhooks/log.js';
import { DeliveryProcessor, type ProcessorOptions } from '../../src/webhooks/processor.js';
import { WebhookStore, type Target } from '../../src/webhooks/store.js';
import { smallFields } from '../../src/webhooks/store-records.js';
import { notification, stateDir, target, until } from './helpers.js';

after(() => closeTransport());

const fast = () => 10;
const sale = (id: number): Order => ({ id, orderCode: `ORD-${id}`, type: 'sale', status: 'delivered' });
/** A service that knows every order as one of the seller's delivered sales. */
const knowsAll: OrderSource = {
  getOrder: async (id) => sale(id),
  recentSales: async () => ({ orders: [], requests: 1, complete: false }),
  getThing: async () => ({ value: undefined, requests: 1 }),
};
const body = notification('order.delivered', { id: 42, orderCode: 'ORD-42' });

function setup(dir: string, opts: Partial<ProcessorOptions> = {}, targets: Target[] = ['forward']) {
  const store = WebhookStore.open(dir);
  const log: Omit<WebhookLogLine, 'at'>[] = [];
  const p = new DeliveryProcessor({
    store,
    env: process.env,
    log: (l) => log.push(l),
    backoffMs: fast,
    orders: knowsAll,
    ...opts,
  });
  const receive = async (key = 'order.delivered:order:42') => {
    // What the listener keeps: no data for what the service will confirm.
    const sent = JSON.parse(body);
    await store.accept({
      key,
      event: 'order.delivered',
      orderId: 42,
      timestamp: sent.timestamp,
      data: 'orders' in opts && opts.orders === undefined ? smallFields(sent.data) : undefined,
      targets,
    });
    p.enqueue(key);
  };
  return { store, p, log, receive };
}
const parsed = (text: string) =>
  JSON.parse(text) as {
    event: string;
    timestamp: string;
    data: Record<string, unknown>;
    svc: { deliveryId: string; confirmed: boolean; order: Order | null; note?: string };
  };

describe('forwarding', () => {
  test('a target that fails twice then succeeds receives the notification once', async () => {
    const t = await target([500, 503]);
    const { store, p, receive } = setup(stateDir(), { forwardTo: t.url });
    await receive();
    await p.idle();
    assert.deepEqual(
      t.hits.map((h) => h.status),
      [500, 503, 200],
    );
    assert.equal(t.accepted().length, 1);
    assert.equal(store.pending().length, 0);
    await p.close();
    store.close();
    await t.close();
  });

  test('the forward carries the notification built from the confirmed order, the order beside it, X-Service-Event and the delivery id', async () => {
    const t = await target();
    const { store, p, receive } = setup(stateDir(), { forwardTo: t.url });
    await receive();
    await p.idle();
    const got = parsed(t.hits[0]!.body);
    const sent = JSON.parse(body);
    assert.deepEqual(
      { event: got.event, timestamp: got.timestamp, data: got.data },
      {
        event: sent.event,
        timestamp: sent.timestamp,
        // the data is the service's (spec 6.4 fields from the order), not the post's.
        data: { id: 42, orderCode: 'ORD-42', deliveryType: 'auto', itemsDelivered: 0, deliveredItems: [] },
      },
    );
    assert.equal((got.svc as { dataFrom?: string }).dataFrom, 'order');
    assert.equal(got.svc.confirmed, true);
    assert.deepEqual(got.svc.order, sale(42), 'the order as the service returned it');
    assert.match(got.svc.deliveryId, /^[0-9a-f]{32}$/);
    assert.equal(t.hits[0]!.headers['x-svc-delivery'], got.svc.deliveryId);
    assert.equal(t.hits[0]!.headers['x-svc-confirmed'], 'true');
    assert.equal(t.hits[0]!.headers['x-service-event'], 'order.delivered');
    assert.equal(t.hits[0]!.headers['content-type'], 'application/json');
    await p.close();
    store.close();
    await t.close();
  });

  test('a delivery pending at shutdown is resumed by the next run and delivered once', async () => {
    const dir = stateDir();
    const down = await target([500, 500, 500, 500, 500, 500, 500, 500, 500, 500]);
    const first = setup(dir, { forwardTo: down.url, backoffMs: () => 60_000 });
    await first.receive();
    await until(() => down.hits.length === 1);
    await first.p.close();
    first.store.close();
    await down.close();

    const up = await target();
    const second = setup(dir, { forwardTo: up.url });
    assert.equal(second.p.resume(), 1);
    await second.p.idle();
    assert.equal(up.accepted().length, 1);
    assert.equal(parsed(up.hits[0]!.body).data.id, 42);
    assert.equal(
      parsed(up.hits[0]!.body).svc.confirmed,
      true,
      'confirmed before the shutdown, the order kept in the store',
    );
    assert.equal(second.store.pending().length, 0);
    await second.p.close();
    second.store.close();

    const third = setup(dir, { forwardTo: up.url });
    assert.equal(third.p.resume(), 0, 'nothing left for a third run');
    await third.p.close();
    third.store.close();
    await up.close();
  });

  test('close waits for a forward in flight, so its 2xx is recorded and not resent', async () => {
    const dir = stateDir();
    const slow = await target([], { holdMs: 200 });
    const first = setup(dir, { forwardTo: slow.url });
    await first.receive();
    await until(() => slow.hits.length === 1);
    await first.p.close(2_000);
    first.store.close();
    const second = setup(dir, { forwardTo: slow.url });
    assert.equal(second.p.resume(), 0);
    await second.p.close();
    second.store.close();
    await slow.close();
    assert.equal(slow.hits.length, 1);
  });
});

describe('exec handler', () => {
  test('gets the delivery on stdin, SVC_DELIVERY_ID, SVC_EVENT, SVC_ORDER_ID, and no SVC_* key in its environment', async () => {
    const dir = stateDir();
    const out = join(dir, 'out.json');
    const script = `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>require('fs').writeFileSync(${JSON.stringify(out)},JSON.stringify({s,env:process.env})))`;
    const env = {
      ...process.env,
      SVC_API_KEY: 'svc_v2_sk_not-for-hooks-0123456789',
      SVC_PROFILE: 'shop',
      SVC_CONFIG_DIR: dir,
      KEEP_ME: 'yes',
    };
    const { store, p, receive } = setup(
      dir,
      { exec: `"${process.execPath}" -e "${script.replace(/"/g, '\\"')}"`, env },
      ['exec'],
    );
    await receive();
    await p.idle();
    const got = JSON.parse(readFileSync(out, 'utf8')) as { s: string; env: Record<string, string> };
    assert.deepEqual(parsed(got.s).svc.order, sale(42));
    assert.equal(got.env.SVC_EVENT, 'order.delivered');
    assert.equal(got.env.SVC_ORDER_ID, '42');
    assert.equal(got.env.SVC_CONFIRMED, '1');
    assert.equal(got.env.SVC_DELIVERY_ID, parsed(got.s).svc.deliveryId);
    assert.equal(got.env.KEEP_ME, 'yes', 'the rest of the environment is passed');
    assert.deepEqual(
      Object.keys(got.env)
        .filter((k) => k.startsWith('SVC_'))
        .sort(),
      ['SVC_CONFIRMED', 'SVC_DELIVERY_ID', 'SVC_EVENT', 'SVC_ORDER_ID', 'SVC_SOURCE'],
    );
    await p.close();
    store.close();
  });

  test('a failing handler is retried without forwarding again', async () => {
    const dir = stateDir();
    const t = await target();
    const marker = join(dir, 'ran-once');
    // fails the first time, succeeds the second
    const cmd = `"${process.execPath}" -e "const f=require('fs');if(!f.existsSync('${marker}')){f.writeFileSync('${marker}','');process.exit(3)}"`;
    const { store, p, receive, log } = setup(dir, { forwardTo: t.url, exec: cmd }, ['forward', 'exec']);
    await receive();
    await p.idle();
    assert.equal(t.hits.length, 1);
    assert.deepEqual(
      log.map((l) => l.action),
      ['confirmed', 'forwarded', 'failed', 'executed'],
    );
    assert.match(log[2]!.detail ?? '', /handler exited 3/);
    await p.close();
    store.close();
    await t.close();
  });
});

describe('confirmation (spec 6.2.5)', () => {
  test('an order the service does not know is dropped, never handed on, and not remembered', async () => {
    const t = await target();
    const none: OrderSource = {
      getOrder: async () => undefined,
      recentSales: async () => ({ orders: [], requests: 1, complete: false }),
      getThing: async () => ({ value: undefined, requests: 1 }),
    };
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, orders: none });
    await receive();
    await p.idle();
    assert.equal(t.hits.length, 0);
    assert.deepEqual(
      log.map((l) => l.action),
      ['dropped'],
    );
    assert.equal(store.pending().length, 0);
    assert.equal(store.isFinished('order.delivered:order:42'), false, 'a forged event never blocks the real one');
    await p.close();
    store.close();
    await t.close();
  });

  test("one of the seller's purchases, or an order in a state that contradicts the event, is dropped", async () => {
    for (const order of [
      { ...sale(42), type: 'purchase' },
      { ...sale(42), status: 'cancelled' },
    ]) {
      const t = await target();
      const { store, p, receive, log } = setup(stateDir(), {
        forwardTo: t.url,
        orders: {
          getOrder: async () => order,
          recentSales: async () => ({ orders: [], requests: 1, complete: false }),
          getThing: async () => ({ value: undefined, requests: 1 }),
        },
      });
      await receive();
      await p.idle();
      assert.equal(t.hits.length, 0);
      assert.deepEqual(
        log.map((l) => l.action),
        ['dropped'],
        JSON.stringify(log),
      );
      await p.close();
      store.close();
      await t.close();
    }
  });

  test('a confirmation that fails (network, 5xx) is retried, not dropped', async () => {
    const t = await target();
    let calls = 0;
    const flaky: OrderSource = {
      getOrder: async (id) => {
        if (++calls === 1) throw new SvcError('the service answered 503');
        return sale(id);
      },
      recentSales: async () => ({ orders: [], requests: 1, complete: false }),
      getThing: async () => ({ value: undefined, requests: 1 }),
    };
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, orders: flaky });
    await receive();
    await p.idle();
    assert.deepEqual(
      log.map((l) => l.action),
      ['failed', 'confirmed', 'forwarded'],
    );
    assert.equal(t.hits.length, 1);
    await p.close();
    store.close();
    await t.close();
  });

  test('without confirmation (--no-confirm) the raw notification is handed on, marked unconfirmed', async () => {
    const t = await target();
    const { store, p, receive, log } = setup(stateDir(), { forwardTo: t.url, orders: undefined });
    await receive();
    await p.idle();
    assert.deepEqual(
      log.map((l) => l.action),
      ['forwarded'],
    );
    const got = parsed(t.hits[0]!.body);
    assert.equal(got.svc.confirmed, false);
    assert.equal(got.svc.order, null);
    assert.match(got.svc.note ?? '', /--no-confirm/);
    assert.deepEqual(got.data, JSON.parse(body).data, 'the small fields of the body as received');
    assert.equal(t.hits[0]!.headers['x-svc-confirmed'], 'false');
    await p.close();
    store.close();
    await t.close();
  });
});
