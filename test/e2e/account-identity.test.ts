// The account's one identity (svc decision "one identity") end to end, through the built CLI
// against a sandbox of its own: a base URL spelled with a trailing slash, a second pool secret,
// `stock add` of a file after sales, and `orders profit --offline` on a mirror that is being
// rebuilt, was cut short, is missing, or is another account's. Each case sold twice, or printed a
// wrong number with exit 0, before the records were keyed by the account the service names.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import {
  autoListing,
  poolCsv as poolOf,
  refsOf,
  requestCount,
  sandboxPerFile,
  sell as sellOf,
} from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s), { resetEach: true });

const MARKER = 'ZZIDENTITYMARKER';
const SECRET_A = 'first-pool-secret-of-this-account-0123456789';
const SECRET_B = 'second-pool-secret-of-this-account-987654321';

const listing = (tag: string) => autoListing(sb, `E2E identity ${tag}`);
const poolCsv = (tag: string, from: number, to: number) => poolOf(tag, MARKER, from, to);
const sell = (id: number, n: number) => sellOf(sb, id, n);
/** The refs each sale of these listings delivered, the pool tag taken off. */
const deliveredRefs = (...ids: number[]) => refsOf(sb, ids);
const requests = (pred: (r: any) => boolean) => requestCount(sb, pred);

function soldTwice(refs: string[]): string[] {
  return refs.filter((r, i) => refs.indexOf(r) !== i);
}

