// the orders mirror against the sandbox: exact after the first sync, a few requests
// after it, whatever order the service lists in; resumable after kill -9; refused for another
// base URL or account; rebuilt when damaged or of another version; 0600 in a 0700 folder.
import assert from 'node:assert/strict';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

async function ordersRequests(): Promise<number> {
  const reqs = (await sb.control('GET', 'requests')) as { method: string; path: string }[];
  return reqs.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v2/orders')).length;
}

/** Every sale of the account as the service lists it (a full read, for comparison). */
async function serviceSales(): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let page = 1; ; page++) {
    const res = await sb.api('GET', `/api/v2/orders?type=sales&limit=100&page=${page}`);
    for (const o of res.body.data) out.set(o.id, o.status);
    if (res.body.data.length < 100) return out;
  }
}

async function mirroredSales(env: Record<string, string>): Promise<Map<number, string>> {
  // The mirror as profit sees it: every counted and excluded sale, offline (no request).
  const r = await svc(['orders', 'profit', '--offline', '-o', 'json'], { env });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  const out = new Map<number, string>();
  for (const row of j.rows) out.set(row.orderId, 'counted');
  for (const e of j.excluded) out.set(e.id, e.status);
  return out;
}

describe('orders profit on the mirror', () => {
  test('a seeded 20,000-sale account: the second run makes at most 5 requests, the same figures as a full read', async (t) => {
    await sb.control('POST', 'reset');
    await sb.control('POST', 'orders', { count: 20_000, days: 365, quantity: 2, price: 700, costCents: 120 });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const first = await svc(['orders', 'profit', '--by', 'day', '-o', 'json'], { env });
    assert.equal(first.code, 0, first.stderr);
    // Five new sales, one of 6 items with one costed: 6 items, 5 without a recorded cost.
    await sb.control('POST', 'orders', { count: 4, days: 0 });
    await sb.control('POST', 'orders', { count: 1, days: 0, quantity: 6, delivered: 1 });
    await sb.control('DELETE', 'requests');
    const second = await svc(['orders', 'profit', '--by', 'day', '-o', 'json'], { env });
    assert.equal(second.code, 0, second.stderr);
    const requests = ((await sb.control('GET', 'requests')) as unknown[]).length;
    assert.ok(requests <= 5, `the second run made ${requests} requests`);
    const full = await svc(['orders', 'profit', '--by', 'day', '-o', 'json'], { env: svcEnv(sb, tempDirs()) });
    assert.equal(full.code, 0, full.stderr);
    assert.deepEqual(JSON.parse(second.stdout), JSON.parse(full.stdout), 'the same figures as a full read');
    const totals = JSON.parse(second.stdout).totals;
    assert.equal(totals.sales, 20_005 + 3, 'the seeded sales and the 3 counted demo sales');
    assert.equal(totals.itemsWithoutCost - JSON.parse(first.stdout).totals.itemsWithoutCost, 5);
    t.diagnostic(`second run: ${requests} requests`);
  });
});

describe('node:sqlite loads only for the verbs that use the mirror', () => {
  test('products list never loads it; orders sync does, without a warning', async () => {
    await sb.control('POST', 'reset');
    const dirs = tempDirs();
    const hook = join(dirs.dir, 'probe.cjs');
    writeFileSync(
      hook,
      `const M = require('node:module'); const load = M._load;
M._load = function (request, ...rest) {
  if (String(request).includes('sqlite')) process.stderr.write('SQLITE-LOADED\\n');
  return load.call(this, request, ...rest);
};`,
    );
    const env = { ...svcEnv(sb, dirs), NODE_OPTIONS: `--require ${hook}` };
    const list = await svc(['products', 'list'], { env });
    assert.equal(list.code, 0, list.stderr);
    assert.doesNotMatch(list.stderr, /SQLITE-LOADED/);
    const sync = await svc(['orders', 'sync'], { env });
    assert.equal(sync.code, 0, sync.stderr);
    assert.match(sync.stderr, /SQLITE-LOADED/);
    assert.doesNotMatch(sync.stderr, /ExperimentalWarning|experimental feature/);
  });
});

