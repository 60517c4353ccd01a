// The built `svc webhooks listen` receiving the sandbox's webhooks (answer
// 2xx, confirm with a GET, forward exactly once, dedupe across restarts, retries that never
// lose nor repeat), its 4xx for what is not a notification, and `svc webhooks trigger`.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { ORDER_DELIVERED_FIELDS } from '../../src/webhooks/events.js';
import { eventually, target, until } from '../webhooks/helpers.js';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { actions, listen as listenProcess, post, type Listener } from './listener-harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox({ timeScale: 0.001 });
});
after(async () => {
  await sb.close();
});
beforeEach(async () => {
  await sb.control('POST', 'reset');
});

type Dirs = ReturnType<typeof tempDirs>;
const listen = (dirs: Dirs, args: string[], env: Record<string, string | undefined> = svcEnv(sb, dirs)) =>
  listenProcess(args, env);

async function sell(l: Listener, productId: number = SEED_IDS.products.singleAuto): Promise<number> {
  await sb.control('POST', 'webhooks', { urls: [l.url] });
  const order = await sb.control('POST', 'purchase', { productId });
  return order.id;
}

/** The sandbox's delivery log and how many deliveries it still has to make (resends included). */
async function sandboxWebhooks(): Promise<{ data: unknown[]; pending: number }> {
  return (await fetch(`${sb.url}/_sandbox/webhooks`)).json() as Promise<{ data: unknown[]; pending: number }>;
}

