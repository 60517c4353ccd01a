// never miss a sale. A listener that was down catches up from the orders list on its
// next start (once per sale, SVC_SOURCE=catch-up), a sale that arrives both ways runs the hook
// once, `orders reconcile` is exact on reruns, and stuck sales exit 3 with --fail-on-stuck.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { SEED_IDS } from '../../src/sandbox/seed.js';
import { until } from '../webhooks/helpers.js';
import { svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { actions, delivered, listen, post } from './listener-harness.js';
import { sandboxPerFile } from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s), { resetEach: true });

/** A hook that appends "SOURCE EVENT ORDER" per run to a file. */
function hook(dir: string): { cmd: string; runs: () => string[] } {
  const file = join(dir, 'hook-runs.txt');
  return {
    cmd: `echo "$SVC_SOURCE $SVC_EVENT $SVC_ORDER_ID" >> '${file}'`,
    runs: () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []),
  };
}

const sale = async (productId: number = SEED_IDS.products.singleAuto) =>
  (await sb.control('POST', 'purchase', { productId })).id as number;

describe('webhooks listen catches up', () => {
  test('stopped, three sales made, started: the hook runs three times; a restart runs none again', async () => {
    const dirs = tempDirs();
    const h = hook(dirs.dir);
    const args = ['--events', 'order.delivered', '--exec', h.cmd, '--verbose'];
    const env = svcEnv(sb, dirs);
    const first = await listen(args, env);
    await until(() => /catch-up: first start/.test(first.stderr()), 20_000);
    await first.stop();
    // Down: no webhook endpoint reaches it, the service's notifications are lost.
    const ids = [await sale(), await sale(), await sale()];
    const second = await listen(args, env);
    await until(() => h.runs().length >= 3 && /catch-up done/.test(second.stderr()), 20_000);
    assert.deepEqual(h.runs().sort(), ids.map((id) => `catch-up order.delivered ${id}`).sort());
    assert.equal(actions(second, 'caught-up').length, 3);
    await second.stop();
    const third = await listen(args, env);
    await until(() => /catch-up done: 0 handed on/.test(third.stderr()), 20_000);
    await third.stop();
    assert.equal(h.runs().length, 3, 'a restart hands on none again');
  });

  test('the same sale via catch-up and a late live notification runs the hook once, either way round', async () => {
    const dirs = tempDirs();
    const h = hook(dirs.dir);
    const env = svcEnv(sb, dirs);
    const confirming = ['--events', 'order.delivered', '--exec', h.cmd, '--verbose'];
    const a = await listen(confirming, env);
    await until(() => /catch-up: first start/.test(a.stderr()), 20_000);
    await a.stop();
    const missed = await sale();
    const b = await listen(confirming, env);
    await until(() => h.runs().length >= 1, 20_000);
    // The service's resend arrives late: a duplicate, no second run.
    const r = await post(b.url, delivered(missed), 'order.delivered');
    assert.equal(r.status, 200);
    await until(() => actions(b, 'duplicate').length >= 1);
    // The other way round: live first, then the catch-up finds it handed on already.
    const liveId = await sale();
    await post(b.url, delivered(liveId), 'order.delivered');
    await until(() => h.runs().some((x) => x === `live order.delivered ${liveId}`), 20_000);
    // A catch-up after the live run: the next start's (a catch-up every second would spend more
    // than the day's budget, spec 8, so the interval cannot be made that short).
    await b.stop();
    const c = await listen(confirming, env);
    await until(() => /catch-up done/.test(c.stderr()), 20_000);
    await c.stop();
    assert.deepEqual(h.runs(), [`catch-up order.delivered ${missed}`, `live order.delivered ${liveId}`]);
  });
});

describe('svc orders reconcile', () => {
  test('twice: one run per sale; the first run ever replays nothing; --since looks back', async () => {
    const dirs = tempDirs();
    const h = hook(dirs.dir);
    const env = svcEnv(sb, dirs);
    const old = await sale();
    const first = await svc(['orders', 'reconcile', '--exec', h.cmd], { env });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /first reconcile/);
    assert.deepEqual(h.runs(), []);
    const ids = [await sale(), await sale()];
    for (let i = 0; i < 2; i++) {
      const r = await svc(['orders', 'reconcile', '--exec', h.cmd], { env });
      assert.equal(r.code, 0, r.stderr);
    }
    const want = ids.flatMap((id) => [`catch-up sale.processing ${id}`, `catch-up order.delivered ${id}`]);
    assert.deepEqual(h.runs().sort(), want.sort());
    // Another state folder with --since: the older sale too, once.
    const dirs2 = tempDirs();
    const h2 = hook(dirs2.dir);
    const r2 = await svc(['orders', 'reconcile', '--since', '1h', '--events', 'order.delivered', '--exec', h2.cmd], {
      env: svcEnv(sb, dirs2),
    });
    assert.equal(r2.code, 0, r2.stderr);
    assert.deepEqual(h2.runs().sort(), [old, ...ids].map((id) => `catch-up order.delivered ${id}`).sort());
  });

  test('a paid sale with no delivery is reported as stuck; --fail-on-stuck exits 3', async () => {
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const manual = await sale(SEED_IDS.products.activeManual);
    const args = ['orders', 'reconcile', '--since', '1h', '--exec', 'true', '--stuck-after', '0s'];
    const r = await svc([...args, '--fail-on-stuck'], { env });
    assert.equal(r.code, 3, r.stderr);
    const stuck = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => l.action === 'stuck');
    assert.deepEqual(
      stuck.map((l) => l.orderId),
      [manual],
    );
    assert.match(r.stderr, /1 stuck sale/);
    const lenient = await svc([...args.slice(0, -2), '--stuck-after', '1h'], { env });
    assert.equal(lenient.code, 0, lenient.stderr);
  });
});
