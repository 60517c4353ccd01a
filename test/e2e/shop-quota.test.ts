// The shop within the account's quota (spec 8: 5,000 requests a day per account): a pass with
// nothing to do costs the same few requests for 1 or 12 rules, counted on the sandbox's request
// log, and the usage ledger of the state folder counts exactly what went on the wire, by feature.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { autoListing as sharedListing } from './seller-setup.js';
import { markedStderr } from './marked-run.js';
import { statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { startChatStandIn, textOf } from './chat-standins.js';
import { BIN, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { UsageLedger, utcDay } from '../../src/state/usage-ledger.js';

const POOL_SECRET = 'pool-secret-of-the-ci-job-0123456789abcdef'; // test/e2e/known-secrets.json
const TG_TOKEN = '4242424242:E2EtelegramTOKENdoNotLeak_42';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** Requests of the service on the sandbox's log (its control routes are not in it). */
async function wire(): Promise<any[]> {
  return ((await sb.control('GET', 'requests')) as any[]).filter((r) => !String(r.path).startsWith('/_sandbox'));
}

function autoListing(tag: string): Promise<number> {
  return sharedListing(sb, `Quota shop ${tag}`, {
    price: 1990,
    description: 'Keys delivered automatically by the quota tests.',
    active: false,
  });
}

/** A shop of `n` rules, each with its own pool of 3 keys, target 2 (the first pass refills and reactivates; a sale leaves one to refill). */
async function shop(n: number, extra = '') {
  const dirs = tempDirs();
  const env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET };
  const rules: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await autoListing(`${n}-${i}`);
    ids.push(id);
    writeFile(
      dirs.dir,
      `p${i}.csv`,
      `credential,ref,cost_cents\nkey-${n}-${i}-a,b,100\nkey-${n}-${i}-b,b,100\nkey-${n}-${i}-c,b,100\n`,
    );
    rules.push(`  - listing: ${id}\n    pool: p${i}.csv\n    target: 2\n`);
  }
  const file = writeFile(dirs.dir, 'shop.yaml', `rules:\n${rules.join('')}notify: []\n${extra}`);
  return { dirs, env, file, ids };
}

/** Today's counts as any svc process of the state folder reads them (the folded file and the day logs). */
function ledgerToday(stateDir: string): Record<string, number> {
  return UsageLedger.of(stateDir).read().days[utcDay(Date.now())] ?? {};
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('a shop pass within the quota', () => {
  test('an idle pass costs the same few requests for 1 and 12 rules; the usage ledger counts what went on the wire', async (t) => {
    const idle: number[] = [];
    for (const n of [1, 12]) {
      const { dirs, env, file } = await shop(n);
      const first = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
      assert.equal(first.code, 0, first.stderr);
      assert.equal(JSON.parse(first.stdout).rules.filter((r: any) => r.refill === 2).length, n, 'every rule refilled');
      const ledgerBefore = sum(ledgerToday(dirs.stateDir));
      await sb.control('DELETE', 'requests');
      const pass = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
      assert.equal(pass.code, 0, pass.stderr);
      assert.ok(
        JSON.parse(pass.stdout).rules.every((r: any) => r.refill === 0 && r.result === 'ok'),
        pass.stdout,
      );
      const onWire = await wire();
      assert.equal(onWire.filter((r) => r.method !== 'GET').length, 0, 'nothing written on an idle pass');
      idle.push(onWire.length);
      const counted = ledgerToday(dirs.stateDir);
      assert.equal(
        sum(counted) - ledgerBefore,
        onWire.length,
        `the ledger counts the wire: ${JSON.stringify(counted)}`,
      );
      assert.ok(counted['shop sync'] !== undefined && counted['mirror sync'] !== undefined, JSON.stringify(counted));
      const log = UsageLedger.of(dirs.stateDir).logOf(utcDay(Date.now()));
      assert.equal(statSync(log).mode & 0o777, 0o600, "the day's log of the ledger is 0600");
      const usage = await svc(['usage', '-o', 'json'], { env });
      assert.equal(usage.code, 0, usage.stderr);
      assert.equal(JSON.parse(usage.stdout).svc.requests, sum(counted) + 1, 'svc usage: its own read counted too');
    }
    t.diagnostic(`requests per idle pass: 1 rule ${idle[0]}, 12 rules ${idle[1]}`);
    assert.equal(idle[0], idle[1], `flat: 1 rule ${idle[0]} requests, 12 rules ${idle[1]}`);
    assert.ok(idle[1]! <= 8, `an idle pass over 12 rules: ${idle[1]} requests (at most 8)`);
  });
});

/** Poll a state until it holds (the test's own timeout bounds it): never a fixed sleep. */
/** A resident svc (`shop run`, `webhooks listen`) in the marked mode: its stderr without the marks, its end checked. */
function resident(argv: string[], env: Record<string, string>) {
  const err = markedStderr(argv, { ...(process.env as Record<string, string>), ...env, NO_COLOR: '1' });
  const child = spawn(process.execPath, [BIN, ...argv], { env: err.env, stdio: ['ignore', 'pipe', 'pipe'] });
  return { child, exited: err.watch(child), stderr: err.text };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 50));
}

