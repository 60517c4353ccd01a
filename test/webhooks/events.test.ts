// One source for event names and payloads (spec 6.3, 6.4, A11), checked against what the
// sandbox actually emits, and the dedupe key of spec 6.2.4.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startSandbox, SEED_IDS, type SandboxHandle } from '../../src/sandbox/index.js';
import {
  dedupeKey,
  eventDef,
  EVENT_NAMES,
  ORDER_DELIVERED_FIELDS,
  sampleData,
  Notification,
} from '../../src/webhooks/events.js';
import { until } from './helpers.js';

let sb: SandboxHandle;
let rx: http.Server;
const got: { header: string | undefined; body: any }[] = [];

before(async () => {
  rx = http.createServer((req, res) => {
    let text = '';
    req
      .on('data', (c) => (text += c))
      .on('end', () => {
        got.push({ header: req.headers['x-service-event'] as string, body: JSON.parse(text) });
        res.end();
      });
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/`;
  sb = await startSandbox({ port: 0, timeScale: 0.001, webhooks: [url] });
  await fetch(`${sb.url}/_sandbox/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: SEED_IDS.products.multiAuto, variantIndex: 0 }),
  });
  await until(() => got.length >= 2);
});
after(async () => {
  await sb.close();
  await new Promise<void>((r) => {
    rx.closeAllConnections();
    rx.close(() => r());
  });
});

describe('webhook events', () => {
  test("the sandbox's order.delivered has exactly the fields of spec 6.4 and passes the strict schema", () => {
    const n = got.find((g) => g.body.event === 'order.delivered')!;
    assert.ok(n, 'order.delivered was emitted');
    assert.deepEqual(Object.keys(n.body.data).sort(), ORDER_DELIVERED_FIELDS.map((f) => f.field).sort());
    assert.equal(eventDef('order.delivered')!.send.safeParse(n.body.data).success, true);
  });

  test('every notification the sandbox sends is a known event with a valid envelope and payload', () => {
    for (const g of got) {
      assert.equal(Notification.safeParse(g.body).success, true);
      assert.equal(g.header, g.body.event);
      const def = eventDef(g.body.event);
      assert.ok(def, `${g.body.event} is known`);
      assert.equal(def.send.safeParse(g.body.data).success, true, g.body.event);
    }
  });

  test('a credential in deliveredItems is refused: spec 6.4 carries refs and costs only', () => {
    const data = {
      ...sampleData(eventDef('order.delivered')!),
      deliveredItems: [{ ref: 'A-1', credential: 'user:pass' }],
    };
    assert.equal(eventDef('order.delivered')!.send.safeParse(data).success, false);
  });

  test('every sample payload is valid for its event', () => {
    for (const name of EVENT_NAMES) {
      const def = eventDef(name)!;
      assert.equal(def.send.safeParse(sampleData(def)).success, true, name);
    }
  });

  test('an order event is the same notification when event name and order id match (spec 6.2.4)', () => {
    const def = eventDef('order.delivered')!;
    const a = dedupeKey(def, { timestamp: '2026-11-21T10:00:00Z', data: { id: 7 } });
    const b = dedupeKey(def, { timestamp: '2026-11-21T11:00:00Z', data: { id: 7, extra: 1 } });
    assert.equal(a, b);
    assert.notEqual(a, dedupeKey(eventDef('sale.processing')!, { timestamp: '2026-11-21T10:00:00Z', data: { id: 7 } }));
    assert.notEqual(a, dedupeKey(def, { timestamp: '2026-11-21T10:00:00Z', data: { id: 8 } }));
  });

  test('a listing approved twice is two notifications, a resend of one is not (A11)', () => {
    const def = eventDef('product.approved')!;
    const first = dedupeKey(def, { timestamp: '2026-11-21T10:00:00Z', data: { productId: 5 } });
    assert.equal(first, dedupeKey(def, { timestamp: '2026-11-21T10:00:00Z', data: { productId: 5 } }));
    assert.notEqual(first, dedupeKey(def, { timestamp: '2026-11-22T10:00:00Z', data: { productId: 5 } }));
  });
});
