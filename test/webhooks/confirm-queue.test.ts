// The confirmation queue on a fake clock: what forged traffic can cost the account,
// how fast real sales get through a flood, and that a forger cannot block a real sale.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { ConfirmQueue } from '../../src/webhooks/confirm-queue.js';
import type { Order, OrderSource, RecentSales } from '../../src/webhooks/confirm.js';
import type { ConfirmPolicy } from '../../src/webhooks/decisions.js';
import { eventDef } from '../../src/webhooks/events.js';

const POLICY: ConfirmPolicy = {
  lookupsPerMinute: 20,
  unknownPerMinute: 4,
  unknownPerDay: 10_000,
  refuseForMs: 30_000,
  maxRefuseForMs: 600_000,
  giveUpAfterMs: 3_600_000,
};
const sale = (id: number, status = 'delivered'): Order => ({ id, orderCode: `ORD-${id}`, type: 'sale', status });

/** A fake service: `real` order ids exist as sales; every request is logged with its time. */
function service(opts: { complete: boolean; status?: (id: number) => string }) {
  const real = new Set<number>();
  /** Sales created days before they were paid: found by id, not on a page of recent sales. */
  const late = new Set<number>();
  const requests: { at: number; kind: 'id' | 'page'; id?: number; useful: boolean }[] = [];
  const source: OrderSource = {
    getOrder: async (id) => {
      const known = real.has(id) || late.has(id);
      requests.push({ at: Date.now(), kind: 'id', id, useful: known });
      return known ? sale(id, opts.status?.(id)) : undefined;
    },
    getThing: async () => ({ value: undefined, requests: 1 }),
    recentSales: async (): Promise<RecentSales> => {
      const orders = [...real].map((id) => sale(id, opts.status?.(id)));
      requests.push({ at: Date.now(), kind: 'page', useful: false });
      return { orders, requests: 1, complete: opts.complete };
    },
  };
  return { real, late, requests, source };
}

function queue(source: OrderSource, policy = POLICY) {
  const confirmed: { key: string; at: number }[] = [];
  const refused: { key: string; reason: string }[] = [];
  const q = new ConfirmQueue(
    source,
    {
      confirmed: (key) => confirmed.push({ key, at: Date.now() }),
      refused: (key, reason) => refused.push({ key, reason }),
      deferred: () => undefined,
    },
    policy,
  );
  let n = 0;
  const add = (orderId: number, event = 'order.delivered', from = '127.0.0.1') => {
    const key = `${event}:order:${orderId}`;
    q.add({ key, def: eventDef(event)!, orderId, receivedAt: Date.now(), from });
    return key;
  };
  return { q, confirmed, refused, add, next: () => n++ };
}

/** Let promise callbacks run, then move the fake clock on by `ms` in steps of `step`. */
async function advance(ms: number, step = 250, each?: () => void): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    each?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    mock.timers.tick(step);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}

/** The most requests of `kind` (all when undefined) made in any 60 s window. */
function perMinute(
  requests: { at: number; useful: boolean }[],
  pick: (r: { at: number; useful: boolean }) => boolean,
): number {
  const times = requests.filter(pick).map((r) => r.at);
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 60_000).length));
}

