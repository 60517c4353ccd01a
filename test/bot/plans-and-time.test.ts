// The bot's pure parts: commands in both languages, the plan that runs once (pressed twice,
// pressed late, pressed after 24 h), and the seller's local day across the UTC day boundary.
import assert from 'node:assert/strict';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Order } from '../../src/api/responses.js';
import { parseCommand } from '../../src/bot/commands.js';
import { digestNotice, salesTotals } from '../../src/bot/digest.js';
import { localDayStart, nextLocalTime } from '../../src/bot/local-time.js';
import { PlanStore } from '../../src/bot/plans.js';

const SP = 'America/Sao_Paulo'; // UTC-3 all year since 2019: no summer time

describe('commands', () => {
  test('Portuguese and English names mean the same; arguments are checked', () => {
    assert.deepEqual(parseCommand('/pausar 111'), parseCommand('/pause 111'));
    assert.deepEqual(parseCommand('/pausar@LojaBot 111'), { ok: true, command: { name: 'pause', listing: 111 } });
    assert.deepEqual(parseCommand('/preco 111 19,90'), {
      ok: true,
      command: { name: 'price', listing: 111, cents: 1990 },
    });
    assert.deepEqual(parseCommand('/price 111 19.90'), parseCommand('/preço 111 19,90'));
    assert.deepEqual(parseCommand('/lucro semana'), { ok: true, command: { name: 'profit', period: 'week' } });
    assert.deepEqual(parseCommand('/profit month'), parseCommand('/lucro mês'));
    assert.equal(parseCommand('/pausar abc')?.ok, false);
    assert.equal(parseCommand('/preco 111 -5')?.ok, false);
    assert.equal(parseCommand('/rm -rf'), undefined);
    assert.equal(parseCommand('olá'), undefined);
  });
});

describe('plans', () => {
  test('a confirmed plan runs once: a second press finds it running, then done; its key never changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-plans-'));
    const store = new PlanStore(dir);
    const t0 = Date.parse('2026-11-27T12:00:00Z');
    const p = store.create({ kind: 'status', listing: 111, active: false }, '42', '42', t0);
    const first = store.claim(p.id, t0 + 1000);
    assert.equal(first.go, true);
    assert.deepEqual(store.claim(p.id, t0 + 1500), { go: false, why: 'running', plan: p });
    store.finish(p, 'done');
    // Read back from the file: another process (a restart) sees the same.
    const again = new PlanStore(dir).claim(p.id, t0 + 2000);
    assert.equal(again.go, false);
    assert.equal(!again.go && again.why, 'done');
    assert.equal(statSync(join(dir, 'plans.json')).mode & 0o777, 0o600);
  });

  test('a press after the plan expired does nothing; a plan left running past 24 h is never resent', () => {
    const store = new PlanStore(mkdtempSync(join(tmpdir(), 'svc-plans-')));
    const t0 = Date.parse('2026-11-27T12:00:00Z');
    const late = store.create({ kind: 'price', listing: 111, cents: 1990 }, '42', '42', t0);
    const r = store.claim(late.id, t0 + 16 * 60_000);
    assert.equal(!r.go && r.why, 'expired');
    const crashed = store.create({ kind: 'status', listing: 111, active: true }, '42', '42', t0);
    assert.equal(store.claim(crashed.id, t0 + 1000).go, true); // then the process died mid-request
    const day = store.claim(crashed.id, t0 + 24 * 3_600_000 + 1000);
    assert.equal(!day.go && day.why, 'key-expired');
    assert.equal(store.claim('nope', t0).go, false);
  });
});

describe('the local day', () => {
  const sale = (id: number, createdAt: string, price: number, cost?: number): Order =>
    ({
      id,
      orderCode: `O${id}`,
      type: 'sale',
      status: 'delivered',
      productId: 111,
      productTitle: 'Conta',
      price,
      fee: 100,
      quantity: 1,
      createdAt,
      deliveredItems: cost === undefined ? [] : [{ costCents: cost }],
    }) as Order;

  test('the São Paulo day runs 03:00 to 03:00 UTC: 23:59:59 the night before is yesterday, the digest instant itself is tomorrow', () => {
    const now = Date.parse('2026-11-28T00:00:00Z'); // 21:00 on the 27th in São Paulo
    const from = localDayStart(now, SP);
    assert.equal(new Date(from).toISOString(), '2026-11-27T03:00:00.000Z');
    assert.equal(new Date(nextLocalTime(now - 1000, '21:00', SP)).toISOString(), '2026-11-28T00:00:00.000Z');
    assert.equal(new Date(nextLocalTime(now, '21:00', SP)).toISOString(), '2026-11-29T00:00:00.000Z');
    const sales = [
      sale(1, '2026-11-27T02:59:59Z', 5000, 100), // 23:59:59 on the 26th local: yesterday
      sale(2, '2026-11-27T03:00:00Z', 1990, 700), // 00:00 local: today
      sale(3, '2026-11-27T23:59:00Z', 2500), // 20:59 local, no cost data
      sale(4, '2026-11-28T00:00:00Z', 9999, 1), // 21:00 local: the digest's own instant, tomorrow's
    ];
    const t = salesTotals(sales, from, now);
    assert.deepEqual(
      { count: t.count, priceCents: t.priceCents, feeCents: t.feeCents, profitCents: t.profitCents, noCost: t.noCost },
      { count: 2, priceCents: 4490, feeCents: 200, profitCents: 4490 - 200 - 700, noCost: ['O3'] },
    );
    const n = digestNotice({ kind: 'daily', fromMs: from, toMs: now, zone: SP, sales });
    assert.equal(n.headline, 'Day of the shop: 2026-11-27');
    assert.equal(n.data?.priceCents, 4490);
    assert.ok(n.fields.some(([k, v]) => k === 'no cost data' && v === 'O3'));
    assert.ok(n.fields.some(([k]) => k === 'profit (at most)'));
  });
});