describe('one identity of the account on every upload path', () => {
  test('a base URL with a trailing slash finds the same ledger: no account sold twice; GET /me asked once', async () => {
    const [a, b] = [await listing('sa'), await listing('sb')];
    const dirs = tempDirs();
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('ts', 1, 20));
    const refill = (id: number, env: Record<string, string>) =>
      svc(['stock', 'refill', String(id), '--pool', pool, '--target', '5', '-o', 'json'], { env });
    const r1 = await refill(a, svcEnv(sb, dirs));
    assert.equal(r1.code, 0, r1.stderr);
    const slash = { ...svcEnv(sb, dirs), SVC_BASE_URL: `${sb.url}/` };
    const r2 = await refill(b, slash);
    assert.equal(r2.code, 0, r2.stderr);
    await sell(a, 5);
    await sell(b, 5);
    const refs = await deliveredRefs(a, b);
    assert.equal(refs.length, 10);
    assert.deepEqual(soldTwice(refs), [], 'an account was sold twice');
    assert.equal(await requests((r) => r.path === '/api/v2/me'), 1, 'the identity is asked once per key');
  });

  test('a refill plan counts the identity request as the wire shows it, until a real run remembers it', async () => {
    const a = await listing('dr');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('dr', 1, 5));
    const args = ['stock', 'refill', String(a), '--pool', pool, '--target', '3', '-o', 'json'];
    for (const expected of [1, 1]) {
      await sb.control('DELETE', 'requests');
      const plan = await svc([...args, '--dry-run'], { env });
      assert.equal(plan.code, 0, plan.stderr);
      assert.equal(JSON.parse(plan.stdout).identityRequests, expected);
      assert.equal(await requests((r) => r.path === '/api/v2/me'), expected);
    }
    assert.equal((await svc(args, { env })).code, 0);
    await sb.control('DELETE', 'requests');
    const known = await svc([...args, '--target', '4', '--dry-run'], { env });
    assert.equal(JSON.parse(known.stdout).identityRequests, 0);
    assert.equal(await requests((r) => r.path === '/api/v2/me'), 0);
  });

  test('a second pool secret for an account with tagged uploads: refused with what to do, nothing sent', async () => {
    const [a, b] = [await listing('2a'), await listing('2b')];
    const dirs = tempDirs();
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('ds', 1, 20));
    const refill = (id: number, secret: string) =>
      svc(['stock', 'refill', String(id), '--pool', pool, '--target', '5'], {
        env: { ...svcEnv(sb, dirs), SVC_POOL_SECRET: secret },
      });
    assert.equal((await refill(a, SECRET_A)).code, 0);
    await sb.control('DELETE', 'requests');
    const second = await refill(b, SECRET_B);
    assert.equal(second.code, 1, second.stderr);
    assert.match(second.stderr, /already has 5 credentials uploaded by svc with another pool secret/);
    assert.match(second.stderr, /copy the poolSecret line .* or set SVC_POOL_SECRET/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    // Sales tagged by the first secret, seen by the second: refused as well.
    await sell(a, 3);
    const again = await refill(b, SECRET_B);
    assert.equal(again.code, 1, again.stderr);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
  });

  test('`stock add` of the same file after sales: sold lines refused with FILE:LINE, exit 2; a copy too; --allow-resend sends them', async () => {
    const a = await listing('sa');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const batch = writeFile(dirs.dir, 'batch.csv', poolCsv('ad', 1, 5));
    const add = (file: string, extra: string[] = []) =>
      svc(['stock', 'add', String(a), '--file', file, '--format', 'csv', ...extra], { env });
    const first = await add(batch);
    assert.equal(first.code, 0, first.stderr);
    await sell(a, 3);
    await sb.control('DELETE', 'requests');
    const again = await add(batch);
    assert.equal(again.code, 2, again.stderr);
    assert.match(again.stderr, /batch\.csv:2: this credential was sold already \(order \d+\)/);
    assert.match(again.stderr, /batch\.csv:4: this credential was sold already/);
    assert.doesNotMatch(again.stderr, /batch\.csv:5:/);
    assert.match(again.stderr, /3 problems in .*batch\.csv; nothing was sent/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    // Identity by content, never by path: a renamed copy is the same credentials.
    const copy = join(dirs.dir, 'renamed.csv');
    copyFileSync(batch, copy);
    const copied = await add(copy);
    assert.equal(copied.code, 2, copied.stderr);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    const meant = await add(batch, ['--allow-resend']);
    assert.equal(meant.code, 0, meant.stderr);
    assert.match(meant.stderr, /3 credentials of .*batch\.csv were sold already and are sent again \(--allow-resend\)/);
  });

  test('another HOME with the same account and secret, a rerun past 24 h: sold lines still refused, GET /me once per state folder', async () => {
    const a = await listing('hm');
    const first = tempDirs();
    const env1 = { ...svcEnv(sb, first), SVC_POOL_SECRET: SECRET_A };
    const batch = writeFile(first.dir, 'keys.csv', poolCsv('hm', 1, 4));
    const add = (env: Record<string, string>) =>
      svc(['stock', 'add', String(a), '--file', batch, '--format', 'csv'], { env });
    assert.equal((await add(env1)).code, 0);
    await sell(a, 2);
    // A second HOME (state and config folders), the same account and pool secret.
    const second = tempDirs();
    const env2 = { ...svcEnv(sb, second), SVC_POOL_SECRET: SECRET_A };
    await sb.control('DELETE', 'requests');
    const elsewhere = await add(env2);
    assert.equal(elsewhere.code, 2, elsewhere.stderr);
    assert.match(elsewhere.stderr, /keys\.csv:2: this credential was sold already/);
    assert.match(elsewhere.stderr, /keys\.csv:3: this credential was sold already/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    // 25 hours later, on the first HOME: the record holds; the identity is not asked again.
    const later = 25 * 3600 * 1000;
    await sb.control('POST', 'clock', { advanceMs: later });
    await sb.control('DELETE', 'requests');
    const rerun = await add({ ...env1, SVC_CLOCK_OFFSET_MS: String(later) });
    assert.equal(rerun.code, 2, rerun.stderr);
    assert.match(rerun.stderr, /2 problems in .*keys\.csv; nothing was sent/);
    assert.equal(await requests((r) => r.path === '/api/v2/me'), 0, 'the identity of a key is remembered');
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
  });
});

describe('the key on the wire', () => {
  test('plain http to another machine: exit 2 before any request, on the read lane and the full path', async () => {
    const env = { ...svcEnv(sb, tempDirs()), SVC_BASE_URL: 'http://192.0.2.10:9' }; // TEST-NET-1: never reached
    for (const args of [
      ['products', 'list'],
      ['orders', 'sync'],
    ]) {
      const r = await svc(args, { env });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /plain http to another machine: svc does not send the API key in clear/);
      assert.match(r.stderr, /--insecure-http/);
    }
  });
});