describe('confirmation queue', () => {
  // Inside the suite, not at the top level: top-level hooks belong to the run's root test, and
  // when the files share one process (npm run test:unit) they would fake every other file's clock.
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: Date.parse('2026-11-24T10:00:00Z') }));
  afterEach(() => mock.timers.reset());

  test('a 10-minute flood of forged ids costs at most the unknown budget a minute; real sales in it are confirmed within 60/budget s', async () => {
    const svc = service({ complete: false }); // a seller with many sales: a miss in a page is no verdict
    const { q, confirmed, add } = queue(svc.source);
    let forged = 700_000;
    const realAt = new Map<string, number>();
    let sold = 0;
    await advance(600_000, 250, () => {
      for (let i = 0; i < 5; i++) add(forged++); // 20 forged posts a second
      if (Date.now() % 45_000 < 250) {
        // a real sale every 45 s
        const id = 500 + sold++;
        svc.real.add(id);
        realAt.set(add(id), Date.now());
      }
    });
    q.close();
    for (const r of svc.requests) r.useful = r.kind === 'id' ? svc.real.has(r.id!) : r.useful;
    const usefulPages = new Set(confirmed.map((c) => c.at));
    for (const r of svc.requests) if (r.kind === 'page' && usefulPages.has(r.at)) r.useful = true;
    const wasted = svc.requests.filter((r) => !r.useful).length;
    assert.ok(
      perMinute(svc.requests, (r) => !r.useful) <= POLICY.unknownPerMinute,
      `requests that confirmed nothing: ${perMinute(svc.requests, (r) => !r.useful)} in a minute`,
    );
    assert.ok(wasted <= POLICY.unknownPerMinute * 10 + 1, `${wasted} wasted requests in 10 min`);
    assert.ok(perMinute(svc.requests, () => true) <= POLICY.lookupsPerMinute);
    assert.equal(confirmed.length, realAt.size, 'every real sale confirmed');
    const waits = confirmed.map((c) => c.at - realAt.get(c.key)!);
    assert.ok(
      Math.max(...waits) <= 60_000 / POLICY.unknownPerMinute + 1_000,
      `real sales waited ${Math.max(...waits)} ms at most`,
    );
    assert.equal(q.stats.unconfirmedLookups, wasted);
  });

  test('a page is never a verdict: sales absent from it are looked up by id, the service sender first, forged ids within the unknown budget', async () => {
    const svc = service({ complete: true });
    svc.real.add(501);
    for (const id of [502, 503, 504]) svc.late.add(id);
    const { q, confirmed, refused, add } = queue(svc.source);
    for (let id = 9000; id < 9100; id++) add(id, 'order.completed', '127.0.0.2');
    add(501, 'order.delivered', '127.0.0.1');
    for (const id of [502, 503, 504]) add(id, 'order.delivered', '127.0.0.1');
    await advance(60_000);
    q.close();
    assert.deepEqual(confirmed.map((c) => c.key).sort(), [
      'order.delivered:order:501',
      'order.delivered:order:502',
      'order.delivered:order:503',
      'order.delivered:order:504',
    ]);
    assert.ok(
      refused.every((r) => !/not among/.test(r.reason)),
      'nothing refused because a page did not hold it',
    );
    const forgedById = svc.requests.filter((r) => r.kind === 'id' && r.id! >= 9000).length;
    assert.ok(forgedById <= 1 + POLICY.unknownPerMinute, `${forgedById} lookups of forged ids in a minute`);
  });

  test('a forger cannot block a real sale: the refused id, posted again, is confirmed by the next page once the sale is real', async () => {
    const svc = service({ complete: false });
    const { q, confirmed, refused, add } = queue(svc.source);
    add(7002);
    await advance(1_000);
    assert.equal(refused.length, 1, 'refused by its lookup');
    add(7002); // forged again: the id is refused for 30 s, so no lookup by id
    await advance(1_000);
    const before = svc.requests.filter((r) => r.kind === 'id').length;
    svc.real.add(7002); // the real sale happens; its notification arrives (the same key)
    add(7002);
    await advance(15_000);
    q.close();
    assert.deepEqual(
      confirmed.map((c) => c.key),
      ['order.delivered:order:7002'],
    );
    assert.equal(
      svc.requests.filter((r) => r.kind === 'id').length,
      before,
      'found by a list page, not by looking the refused id up again',
    );
  });

  test('one lookup by id settles every notification waiting on that order', async () => {
    const svc = service({ complete: false });
    svc.real.add(42);
    const { q, confirmed, add } = queue(svc.source, { ...POLICY, unknownPerMinute: 1 });
    add(42, 'order.delivered');
    add(42, 'sale.processing');
    await advance(2_000);
    q.close();
    assert.equal(confirmed.length, 2);
    assert.ok(svc.requests.length <= 2, `${svc.requests.length} requests`);
  });

  test('an order not yet in the state of its event is looked up again, within the unknown budget, then given up', async () => {
    const svc = service({ complete: false, status: () => 'processing' });
    svc.real.add(42);
    const { q, confirmed, refused, add } = queue(svc.source);
    add(42, 'order.completed');
    await advance(20 * 60_000, 1_000);
    q.close();
    assert.equal(confirmed.length, 0);
    assert.equal(refused.length, 1);
    assert.match(refused[0]!.reason, /not yet completed after 10 tries/);
    assert.ok(perMinute(svc.requests, () => true) <= POLICY.unknownPerMinute);
  });
});