describe('svc orders sync', () => {
  test('first sync reads all, the next ones a few requests; exact whatever the list order', async () => {
    await sb.control('POST', 'reset');
    await sb.control('POST', 'orders', { count: 1500, days: 30 });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    await sb.control('DELETE', 'requests');
    const first = await svc(['orders', 'sync', '-o', 'json'], { env });
    assert.equal(first.code, 0, first.stderr);
    const s1 = JSON.parse(first.stdout);
    assert.equal(s1.whole, true);
    const firstRequests = await ordersRequests();
    assert.ok(firstRequests >= 15, `the first sync read every page (${firstRequests})`);

    // The service now lists newest first, then by id: new sales and changed ones still arrive.
    for (const listOrder of ['newest', 'id-desc', 'oldest'] as const) {
      await sb.control('POST', 'orders', { count: 3, days: 0, listOrder });
      await sb.control('DELETE', 'requests');
      const again = await svc(['orders', 'sync', '-o', 'json'], { env });
      assert.equal(again.code, 0, again.stderr);
      const s = JSON.parse(again.stdout);
      assert.equal(s.added, 3, `${listOrder}: the 3 new sales were added`);
      const n = await ordersRequests();
      assert.ok(n <= 5, `${listOrder}: a later sync makes at most 5 requests (made ${n})`);
    }
    const want = await serviceSales();
    const got = await mirroredSales(env);
    assert.equal(got.size, want.size);
    for (const id of want.keys()) assert.ok(got.has(id), `sale ${id} is in the mirror`);

    // 0600 file in a 0700 folder; no key in it.
    const dir = join(dirs.stateDir, 'mirror');
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.sqlite'))) {
      assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600, f);
    }
  });

  test('an old order whose status moves is seen by the next sync, in a few requests', async () => {
    await sb.control('POST', 'reset');
    const seeded = await sb.control('POST', 'orders', { count: 500, days: 30 });
    const stuck = await sb.control('POST', 'orders', { count: 3, days: 20, status: 'processing' });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    // A month-old delivered sale goes to mediation; the old processing ones are delivered.
    await sb.control('POST', 'order-status', { id: seeded.firstId, status: 'in_mediation' });
    for (let id = stuck.firstId; id <= stuck.lastId; id++)
      await sb.control('POST', 'order-status', { id, status: 'delivered' });
    await sb.control('DELETE', 'requests');
    const again = await svc(['orders', 'sync', '-o', 'json'], { env });
    assert.equal(again.code, 0, again.stderr);
    const n = await ordersRequests();
    // 5, and the one query for the sales cancelled within the settle window (svc decision "one
    // identity")
    assert.ok(n <= 6, `${n} requests`);
    const got = await mirroredSales(env);
    assert.equal(got.get(seeded.firstId), 'in_mediation');
    for (let id = stuck.firstId; id <= stuck.lastId; id++) assert.equal(got.get(id), 'counted', `order ${id}`);
    // And back: the mediation closes (completed) -> counted again.
    await sb.control('POST', 'order-status', { id: seeded.firstId, status: 'completed' });
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    assert.equal((await mirroredSales(env)).get(seeded.firstId), 'counted');
  });

  test('kill -9 mid-sync: the next sync goes on and is exact', async () => {
    await sb.control('POST', 'reset');
    await sb.control('POST', 'orders', { count: 3000, days: 60 });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    // Slow every orders page down so the kill lands mid-sync, after some pages are stored.
    await sb.control('POST', 'faults', {
      match: { route: 'listOrders' },
      fault: { type: 'delay', ms: 30 },
      times: 1000,
    });
    let seen = 0;
    const killed = svc(['orders', 'sync'], {
      env,
      killOn: new Promise<void>((resolve) => {
        const poll = setInterval(async () => {
          seen = await ordersRequests();
          if (seen >= 8) {
            clearInterval(poll);
            resolve();
          }
        }, 20);
      }),
    });
    const k = await killed;
    assert.equal(k.signal, 'SIGKILL', `the sync was killed mid-way (${k.stderr})`);
    await sb.control('DELETE', 'faults');
    await sb.control('DELETE', 'requests');
    const again = await svc(['orders', 'sync', '-o', 'json'], { env });
    assert.equal(again.code, 0, again.stderr);
    const s = JSON.parse(again.stdout);
    assert.equal(s.resumed, true, 'it went on from the interrupted pass');
    assert.ok((await ordersRequests()) < 30, 'it did not start over (30 pages in all)');
    const want = await serviceSales();
    const got = await mirroredSales(env);
    assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort());
  });

  test('a mirror of another base URL is refused; --rebuild starts it again', async () => {
    await sb.control('POST', 'reset');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    const other = await startTestSandbox();
    try {
      const env2 = { ...env, SVC_BASE_URL: other.url };
      const r = await svc(['orders', 'sync'], { env: env2 });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /does not mix them/);
      const rebuilt = await svc(['orders', 'sync', '--rebuild'], { env: env2 });
      assert.equal(rebuilt.code, 0, rebuilt.stderr);
    } finally {
      await other.close();
    }
  });

  test('a damaged mirror is rebuilt with a message', async () => {
    await sb.control('POST', 'reset');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    const dir = join(dirs.stateDir, 'mirror');
    const file = readdirSync(dir).find((f) => f.endsWith('.sqlite'))!;
    for (const f of readdirSync(dir)) if (f.startsWith(`${file}-`)) writeFileSync(join(dir, f), '');
    writeFileSync(join(dir, file), 'this is not a database, it is garbage '.repeat(200));
    const r = await svc(['orders', 'sync', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /rebuilt from the service/);
    assert.equal(JSON.parse(r.stdout).whole, true);
  });

  test('two syncs at once: the second waits for the first', async () => {
    await sb.control('POST', 'reset');
    await sb.control('POST', 'orders', { count: 3000, days: 10 });
    await sb.control('POST', 'faults', {
      match: { route: 'listOrders' },
      fault: { type: 'delay', ms: 100 },
      times: 1000,
    });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    await sb.control('DELETE', 'requests');
    try {
      const a = svc(['orders', 'sync', '-o', 'json'], { env });
      await new Promise<void>((resolve) => {
        const poll = setInterval(async () => {
          if ((await ordersRequests()) >= 2) {
            clearInterval(poll);
            resolve();
          }
        }, 10);
      });
      const b = await svc(['orders', 'sync', '-o', 'json'], { env });
      const ra = await a;
      assert.equal(ra.code, 0, ra.stderr);
      assert.equal(b.code, 0, b.stderr);
      assert.match(b.stderr, /waiting for the sync of the orders mirror in process \d+/);
      assert.equal(JSON.parse(b.stdout).whole, false, `the second one found the mirror made: ${b.stdout} ${ra.stdout}`);
    } finally {
      await sb.control('DELETE', 'faults');
    }
  });
});