describe('webhooks listen', () => {
  test('answers 2xx to a sale, confirms each event with GET /api/v2/orders/:id and forwards each exactly once', async () => {
    const dirs = tempDirs();
    const t = await target();
    const l = await listen(dirs, ['--forward-to', t.url]);
    await sb.control('DELETE', 'requests');
    const orderId = await sell(l);
    await until(() => t.accepted().length >= 2);
    // The sandbox has its 2xx for both (nothing more will come), then the listener stops: what the
    // target got is final.
    await eventually(async () => (await sandboxWebhooks()).pending === 0);
    assert.equal(await l.stop(), 0);
    const deliveries = (await sandboxWebhooks()).data as { event: string; status: number; attempt: number }[];
    assert.deepEqual(deliveries.map((d) => [d.event, d.status, d.attempt]).sort(), [
      ['order.delivered', 200, 1],
      ['sale.processing', 200, 1],
    ]);
    // spec 6.2.5: confirmed with the service before being handed on, by id or by one page of
    // recent sales for both (notifications that arrive together share a lookup).
    // (the listener's catch-up syncs the orders mirror with its own list reads, which
    // carry no type=sales; they are not confirmations.)
    const lookups = ((await sb.control('GET', 'requests')) as { route: string; path: string; query: string }[]).filter(
      (r) =>
        (r.route === 'getOrder' && r.path === `/api/v2/orders/${orderId}`) ||
        (r.route === 'listOrders' && r.query.includes('type=sales')),
    );
    assert.ok(lookups.length >= 1 && lookups.length <= 2, `${lookups.length} confirmation requests`);
    assert.equal(actions(l, 'confirmed').length, 2);
    assert.deepEqual(t.hits.map((h) => h.headers['x-service-event']).sort(), ['order.delivered', 'sale.processing']);
    assert.ok(t.hits.every((h) => JSON.parse(h.body).data.id === orderId));
    await t.close();
  });

  test('a slow handler never delays the answer: 2xx comes at once, the handler runs after', async () => {
    const l = await listen(tempDirs(), [
      '--no-confirm',
      '--exec',
      `"${process.execPath}" -e "setTimeout(() => {}, 1500)"`,
    ]);
    const times: number[] = [];
    for (const id of [1, 2]) {
      const t0 = Date.now();
      const r = await post(
        l.url,
        JSON.stringify({
          event: 'order.completed',
          timestamp: new Date().toISOString(),
          data: { id, orderCode: `ORD-${id}` },
        }),
        'order.completed',
      );
      assert.equal(r.status, 200);
      times.push(Date.now() - t0);
    }
    assert.ok(
      times.every((ms) => ms < 500),
      `answered in ${times.join(', ')} ms`,
    );
    await until(() => actions(l, 'executed').length === 2, 10_000);
    await l.stop();
  });

  test('a redelivery of the same notification is answered 2xx and not forwarded again', async () => {
    const t = await target();
    const l = await listen(tempDirs(), ['--forward-to', t.url, '--events', 'order.delivered']);
    await sell(l);
    await until(() => t.accepted().length === 1);
    const again = await post(l.url, t.hits[0]!.body, 'order.delivered');
    assert.equal(again.status, 200);
    assert.equal(again.body.duplicate, true);
    await until(() => actions(l, 'duplicate').length === 1);
    assert.equal(await l.stop(), 0); // stopped: nothing more can be forwarded
    assert.equal(t.hits.length, 1);
    await t.close();
  });

  test('a redelivery after a listener restart is recognised and not forwarded again', async () => {
    const dirs = tempDirs();
    const t = await target();
    const first = await listen(dirs, ['--forward-to', t.url, '--events', 'order.delivered']);
    await sell(first);
    await until(() => t.accepted().length === 1);
    await first.stop();
    const second = await listen(dirs, ['--forward-to', t.url, '--events', 'order.delivered']);
    const again = await post(second.url, t.hits[0]!.body, 'order.delivered');
    assert.equal(again.status, 200);
    await until(() => actions(second, 'duplicate').length === 1);
    assert.equal(await second.stop(), 0);
    assert.equal(t.hits.length, 1);
    await t.close();
  });

  test('SIGTERM stops the listener cleanly with exit 0', async () => {
    const l = await listen(tempDirs(), ['--no-confirm']);
    assert.equal(await l.stop(), 0);
    assert.match(l.stderr(), /stopped/);
  });

  test('a forward target that fails twice then succeeds receives the notification once', async () => {
    const t = await target([500, 500]);
    const l = await listen(tempDirs(), ['--forward-to', t.url, '--events', 'order.delivered']);
    await sell(l);
    await until(() => actions(l, 'forwarded').length === 1, 10_000);
    assert.equal(await l.stop(), 0);
    assert.deepEqual(
      t.hits.map((h) => h.status),
      [500, 500, 200],
    );
    assert.equal(new Set(t.hits.map((h) => h.body)).size, 1, 'the same body every time');
    assert.equal(actions(l, 'forwarded').length, 1);
    await t.close();
  });

  test('deliveries still pending when the listener stops are resumed by the next one, once each', async () => {
    const dirs = tempDirs();
    const t = await target([], { fallback: 503 });
    const first = await listen(dirs, ['--forward-to', t.url]);
    await sell(first);
    await until(() => actions(first, 'failed').length >= 2);
    assert.equal(await first.stop(), 0);
    assert.match(first.stderr(), /2 pending deliveries kept/);
    t.state.fallback = 200;
    const second = await listen(dirs, ['--forward-to', t.url]);
    await until(() => actions(second, 'forwarded').length === 2);
    assert.equal(await second.stop(), 0);
    assert.deepEqual(
      t
        .accepted()
        .map((h) => h.headers['x-service-event'])
        .sort(),
      ['order.delivered', 'sale.processing'],
    );
    assert.equal(actions(second, 'resumed').length, 2);
    await t.close();
  });

  test('an order that does not exist is answered 2xx, dropped with a warning, never forwarded', async () => {
    const dirs = tempDirs();
    const t = await target();
    const l = await listen(dirs, ['--forward-to', t.url]);
    const r = await svc(['webhooks', 'trigger', 'order.delivered', '--to', l.url], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    // stdout (the action line) and stderr (the warning) are two pipes: wait for both.
    await until(() => actions(l, 'dropped').length === 1 && /warning: dropped/.test(l.stderr()));
    assert.match(l.stderr(), /warning: dropped order\.delivered order 900001/);
    assert.equal(await l.stop(), 0);
    assert.equal(t.hits.length, 0);
    await t.close();
  });

  test("another seller's order is dropped, never forwarded", async () => {
    const dirs = tempDirs();
    const t = await target();
    const l = await listen(dirs, ['--forward-to', t.url]);
    const data = JSON.stringify({ id: SEED_IDS.orders.other, orderCode: SEED_IDS.orderCodes.other });
    const r = await svc(['webhooks', 'trigger', 'order.completed', '--to', l.url, '--data', data], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(r.code, 0, r.stderr);
    await until(() => actions(l, 'dropped').length === 1);
    assert.equal(actions(l, 'dropped')[0]!.orderId, SEED_IDS.orders.other);
    assert.equal(t.hits.length, 0);
    await l.stop();
    await t.close();
  });

  test('--no-confirm hands notifications on without asking the service', async () => {
    const dirs = tempDirs();
    const t = await target();
    const l = await listen(dirs, ['--forward-to', t.url, '--no-confirm']);
    await sb.control('DELETE', 'requests');
    await svc(['webhooks', 'trigger', 'order.delivered', '--to', l.url], { env: { SVC_CONFIG_DIR: dirs.configDir } });
    await until(() => t.accepted().length === 1);
    const gets = ((await sb.control('GET', 'requests')) as { path: string }[]).filter((x) =>
      x.path.startsWith('/api/v2/orders'),
    );
    assert.equal(gets.length, 0);
    await l.stop();
    await t.close();
  });

  test('--exec runs the handler with the payload on stdin and SVC_EVENT, SVC_ORDER_ID set', async () => {
    const dirs = tempDirs();
    const t = await target();
    // The handler forwards what it got to the test target: stdin as the body, the env in headers.
    const script = `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>fetch('${t.url}',{method:'POST',headers:{'x-event':process.env.SVC_EVENT,'x-order':process.env.SVC_ORDER_ID},body:s}))`;
    const l = await listen(dirs, ['--events', 'order.delivered', '--exec', `"${process.execPath}" -e "${script}"`]);
    const orderId = await sell(l);
    await until(() => t.hits.length === 1);
    assert.equal(t.hits[0]!.headers['x-event'], 'order.delivered');
    assert.equal(t.hits[0]!.headers['x-order'], String(orderId));
    assert.equal(JSON.parse(t.hits[0]!.body).data.id, orderId);
    await until(() => actions(l, 'executed').length === 1);
    await l.stop();
    await t.close();
  });

  test('a second listener on the same state folder refuses to start (exit 2)', async () => {
    const dirs = tempDirs();
    const l = await listen(dirs, ['--no-confirm']);
    const r = await svc(['webhooks', 'listen', '--port', '0', '--no-confirm'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /another `svc webhooks listen`/);
    await l.stop();
  });

  test('without a v2 key it refuses to start unless --no-confirm (exit 4)', async () => {
    const dirs = tempDirs();
    const r = await svc(['webhooks', 'listen', '--port', '0'], {
      env: { SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir },
    });
    assert.equal(r.code, 4);
    assert.match(r.stderr, /--no-confirm/);
  });
});

describe('webhooks listen: what is not a notification gets a 4xx and a log line', () => {
  let l: Listener;
  before(async () => {
    l = await listen(tempDirs(), ['--no-confirm', '--path', '/hooks']);
  });
  after(async () => {
    await l.stop();
  });

  const valid = (data: Record<string, unknown>, event = 'order.delivered') =>
    JSON.stringify({ event, timestamp: new Date().toISOString(), data });
  const cases: { name: string; status: number; send: (url: string) => Promise<Response> }[] = [
    { name: 'a GET', status: 405, send: (u) => fetch(u) },
    {
      name: 'a body that is not JSON',
      status: 400,
      send: (u) =>
        fetch(u, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'order.delivered' },
          body: '{"event":',
        }),
    },
    {
      name: 'a text/plain body',
      status: 415,
      send: (u) => fetch(u, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: valid({ id: 1 }) }),
    },
    {
      name: 'a body over 1 MB',
      status: 413,
      send: (u) =>
        fetch(u, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'order.delivered' },
          body: valid({ id: 1, pad: 'x'.repeat(1024 * 1024) }),
        }),
    },
    {
      name: 'an unknown event',
      status: 400,
      send: (u) =>
        fetch(u, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'order.teleported' },
          body: valid({ id: 1 }, 'order.teleported'),
        }),
    },
    {
      name: 'a missing X-Service-Event header',
      status: 400,
      send: (u) =>
        fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: valid({ id: 1 }) }),
    },
    {
      name: 'a payload without its order id',
      status: 422,
      send: (u) =>
        fetch(u, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'order.delivered' },
          body: valid({ orderCode: 'ORD-1' }),
        }),
    },
    {
      name: 'a POST to another path',
      status: 404,
      send: (u) =>
        fetch(u.replace(/\/hooks$/, '/other'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-event': 'order.delivered' },
          body: valid({ id: 1 }),
        }),
    },
  ];
  for (const c of cases) {
    test(`answers ${c.status} to ${c.name}`, async () => {
      const before = actions(l, 'rejected').length;
      const res = await c.send(l.url);
      assert.equal(res.status, c.status);
      await until(() => actions(l, 'rejected').length === before + 1);
      assert.equal(actions(l, 'rejected').at(-1)!.status, c.status);
      assert.equal(actions(l, 'received').length, 0, 'nothing was accepted');
    });
  }
});