describe('orders profit --offline: right, or a refusal', () => {
  const profitOffline = (env: Record<string, string>) => svc(['orders', 'profit', '--offline', '-o', 'json'], { env });

  test('no mirror yet: refused, and nothing is said to be rebuilt', async () => {
    const r = await profitOffline(svcEnv(sb, tempDirs()));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /there is no orders mirror .* yet/);
    assert.doesNotMatch(r.stderr, /rebuilt from the service/);
    assert.equal(r.stdout, '');
  });

  test('another account’s key on the same base URL and state folder: refused offline and online', async () => {
    const dirs = tempDirs();
    const mine = await svc(['orders', 'sync'], { env: svcEnv(sb, dirs) });
    assert.equal(mine.code, 0, mine.stderr);
    assert.equal((await profitOffline(svcEnv(sb, dirs))).code, 0);
    const other = svcEnv(sb, dirs, sb.keys.otherV2);
    const unknown = await profitOffline(other);
    assert.equal(unknown.code, 1, unknown.stderr);
    assert.match(unknown.stderr, /does not know yet which account the key in use belongs to/);
    assert.equal(unknown.stdout, '');
    const online = await svc(['orders', 'profit', '-o', 'json'], { env: other });
    assert.equal(online.code, 2, online.stderr);
    assert.match(online.stderr, /holds the orders of account \d+ .*the key in use is of account \d+/);
    const known = await profitOffline(other); // the other key's account is known now
    assert.equal(known.code, 2, known.stderr);
    assert.match(known.stderr, /svc does not mix them/);
    assert.equal(known.stdout, '');
  });

  test('a refund of a sale older than the sync window reaches the mirror, in one request', async () => {
    const seeded = await sb.control('POST', 'orders', { count: 150, days: 20 });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    const before = JSON.parse((await profitOffline(env)).stdout);
    assert.ok(
      before.rows.some((r: any) => r.orderId === seeded.firstId),
      'counted before the refund',
    );
    await sb.control('POST', 'order-status', { id: seeded.firstId, status: 'cancelled' }); // 20 days old
    await sb.control('DELETE', 'requests');
    const synced = await svc(['orders', 'sync', '-o', 'json'], { env });
    assert.equal(synced.code, 0, synced.stderr);
    const cancelled = await requests((r) => r.route === 'listOrders' && /status=cancelled/.test(r.query));
    assert.equal(cancelled, 1, 'one query for the cancelled sales of the settle window');
    assert.equal(JSON.parse(synced.stdout).requests, await requests((r) => r.path.startsWith('/api/v2/')));
    const after = JSON.parse((await profitOffline(env)).stdout);
    assert.ok(!after.rows.some((r: any) => r.orderId === seeded.firstId), 'the refunded sale is no longer counted');
    assert.ok(after.excluded.some((e: any) => e.id === seeded.firstId && e.status === 'cancelled'));
  });

  test('a killed `orders sync --rebuild`, then a sync in another process: refused; a finished sync: the figures', async () => {
    await sb.control('POST', 'orders', { count: 1500, days: 30 });
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    const whole = await profitOffline(env);
    assert.equal(whole.code, 0, whole.stderr);
    await sb.control('DELETE', 'requests');
    // Killed once the rebuild asks for its third page: two are stored, the pass is open.
    const killed = await svc(['orders', 'sync', '--rebuild'], {
      env,
      killOn: sb.waitForRequest((e) => e.route === 'listOrders' && /page=3/.test(e.query), 'started'),
    });
    assert.equal(killed.signal, 'SIGKILL', killed.stderr);
    const cut = await profitOffline(env);
    assert.equal(cut.code, 1, cut.stderr);
    assert.match(cut.stderr, /is incomplete: its last sync did not finish/);
    assert.equal(cut.stdout, '');
    assert.doesNotMatch(cut.stderr, /rebuilt from the service/);
    // Another process holds the sync lock (this test's own pid: alive): what it holds is partial.
    const mirror = join(
      dirs.stateDir,
      'mirror',
      readdirSync(join(dirs.stateDir, 'mirror')).find((n) => n.endsWith('.sqlite'))!,
    );
    writeFileSync(`${mirror}.lock`, String(process.pid), { mode: 0o600 });
    const busy = await profitOffline(env);
    assert.equal(busy.code, 1, busy.stderr);
    assert.match(busy.stderr, new RegExp(`another svc \\(process ${process.pid}\\) is syncing`));
    writeFileSync(`${mirror}.lock`, '999999999', { mode: 0o600 }); // a dead owner: stale, taken over
    assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
    const after = await profitOffline(env);
    assert.equal(after.code, 0, after.stderr);
    assert.deepEqual(JSON.parse(after.stdout).total, JSON.parse(whole.stdout).total);
  });
});