describe('shop run within the quota', () => {
  test('every: 30 over 12 rules is stretched to the budget and said at start; the start costs a pass; a confirmed sale costs at most 5 requests', {
    timeout: 60_000,
  }, async () => {
    const { env, file, ids } = await shop(12, 'every: 30\n');
    const first = await svc(['shop', 'sync', '--config', file], { env });
    assert.equal(first.code, 0, first.stderr);
    await sb.control('DELETE', 'requests');
    const { child, exited, stderr } = resident(['shop', 'run', '--config', file, '--port', '0'], env);
    try {
      await until(() => /pass: shop:/.test(stderr()));
      const plan = /budget: about (\d+) requests a day, ([\d.]+)% of 5,000 \(passes every (\d+) s/.exec(stderr());
      assert.ok(plan, stderr());
      assert.ok(Number(plan[3]) > 100, `passes every ${plan[3]} s: at most one pass in 100 s`);
      assert.ok(Number(plan[2]) <= 10, `idle: ${plan[2]}% of the day`);
      assert.match(
        stderr(),
        /every: 30 s would spend more than the budget of 20% of 5000 a day: passes run every \d+ s instead/,
      );
      const start = (await wire()).length;
      assert.ok(start <= 10, `the start and its first pass: ${start} requests`);
      // A confirmed sale: its listing's steps at once, the confirmation included, in a few requests.
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr())![1]!;
      await sb.control('POST', 'webhooks', { urls: [`${base}/`] });
      await sb.control('DELETE', 'requests');
      await sb.control('POST', 'purchase', { productId: ids[0] });
      await until(() => /sale pass: shop:/.test(stderr()));
      const sale = await wire();
      assert.ok(
        sale.some((r) => r.method === 'POST' && /\/stock$/.test(r.path)),
        'the sold listing was refilled',
      );
      assert.ok(sale.length <= 5, `one sale: ${sale.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    } finally {
      await sb.control('POST', 'webhooks', { urls: [] });
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, stderr());
  });
});

describe('a spent day (spec 8, A8 DAILY_LIMIT)', () => {
  test('shop run with the day already spent: at most 6 requests, keeps running, one chat notice with the reset time; shop sync exits 5 sending nothing', {
    timeout: 60_000,
  }, async () => {
    const own = await startTestSandbox({
      rateLimit: { v2PerMinute: 100_000, v1PerMinute: 100_000, v2PerDay: 40, v1PerDay: 40 },
    });
    const tg = await startChatStandIn('telegram');
    const dirs = tempDirs();
    const env = {
      ...svcEnv(own, dirs),
      SVC_KEYRING: 'off',
      SVC_POOL_SECRET: POOL_SECRET,
      SVC_TELEGRAM_API_BASE: tg.url,
      E2E_TG: TG_TOKEN,
    };
    writeFile(dirs.dir, 'p.csv', 'credential\nkey-spent-a\n');
    const file = writeFile(
      dirs.dir,
      'shop.yaml',
      'rules:\n  - listing: 101\n    pool: p.csv\n    target: 1\nnotify:\n  - name: vendas\n    type: telegram\n    chatId: -100424242\n    secretEnv: E2E_TG\n    events: [quota_spent, quota_low]\n',
    );
    // Another tool of the account spends the day.
    for (let i = 0; i < 60; i++) if ((await own.api('GET', '/api/v2/usage')).status === 429) break;
    await own.control('DELETE', 'requests');
    const { child, exited, stderr } = resident(['shop', 'run', '--config', file, '--port', '0'], env);
    try {
      await until(() => tg.requests.length > 0);
      const told = tg.requests.map(textOf);
      assert.equal(told.length, 1, told.join('\n---\n'));
      assert.match(told[0]!, /requests for today are spent/);
      assert.match(told[0]!, /resets at/);
      await until(() => /listening on/.test(stderr()));
      const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr())![1]!;
      const health = (await (await fetch(`${base}/healthz`)).json()) as { ok: boolean; degraded?: string };
      assert.match(health.degraded ?? '', /^quota_spent until \d{4}-/, JSON.stringify(health));
      const sent = ((await own.control('GET', 'requests')) as any[]).length;
      assert.ok(sent <= 6, `${sent} requests with the day spent`);
      assert.equal(child.exitCode, null, 'still running');
      const sync = await svc(['shop', 'sync', '--config', file], { env });
      assert.equal(sync.code, 5, sync.stderr);
      assert.match(sync.stderr, /requests for today are spent .*nothing was sent; they reset at /);
      assert.equal(((await own.control('GET', 'requests')) as any[]).length, sent, 'shop sync sent nothing');
      assert.equal(tg.requests.length, 1, 'told once');
    } finally {
      child.kill('SIGTERM');
      await exited;
      await Promise.all([own.close(), tg.close()]);
    }
    assert.ok(!stderr().includes(TG_TOKEN));
  });
});

describe('plans that count every request (spec 8)', () => {
  test('stock refill: its dry run says what the run will make and what it made itself; the run says what it made; all three equal the wire', async () => {
    // An account of its own: no other test's sales of this pool secret in its orders.
    await sb.close();
    sb = await startTestSandbox();
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET };
    const id = await autoListing('plan');
    const keys = Array.from({ length: 14 }, (_, i) => `key-plan-${i}`);
    const pool = writeFile(dirs.dir, 'plan.txt', `${keys.join('\n')}\n`);
    const args = ['stock', 'refill', String(id), '--pool', pool, '--target', '12'];
    // A first dry run syncs the mirror from nothing; the second is the one the run follows.
    assert.equal((await svc([...args, '--dry-run'], { env })).code, 0);
    await sb.control('DELETE', 'requests');
    const dry = await svc([...args, '--dry-run', '-o', 'json'], { env });
    assert.equal(dry.code, 0, dry.stderr);
    const dryWire = (await wire()).length;
    const plan = JSON.parse(dry.stdout);
    assert.equal(plan.dryRunRequests, dryWire, 'the dry run says what it spent');
    await sb.control('DELETE', 'requests');
    const real = await svc(args, { env });
    assert.equal(real.code, 0, real.stderr);
    const realWire = await wire();
    const made = /now in stock \((\d+) requests?\)/.exec(real.stderr);
    assert.ok(made, real.stderr);
    assert.equal(Number(made[1]), realWire.length, realWire.map((r) => `${r.method} ${r.path}`).join(', '));
    assert.equal(plan.runRequests, realWire.length, 'the plan counted what the run made');
  });
});

describe('bulk-price counts every request (spec 8)', () => {
  test('--floor cost: the dry run says what it spent, the run what it made, both as on the wire', async () => {
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off' };
    const id = await autoListing('bulk');
    const csv = writeFile(dirs.dir, 'prices.csv', `id,price\n${id},21.90\n`);
    const args = ['products', 'bulk-price', csv, '--floor', 'cost'];
    await sb.control('DELETE', 'requests');
    const dry = await svc([...args, '--dry-run', '-o', 'json'], { env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.equal(JSON.parse(dry.stdout).dryRunRequests, (await wire()).length, 'the dry run says what it spent');
    await sb.control('DELETE', 'requests');
    const real = await svc(args, { env });
    assert.ok(real.code === 0 || real.code === 3, real.stderr); // no cost known: the row may be refused
    const onWire = await wire();
    const said = /refused, (\d+) requests?/.exec(real.stderr);
    assert.ok(said, real.stderr);
    assert.equal(Number(said[1]), onWire.length, onWire.map((r) => `${r.method} ${r.path}`).join(', '));
  });
});

describe('webhooks listen within the quota', () => {
  test('says what its catch-ups and confirmations will cost a day', { timeout: 30_000 }, async () => {
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off' };
    const { child, exited, stderr } = resident(['webhooks', 'listen', '--port', '0', '--catch-up-every', '10m'], env);
    try {
      await until(() => /budget: /.test(stderr()));
      // 144 catch-ups of 2 requests, no sales known yet.
      assert.match(
        stderr(),
        /budget: about 288 requests a day, 5\.8% of 5,000 \(catch-up every 600 s, about 2 requests each/,
      );
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
  });
});
