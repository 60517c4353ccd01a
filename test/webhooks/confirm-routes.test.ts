// Each event confirmed by its own route (spec 6.2.5, A4, A11), on a fake clock: listings by the
// listing, mediations by the mediation, an old sale not a new sale; what confirms nothing spends at
// most the unconfirmed share a day; the service's Retry-After (a DAILY_LIMIT: hours) is waited out
// by every lookup, and the queue says it is starved meanwhile.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { unconfirmedRoom } from '../../src/api/assumptions.js';
import { RateLimitError } from '../../src/api/errors.js';
import { ConfirmQueue } from '../../src/webhooks/confirm-queue.js';
import { checkOrder, type Order, type OrderSource } from '../../src/webhooks/confirm.js';
import { DEFAULT_CONFIRM_POLICY } from '../../src/webhooks/decisions.js';
import { eventDef } from '../../src/webhooks/events.js';

const NOW = Date.parse('2026-11-24T10:00:00Z');

function setup(things: { listing?: (id: number) => Order | undefined; fail?: () => Error | undefined } = {}) {
  const requests: { at: number; route: string; id: number }[] = [];
  const source: OrderSource = {
    getOrder: async (id) => {
      requests.push({ at: Date.now(), route: 'order', id });
      const err = things.fail?.();
      if (err) throw err;
      return undefined;
    },
    recentSales: async () => ({ orders: [], requests: 1, complete: false }),
    getThing: async (route, id) => {
      requests.push({ at: Date.now(), route, id });
      const err = things.fail?.();
      if (err) throw err;
      const thing = route === 'listing' ? things.listing?.(id) : undefined;
      return { value: thing ? { thing } : undefined, requests: 1 };
    },
  };
  const confirmed: string[] = [];
  const refused: { key: string; reason: string }[] = [];
  const q = new ConfirmQueue(source, {
    confirmed: (key) => confirmed.push(key),
    refused: (key, reason) => refused.push({ key, reason }),
    deferred: () => undefined,
  });
  let n = 0;
  const add = (event: string, id: number, route: 'order' | 'listing' | 'mediation', from = '192.0.2.9') => {
    const key = `${event}:${id}:${n++}`;
    q.add({ key, def: eventDef(event)!, orderId: id, route, receivedAt: Date.now(), from });
    return key;
  };
  return { q, add, requests, confirmed, refused };
}

async function advance(ms: number, step = 1_000, each?: () => void): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    each?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    mock.timers.tick(step);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}

describe('confirmation by the event own route', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: NOW }));
  afterEach(() => mock.timers.reset());

  test('an old sale is not a new sale: sale.processing of a 2025 order is refused, a fresh one confirmed', () => {
    const def = eventDef('sale.processing')!;
    const old = { id: 5006, type: 'sale', status: 'completed', createdAt: '2025-01-16T12:00:00.000Z' };
    const fresh = { id: 7001, type: 'sale', status: 'delivered', createdAt: new Date(NOW - 60_000).toISOString() };
    assert.equal(checkOrder(def, 5006, old, NOW).status, 'refused');
    assert.equal(checkOrder(def, 7001, fresh, NOW).status, 'confirmed');
    // An old order event that is not news (completed) is still believed.
    assert.equal(checkOrder(eventDef('order.completed')!, 5006, old, NOW).status, 'confirmed');
  });

  test('product.out_of_stock: confirmed only when the listing holds no stock; repeats of a confirmed one cost nothing', async () => {
    const stock = new Map<number, number>([
      [101, 3],
      [103, 0],
    ]);
    const { add, requests, confirmed, refused } = setup({
      listing: (id) => (stock.has(id) ? { id, status: 'approved', stock: stock.get(id), variants: [] } : undefined),
    });
    const inStock = add('product.out_of_stock', 101, 'listing');
    await advance(20_000);
    const out = add('product.out_of_stock', 103, 'listing');
    await advance(20_000);
    assert.deepEqual(confirmed, [out]);
    assert.match(refused.find((r) => r.key === inStock)!.reason, /has stock/);
    assert.ok(
      requests.every((r) => r.route === 'listing'),
      'no order request for a listing event',
    );
    const before = requests.length;
    for (let i = 0; i < 30; i++) add('product.out_of_stock', 103, 'listing');
    await advance(5_000);
    assert.equal(requests.length, before, 'the same out_of_stock again within the quiet time: no request');
    assert.equal(confirmed.length, 1, 'and not handed on again');
  });

  test('a forged mediation.opened (no mediation: 404) is refused by the mediation route', async () => {
    const { add, requests, refused, confirmed } = setup();
    const key = add('mediation.opened', 5001, 'mediation');
    await advance(5_000);
    assert.deepEqual(confirmed, []);
    assert.match(refused.find((r) => r.key === key)!.reason, /mediation of order 5001 does not exist/);
    assert.deepEqual(
      requests.map((r) => r.route),
      ['mediation'],
    );
  });

  test('what confirms nothing spends at most the unconfirmed share of a day, then the queue says it is starved', async () => {
    const { q, add, requests } = setup();
    let id = 900_000;
    // A made-up listing id every 10 s for 3 hours: the share a minute (4) lets 240 an hour through,
    // the share of the day (333) stops them after about 83 minutes.
    await advance(3 * 60 * 60_000, 10_000, () => add('product.out_of_stock', id++, 'listing'));
    const room = unconfirmedRoom();
    assert.equal(DEFAULT_CONFIRM_POLICY.unknownPerDay, room.perDay);
    assert.ok(requests.length <= room.perDay, `${requests.length} requests; the day's room is ${room.perDay}`);
    assert.ok(requests.length >= room.perDay - 1, `the room is used (${requests.length})`);
    assert.match(q.stats.starved ?? '', /day's room/);
  });

  test('Retry-After (a DAILY_LIMIT of hours) is waited out by every lookup, and said as starved', async () => {
    let limited = true;
    const { q, add, requests } = setup({
      fail: () =>
        limited
          ? new RateLimitError({ status: 429, code: 'DAILY_LIMIT', message: 'daily quota', retryAfterS: 3 * 3600 })
          : undefined,
    });
    add('mediation.opened', 1, 'mediation');
    await advance(5_000);
    assert.equal(requests.length, 1);
    assert.match(q.stats.starved ?? '', /Retry-After/);
    add('mediation.opened', 2, 'mediation');
    await advance(2 * 3600_000, 60_000);
    assert.equal(requests.length, 1, 'no request before the service said (today: +2/+4/+8/+16 s)');
    limited = false;
    await advance(3600_000 + 120_000, 60_000);
    assert.ok(
      requests.length >= 2,
      `asked again once the wait is over: ${JSON.stringify(requests)} ${JSON.stringify(q.stats)} ${Date.now() - NOW}`,
    );
    assert.equal(q.stats.starved, undefined);
  });
});
