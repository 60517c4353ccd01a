// Outgoing webhooks (spec 6, A11): format, retries on the spec schedule (× timeScale),
// at most 5 attempts, redirects not followed, the order.delivered payload of spec 6.4.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { SEED_IDS, control, reset, sleep, start } from './helpers.js';

interface Received {
  event: string;
  header: string | undefined;
  body: { event: string; timestamp: string; data: Record<string, unknown> };
  at: number;
}

/** A local receiver answering with the statuses given, in turn (then 200). */
async function receiver(statuses: number[] = [], opts: { hang?: boolean; redirect?: boolean } = {}) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const body = JSON.parse(text);
      got.push({
        event: body.event,
        header: req.headers['x-service-event'] as string | undefined,
        body,
        at: Date.now(),
      });
      if (opts.hang) return; // never answers: a time-out
      if (opts.redirect) {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
        res.end();
        return;
      }
      res.writeHead(statuses.shift() ?? 200);
      res.end('ok');
    });
  });
  let open = 0;
  server.on('connection', (sock) => {
    open++;
    sock.on('close', () => open--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    got,
    openSockets: () => open,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Waits for the sandbox's state: every notification delivered or given up, no retry scheduled. */
async function settled(s: SandboxHandle): Promise<void> {
  await untilAsync(async () => (await control(s, 'GET', 'webhooks')).body.pending === 0);
}

async function untilAsync(cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

let sb: SandboxHandle;
const deliveries = async () =>
  (await control(sb, 'GET', 'webhooks')).body.data as { event: string; attempt: number; status: number | null }[];

describe('webhooks (spec 6)', () => {
  // 0.001: retries after 15 ms, 60 ms, 300 ms, 1.8 s.
  before(async () => {
    sb = await start({ timeScale: 0.001 });
  });
  beforeEach(() => reset(sb));
  after(() => sb.close());

  it('POSTs {event, timestamp, data} with X-Service-Event for a sale (sale.processing, order.delivered)', async () => {
    const rx = await receiver();
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    const order = (await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.singleAuto })).body.data;
    await until(() => rx.got.length >= 2);
    assert.deepEqual(rx.got.map((g) => g.event).sort(), ['order.delivered', 'sale.processing']);
    for (const g of rx.got) {
      assert.equal(g.header, g.event);
      assert.deepEqual(Object.keys(g.body).sort(), ['data', 'event', 'timestamp']);
      assert.ok(!Number.isNaN(Date.parse(g.body.timestamp)));
      assert.equal(g.body.data.id, order.id);
      assert.equal(g.body.data.orderCode, order.orderCode);
    }
    await rx.close();
  });

  it('sends exactly the order.delivered fields of spec 6.4, never the credential', async () => {
    const rx = await receiver();
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    const order = (
      await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiAuto, variantIndex: 0, quantity: 2 })
    ).body.data;
    await until(() => rx.got.some((g) => g.event === 'order.delivered'));
    const data = rx.got.find((g) => g.event === 'order.delivered')!.body.data;
    assert.deepEqual(data, {
      id: order.id,
      orderCode: order.orderCode,
      productId: SEED_IDS.products.multiAuto,
      productTitle: 'Valorant Points top-up',
      buyerId: SEED_IDS.accounts.buyer,
      buyerName: 'demo_buyer',
      sellerId: SEED_IDS.accounts.main,
      deliveryType: 'auto',
      itemsDelivered: 2,
      deliveredItems: [
        { ref: 'VP1K-1', costCents: 700 },
        { ref: 'VP1K-2', costCents: 710 },
      ],
    });
    assert.ok(!JSON.stringify(rx.got).includes('login'));
    await rx.close();
  });

  it('does not emit order.delivered for a manual-delivery sale', async () => {
    const rx = await receiver();
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => rx.got.length >= 1);
    await settled(sb);
    assert.deepEqual(
      rx.got.map((g) => g.event),
      ['sale.processing'],
    );
    await rx.close();
  });

  it('retries a failure on the 15 s, 1 min, 5 min, 30 min schedule (× timeScale), 5 attempts at most', async () => {
    const rx = await receiver([500, 500, 500, 500, 500, 500]);
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => rx.got.length >= 5, 8000);
    await settled(sb);
    assert.equal(rx.got.length, 5, 'no sixth attempt');
    const gaps = rx.got.slice(1).map((g, i) => g.at - rx.got[i]!.at);
    for (const [gap, want] of gaps.map((g, i) => [g, [15, 60, 300, 1800][i]!])) {
      assert.ok(gap! >= want! - 5 && gap! < want! + 400, `gap ${gap} for ${want}`);
    }
    const log = await deliveries();
    assert.deepEqual(
      log.map((d) => [d.attempt, d.status]),
      [
        [1, 500],
        [2, 500],
        [3, 500],
        [4, 500],
        [5, 500],
      ],
    );
    await rx.close();
  });

  it('stops retrying after a 2xx', async () => {
    const rx = await receiver([503]);
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => rx.got.length >= 2);
    await settled(sb);
    assert.equal(rx.got.length, 2);
    assert.deepEqual(
      (await deliveries()).map((d) => d.status),
      [503, 200],
    );
    await rx.close();
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    const rx = await receiver([], { redirect: true });
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => rx.got.length >= 2);
    const log = await deliveries();
    assert.equal(log[0]!.status, 302);
    assert.equal(log[0]!.attempt, 1);
    await rx.close();
  });

  it('treats a network error as a failure', async () => {
    const rx = await receiver();
    await rx.close();
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await untilAsync(async () => (await deliveries()).length >= 2);
    const log = await deliveries();
    assert.ok(log.length >= 2, 'retried');
    assert.equal(log[0]!.status, null);
  });

  it('delivers to every configured endpoint, at most 5', async () => {
    const a = await receiver();
    const b = await receiver();
    await control(sb, 'POST', 'webhooks', { urls: [a.url, b.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => a.got.length >= 1 && b.got.length >= 1);
    const six = Array.from({ length: 6 }, (_, i) => `http://127.0.0.1:9/${i}`);
    assert.equal((await control(sb, 'POST', 'webhooks', { urls: six })).status, 400);
    await a.close();
    await b.close();
  });

  it("emits nothing for another seller's sale", async () => {
    const rx = await receiver();
    await control(sb, 'POST', 'webhooks', { urls: [rx.url] });
    await control(sb, 'POST', 'purchase', { productId: SEED_IDS.products.other });
    await settled(sb); // emitted synchronously by the purchase: nothing pending means nothing sent
    assert.equal(rx.got.length, 0);
    await rx.close();
  });
});

describe('webhook time-out (spec 6.2.1)', () => {
  it('fails an attempt the receiver does not answer in time and cancels retries on close', async () => {
    const local = await start({ timeScale: 0.01 }); // time-out max(1 s, 10 s × 0.01)
    const rx = await receiver([], { hang: true });
    await control(local, 'POST', 'webhooks', { urls: [rx.url] });
    await control(local, 'POST', 'purchase', { productId: SEED_IDS.products.multiManual, variantIndex: 0 });
    await until(() => rx.got.length >= 1);
    const t0 = Date.now();
    let log: { status: number | null; error?: string }[] = [];
    while (log.length === 0 && Date.now() - t0 < 3000) {
      log = (await control(local, 'GET', 'webhooks')).body.data;
      await sleep(50);
    }
    assert.equal(log[0]!.status, null);
    assert.equal(log[0]!.error, 'timeout');
    await local.close();
    const count = rx.got.length;
    await until(() => rx.openSockets() === 0); // the attempt in progress was aborted, and no retry is left to open another
    assert.equal(rx.got.length, count, 'no delivery after close');
    await rx.close();
  });
});
