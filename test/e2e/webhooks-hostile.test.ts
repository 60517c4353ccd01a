// the built `svc webhooks listen` exposed to senders that are not the service, against
// the sandbox (the real sales) and a real listener process: forged future ids never block the
// real sale, a forged flood costs at most its budget while real sales get through, the hook holds
// no key, a full disk reruns no hook and answers 503 until there is room, kill -9 mid-burst loses
// nothing and repeats only with the same delivery id, and a wrong path is a bare 404.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { until } from '../webhooks/helpers.js';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { actions, delivered, listen, post } from './listener-harness.js';

let sb: TestSandbox;
// 0.01: the sandbox resends a failed notification after 150 ms, 600 ms, 3 s, 18 s (spec 6.2.2 scaled).
before(async () => {
  sb = await startTestSandbox({ timeScale: 0.01 });
});
after(async () => {
  await sb.close();
});
beforeEach(async () => {
  await sb.control('POST', 'reset');
});

const LISTING = SEED_IDS.products.singleAuto;

/** Credentials for LISTING so that `n` sales can happen. */
async function stock(n: number): Promise<void> {
  const items = Array.from({ length: n }, (_, i) => ({ credential: `hostile-${Date.now()}-${i}:pw${i}` }));
  const r = await sb.api('POST', `/api/v2/products/${LISTING}/stock`, { items });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

/**
 * A hook that appends one JSON line per run: its delivery id, event, order, the envelope and its
 * environment's SVC_* names, and whether any variable holds something shaped like a key (the script
 * itself holds no key: the run's secret scan reads it).
 */
function recordingHook(dir: string): {
  cmd: string;
  runs: () => {
    id: string;
    event: string;
    order: string;
    confirmed: string;
    svcOrderId?: number;
    envKeys: string[];
    envHasKey: boolean;
  }[];
} {
  const file = join(dir, 'runs.jsonl');
  const script = join(dir, 'hook.cjs');
  writeFileSync(
    script,
    `let s='';process.stdin.on('data',c=>s+=c).on('end',()=>{const e=JSON.parse(s);require('fs').appendFileSync(${JSON.stringify(file)},JSON.stringify({id:process.env.SVC_DELIVERY_ID,event:process.env.SVC_EVENT,order:process.env.SVC_ORDER_ID,confirmed:process.env.SVC_CONFIRMED,svcOrderId:e.svc.order&&e.svc.order.id,envKeys:Object.keys(process.env).filter(k=>k.startsWith('SVC_')),envHasKey:Object.values(process.env).some(v=>/svc_(v2_)?sk_/.test(String(v)))})+'\\n')})`,
  );
  return {
    cmd: `"${process.execPath}" "${script}"`,
    runs: () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
  };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('webhooks listen against hostile senders', () => {
  test('forged order.delivered for future order ids, then the real sale: the real one reaches the hook exactly once, with the confirmed order and no key', async () => {
    const dirs = tempDirs();
    const hook = recordingHook(dirs.dir);
    await stock(2);
    // A roomy unknown budget (one request that confirms nothing every 2 s): this test is about
    // memory, not cost (the flood test below and test/webhooks/confirm-queue are about cost).
    const l = await listen(
      ['--events', 'order.delivered', '--exec', hook.cmd, '--refuse-for', '0.5', '--unknown-budget', '30'],
      svcEnv(sb, dirs),
    );
    await sb.control('POST', 'webhooks', { urls: [l.url] });
    const first = (await sb.control('POST', 'purchase', { productId: LISTING })).id as number;
    await until(() => hook.runs().length === 1);
    for (const id of [first + 1, first + 2, first + 3])
      assert.equal((await post(l.url, delivered(id), 'order.delivered')).status, 200);
    await until(() => actions(l, 'dropped').length === 3, 20_000);
    const real = (await sb.control('POST', 'purchase', { productId: LISTING })).id as number;
    assert.equal(real, first + 1, 'the sale takes the id the forger used');
    await until(() => hook.runs().some((r) => r.order === String(real)), 20_000);
    // The sandbox got its 2xx (nothing more will come) and the listener has nothing pending.
    await until(() => actions(l, 'executed').length === 2);
    const runs = hook.runs().filter((r) => r.order === String(real));
    assert.equal(runs.length, 1, JSON.stringify(hook.runs()));
    assert.equal(runs[0]!.confirmed, '1');
    assert.equal(runs[0]!.svcOrderId, real, 'the order as the service returned it');
    for (const r of hook.runs()) {
      assert.equal(r.envHasKey, false, 'no API key in the hook environment');
      assert.deepEqual(r.envKeys.sort(), [
        'SVC_CONFIRMED',
        'SVC_DELIVERY_ID',
        'SVC_EVENT',
        'SVC_ORDER_ID',
        'SVC_SOURCE', // live or catch-up
      ]);
    }
    assert.equal(await l.stop(), 0);
    assert.match(l.stderr(), /3 not confirmed by the service/);
  });

  test('a forged flood while real sales happen: lookups for forged ids stay within their budget, the real sales reach the hook', async () => {
    const dirs = tempDirs();
    const hook = recordingHook(dirs.dir);
    await stock(3);
    const budget = 6; // requests that confirm nothing: one every 10 s at most
    const l = await listen(
      ['--events', 'order.delivered', '--exec', hook.cmd, '--unknown-budget', String(budget), '--lookup-budget', '30'],
      svcEnv(sb, dirs),
    );
    await sb.control('POST', 'webhooks', { urls: [l.url] });
    await sb.control('DELETE', 'requests');
    const t0 = Date.now();
    const real: number[] = [];
    for (let wave = 0; wave < 3; wave++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => post(l.url, delivered(800_000 + wave * 100 + i), 'order.delivered')),
      );
      real.push((await sb.control('POST', 'purchase', { productId: LISTING })).id as number);
    }
    await until(() => real.every((id) => hook.runs().some((r) => r.order === String(id))), 40_000);
    const seconds = (Date.now() - t0) / 1000;
    const requests = (await sb.control('GET', 'requests')) as { route: string; path: string }[];
    const forgedById = requests.filter((r) => r.route === 'getOrder' && Number(r.path.split('/').pop()) >= 800_000);
    const confirmations = requests.filter((r) => r.route === 'getOrder' || r.route === 'listOrders');
    assert.ok(
      confirmations.length <= 30,
      `${confirmations.length} confirmation requests, the listener's share is 30/min`,
    );
    assert.equal(hook.runs().filter((r) => Number(r.order) >= 800_000).length, 0, 'no forged event reached the hook');
    assert.equal(await l.stop(), 0);
    // The listener's own count of requests that confirmed nothing (lookups of forged ids, list
    // pages with no real sale in them): within the budget, which starts with one request and
    // earns one every 60/budget s.
    const wasted = Number(/(\d+) confirmed nothing, budget 6\/min/.exec(l.stderr())?.[1]);
    assert.ok(wasted <= 1 + Math.ceil((seconds * budget) / 60), `${wasted} requests confirmed nothing in ${seconds} s`);
    assert.ok(forgedById.length <= wasted, `${forgedById.length} lookups of forged ids`);
    // Said in the output: what was not confirmed and what it cost. A page of recent
    // sales is no verdict, so forged ids are refused only by lookups (within the budget) and the
    // rest wait to be given up; none is handed on.
    const m = /(\d+) not confirmed by the service.*; (\d+) awaiting confirmation/.exec(l.stderr());
    assert.ok(m, l.stderr());
    assert.equal(Number(m[1]) + Number(m[2]), 300);
  });

  test('the disk full: hooks that ran are not run again, new notifications get 503 until there is room, then everything is recorded', async (t) => {
    const dirs = tempDirs();
    const mnt = join(dirs.dir, 'state-on-small-disk');
    mkdirSync(mnt, { recursive: true });
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', mnt]);
    if (mounted.status !== 0) return t.skip(`cannot mount a small tmpfs here: ${mounted.stderr}`);
    t.after(() => {
      spawnSync('umount', ['-l', mnt]);
    });
    const hook = recordingHook(dirs.dir);
    const gate = join(dirs.dir, 'go');
    const gated = `sh -c 'while [ ! -e "${gate}" ]; do sleep 0.01; done; exec ${hook.cmd.replace(/'/g, "'\\''")}'`;
    await stock(6);
    const env = { ...svcEnv(sb, dirs), SVC_STATE_DIR: mnt };
    const l = await listen(['--events', 'order.delivered', '--exec', gated], env);
    await sb.control('POST', 'webhooks', { urls: [l.url] });
    for (let i = 0; i < 5; i++) await sb.control('POST', 'purchase', { productId: LISTING });
    const why = (e: Error) => {
      throw new Error(`${e.message}: ${l.stderr()}\n${l.stdout().slice(-3000)}`);
    };
    await until(() => actions(l, 'confirmed').length === 5, 15_000).catch(why);
    // Fill the disk while the five hooks wait at their gate.
    const filler = join(mnt, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(1024 * 1024));
    } catch {
      /* ENOSPC: full */
    }
    // The store file's last page may still have room: notifications fill it until one gets 503.
    let probe = 900_000;
    for (let status = 200; status !== 503; status = (await post(l.url, delivered(probe++), 'order.delivered')).status) {
      assert.equal(status, 200);
      assert.ok(probe < 900_500, 'the small disk never filled');
    }
    writeFileSync(gate, '');
    await until(() => actions(l, 'executed').length === 5 && /cannot write/.test(l.stderr()), 15_000).catch(why);
    const refused = await post(l.url, delivered(999_000), 'order.delivered');
    assert.equal(refused.status, 503, 'a notification that cannot be recorded is not answered 2xx');
    assert.equal(refused.headers.get('retry-after'), '60');
    rmSync(filler);
    await until(() => /can write again/.test(l.stderr()), 10_000).catch(why);
    const sixth = (await sb.control('POST', 'purchase', { productId: LISTING })).id as number;
    await until(() => hook.runs().some((r) => r.order === String(sixth)), 15_000).catch(why);
    assert.equal(await l.stop(), 0);
    const runs = hook.runs();
    assert.equal(runs.length, 6, `each hook ran once: ${JSON.stringify(runs.map((r) => r.order))}`);
    assert.equal(new Set(runs.map((r) => r.id)).size, 6);
    // Every step made while the disk was full reached it: a new listener has nothing to redo.
    const again = await listen(['--events', 'order.delivered', '--exec', hook.cmd], env);
    assert.equal(await again.stop(), 0);
    const resumed = actions(again, 'resumed').map((r) => r.orderId!);
    assert.ok(
      resumed.every((id) => id >= 900_000),
      `only the unconfirmed probes are resumed, no real sale: ${resumed}`,
    );
    assert.equal(hook.runs().length, 6);
  });

  test('kill -9 in the middle of a burst: every real sale reaches the hook, a repeat only with the same SVC_DELIVERY_ID', async () => {
    const dirs = tempDirs();
    const hook = recordingHook(dirs.dir);
    const n = 30;
    await stock(n);
    const port = String(await freePort());
    const args = ['--events', 'order.delivered', '--exec', hook.cmd];
    const env = svcEnv(sb, dirs);
    const first = await listen(['--port', port, ...args], env);
    await sb.control('POST', 'webhooks', { urls: [first.url] });
    const orders: number[] = [];
    for (let i = 0; i < n; i++)
      orders.push((await sb.control('POST', 'purchase', { productId: LISTING })).id as number);
    await until(() => hook.runs().length >= 10, 15_000);
    await first.kill9();
    const second = await listen(['--port', port, ...args], env);
    await until(() => orders.every((id) => hook.runs().some((r) => r.order === String(id))), 40_000);
    assert.equal(await second.stop(), 0);
    const byOrder = new Map<string, Set<string>>();
    for (const r of hook.runs()) byOrder.set(r.order, (byOrder.get(r.order) ?? new Set()).add(r.id));
    assert.deepEqual(
      [...byOrder.keys()].map(Number).sort((a, b) => a - b),
      orders,
    );
    for (const [order, ids] of byOrder) assert.equal(ids.size, 1, `order ${order} ran with ${ids.size} delivery ids`);
  });

  test('the secret path: any other path is a bare 404 with no store write and no lookup; the path is never printed again', async () => {
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const init = await svc(['webhooks', 'listen', '--init'], { env });
    assert.equal(init.code, 0, init.stderr);
    const secret = init.stdout.trim();
    assert.match(secret, /^\/hooks\/[A-Za-z0-9_-]{32}$/);
    const l = await listen([], env);
    assert.ok(!l.url.includes(secret), 'the URL is shown masked');
    await sb.control('DELETE', 'requests');
    const store = join(dirs.stateDir, 'webhooks', 'deliveries.jsonl');
    const before = statSync(store).size;
    for (const path of ['/', '/hooks/wrong', `${secret}x`, secret.slice(0, -1)]) {
      const r = await post(`${l.origin}${path}`, delivered(SEED_IDS.orders.saleDelivered), 'order.delivered');
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, { error: 'not found' });
    }
    assert.equal(statSync(store).size, before, 'no store write');
    // the listener's catch-up pages the orders list (the mirror) on its own schedule;
    // what a post to a wrong path must never cause is a lookup of its order.
    const lookups = ((await sb.control('GET', 'requests')) as { route: string | null }[]).filter(
      (r) => r.route === 'getOrder',
    );
    assert.equal(lookups.length, 0, 'no lookup');
    assert.equal(
      (await post(`${l.origin}${secret}`, delivered(SEED_IDS.orders.saleDelivered), 'order.delivered')).status,
      200,
    );
    assert.equal(await l.stop(), 0);
    assert.ok(!(l.stdout() + l.stderr()).includes(secret), 'the secret path is in no log line');
    assert.match(l.stderr(), /refused 4 posts \(404 wrong path: 4\)/);
  });
});