describe('webhooks trigger', () => {
  test('sends order.delivered for a real order shaped as spec 6.4, with X-Service-Event', async () => {
    const dirs = tempDirs();
    const t = await target();
    const r = await svc(
      [
        'webhooks',
        'trigger',
        'order.delivered',
        '--to',
        t.url,
        '--order',
        String(SEED_IDS.orders.saleDelivered),
        '-o',
        'json',
      ],
      { env: svcEnv(sb, dirs) },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(t.hits.length, 1);
    const h = t.hits[0]!;
    assert.equal(h.headers['x-service-event'], 'order.delivered');
    assert.equal(h.headers['content-type'], 'application/json');
    const n = JSON.parse(h.body);
    assert.deepEqual(Object.keys(n).sort(), ['data', 'event', 'timestamp']);
    assert.deepEqual(Object.keys(n.data).sort(), ORDER_DELIVERED_FIELDS.map((f) => f.field).sort());
    const order = (await sb.api('GET', `/api/v2/orders/${SEED_IDS.orders.saleDelivered}`)).body.data;
    assert.equal(n.data.orderCode, order.orderCode);
    assert.deepEqual(n.data.deliveredItems, order.deliveredItems);
    assert.equal(JSON.parse(r.stdout)[0].status, 200);
    await t.close();
  });

  test("--retry resends on the service's schedule (15 s, 1 min, 5 min, 30 min, scaled), at most 5 attempts", async () => {
    const t = await target([], { fallback: 500 });
    const r = await svc(
      ['webhooks', 'trigger', 'sale.processing', '--to', t.url, '--retry', '--time-scale', '0.001', '-o', 'json'],
      { env: { SVC_CONFIG_DIR: tempDirs().configDir } },
    );
    assert.equal(r.code, 1);
    assert.equal(t.hits.length, 5);
    const gaps = t.hits.slice(1).map((h, i) => h.at - t.hits[i]!.at);
    for (const [i, want] of [15, 60, 300, 1800].entries()) {
      assert.ok(gaps[i]! >= want * 0.9 && gaps[i]! < want + 400, `gap ${i + 1}: ${gaps[i]} ms, want ~${want}`);
    }
    assert.equal(new Set(t.hits.map((h) => h.body)).size, 1, 'the same notification each time');
    assert.deepEqual(
      JSON.parse(r.stdout).map((a: any) => a.status),
      [500, 500, 500, 500, 500],
    );
    await t.close();
  });

  test('--retry stops at the first 2xx', async () => {
    const t = await target([500]);
    const r = await svc(['webhooks', 'trigger', 'sale.processing', '--to', t.url, '--retry', '--time-scale', '0.001'], {
      env: { SVC_CONFIG_DIR: tempDirs().configDir },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      t.hits.map((h) => h.status),
      [500, 200],
    );
    await t.close();
  });

  test('refuses a payload that is not valid for the event and sends nothing (exit 2)', async () => {
    const t = await target();
    const data = JSON.stringify({ deliveredItems: [{ ref: 'A-1', credential: 'hunter2-secret' }] });
    const r = await svc(['webhooks', 'trigger', 'order.delivered', '--to', t.url, '--data', data], {
      env: { SVC_CONFIG_DIR: tempDirs().configDir },
    });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not a valid order\.delivered payload, nothing sent/);
    assert.doesNotMatch(r.stderr + r.stdout, /hunter2-secret/);
    assert.equal(t.hits.length, 0);
    await t.close();
  });

  test('a redirect is not followed and counts as a failure', async () => {
    const t = await target([302]);
    const r = await svc(['webhooks', 'trigger', 'sale.processing', '--to', t.url], {
      env: { SVC_CONFIG_DIR: tempDirs().configDir },
    });
    assert.equal(r.code, 1);
    assert.equal(t.hits.length, 1, 'the Location was not requested');
    assert.match(r.stderr, /not followed/);
    await t.close();
  });
});

describe('webhooks events', () => {
  test('lists the five events of spec 6.3, the A11 events and the order.delivered fields as JSON', async () => {
    const r = await svc(['webhooks', 'events', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const names = out.events.map((e: any) => e.event);
    for (const n of [
      'sale.processing',
      'order.delivered',
      'order.completed',
      'funds.released',
      'order.cancelled',
      'product.out_of_stock',
      'review.received',
    ])
      assert.ok(names.includes(n), n);
    assert.deepEqual(
      out.payloads['order.delivered'].map((f: any) => f.field),
      ORDER_DELIVERED_FIELDS.map((f) => f.field),
    );
  });
});
