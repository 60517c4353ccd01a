// A whole day of `shop run` on a clock (spec 8: 5,000 requests a day per account, reset at 00:00
// UTC; A8: a spent day answers 429 DAILY_LIMIT with a Retry-After to the day's end). svc
// (SVC_CLOCK_RATE) and the sandbox (POST /_sandbox/clock rate) run RATE times faster from the same
// real instant, so a day from 00:00 to past the next 00:00 UTC takes about 55 s; every request is
// counted on the sandbox's request log, whose times are the sandbox clock's.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { autoListing } from './seller-setup.js';
import { markedStderr } from './marked-run.js';
import { spawn } from 'node:child_process';
import { startChatStandIn, textOf, type ChatStandIn } from './chat-standins.js';
import { BIN, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

const POOL_SECRET = 'pool-secret-of-the-ci-job-0123456789abcdef'; // test/e2e/known-secrets.json
const TG_TOKEN = '4242424242:E2EtelegramTOKENdoNotLeak_42';
/** A day in 36 s of real time. */
// A simulated minute is 37 ms real: a second's stall of a loaded machine is 27 simulated minutes,
// within what each assertion below allows (one pass, one lookup give-up window of 40 min).
const RATE = 1600;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const QUOTA = 5_000;

/** Poll a state until it holds (the test's own timeout bounds it): never a fixed sleep. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

interface Day {
  sb: TestSandbox;
  /** 00:00 UTC of the simulated day (a day ahead of the machine's, so nothing real is in it). */
  t0: number;
  env: Record<string, string>;
  ids: number[];
  file: string;
  /** The simulated time now (the sandbox's clock and svc's are the same). */
  now(): number;
  /** Requests of the service on the sandbox's log, with their simulated times. */
  wire(): Promise<{ method: string; path: string; status: number | null; t: number }[]>;
}

/**
 * An account of its own (the spec's day quota, no minute limit in the way: what is measured here is
 * the day), 12 rules of 3 keys each at target 2, and both clocks started at 00:00 UTC of a day.
 */
async function dayOf(shopYaml: string, extraEnv: Record<string, string> = {}): Promise<Day> {
  const sb = await startTestSandbox({
    rateLimit: { v2PerMinute: 100_000, v1PerMinute: 100_000, v2PerDay: QUOTA, v1PerDay: 3_000 },
  });
  const dirs = tempDirs();
  const ids: number[] = [];
  const rules: string[] = [];
  for (let i = 0; i < 12; i++) {
    const id = await autoListing(sb, `Day shop ${i}`, {
      price: 1990,
      description: 'Keys delivered automatically by the day tests.',
      active: false,
    });
    ids.push(id);
    writeFile(dirs.dir, `p${i}.csv`, `credential\nday-${i}-a\nday-${i}-b\nday-${i}-c\n`);
    rules.push(`  - listing: ${id}\n    pool: p${i}.csv\n    target: 2\n`);
  }
  const file = writeFile(dirs.dir, 'shop.yaml', `rules:\n${rules.join('')}${shopYaml}`);
  const real = Date.now();
  const t0 = (Math.floor(real / DAY) + 2) * DAY;
  await sb.control('POST', 'clock', { advanceMs: t0 - real, rate: RATE, anchorMs: real });
  const env = {
    ...svcEnv(sb, dirs),
    SVC_KEYRING: 'off',
    SVC_POOL_SECRET: POOL_SECRET,
    SVC_CLOCK_RATE: String(RATE),
    SVC_CLOCK_ANCHOR_MS: String(real),
    SVC_CLOCK_OFFSET_MS: String(t0 - real),
    ...extraEnv,
  };
  const now = () => t0 + (Date.now() - real) * RATE;
  const wire = async () =>
    ((await sb.control('GET', 'requests')) as any[])
      .filter((r) => !String(r.path).startsWith('/_sandbox'))
      .map((r) => ({ method: r.method, path: r.path, status: r.status, t: Date.parse(r.at) }));
  return { sb, t0, env, ids, file, now, wire };
}

/** `shop run` on the day's clock; its stderr as it comes; killed with the test. */
function shopRun(d: Day) {
  const argv = ['shop', 'run', '--config', d.file, '--port', '0', '--verbose'];
  const err = markedStderr(argv, { ...(process.env as Record<string, string>), ...d.env, NO_COLOR: '1' });
  const child = spawn(process.execPath, [BIN, ...argv], { env: err.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = {
    get stderr() {
      return err.text();
    },
  };
  const exited = err.watch(child);
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { child, out, stop };
}

const at = (t: number) => new Date(t).toISOString().slice(11, 16);

describe('a day of shop run on the clock (spec 8)', { concurrency: true }, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });
  // a day's sandbox and its shop run, each stopped after the tests whatever they did
  const newDay = async (yaml: string, env?: Record<string, string>) => {
    const d = await dayOf(yaml, env);
    cleanup.push(() => d.sb.close());
    return d;
  };
  const started = (d: Day) => {
    const run = shopRun(d);
    cleanup.push(run.stop);
    return run;
  };

  test('every: 30 over 12 rules, a quiet day: at most 10% of 5,000, at most 20 requests in any 100 s, and it said so at start', {
    timeout: 150_000,
  }, async (t) => {
    const d = await newDay('notify: []\nevery: 30\n');
    const run = started(d);
    await until(() => d.now() >= d.t0 + DAY + HOUR / 2);
    assert.equal(await run.stop(), 0, run.out.stderr);
    const plan = /budget: about (\d+) requests a day, ([\d.]+)% of 5,000/.exec(run.out.stderr);
    assert.ok(plan, run.out.stderr);
    assert.match(run.out.stderr, /every: 30 s would spend more than the budget/);
    const day = (await d.wire()).filter((r) => r.t >= d.t0 && r.t < d.t0 + DAY);
    t.diagnostic(`every: 30, 12 rules, a quiet day: ${day.length} requests (said at start: about ${plan[1]})`);
    assert.ok(day.length <= QUOTA / 10, `${day.length} requests in the day`);
    // The plan counts idle passes; the first pass also refills and re-reads the 12 listings.
    assert.ok(day.length <= Number(plan[1]) + 24 + 7, `the start said about ${plan[1]}: ${day.length} on the wire`);
    // Idle 100 s at every: 30 (spec 8): any 100 s of the day after the first pass, on the clock.
    const idle = day.filter((r) => r.t >= d.t0 + HOUR);
    let most = 0;
    for (let i = 0, j = 0; i < idle.length; i++) {
      while (idle[i]!.t - idle[j]!.t >= 100_000) j++;
      most = Math.max(most, i - j + 1);
    }
    t.diagnostic(`the most requests in any 100 s while idle: ${most}`);
    assert.ok(most <= 20, `${most} requests in 100 s`);
  });

  test('every: 300: another tool spends the day at 14:00; a handful of requests until 00:00, one chat notice with the reset time delivered once the chat is back, the sale made meanwhile confirmed and refilled after the reset', {
    timeout: 150_000,
  }, async (t) => {
    const tg: ChatStandIn = await startChatStandIn('telegram');
    cleanup.push(() => tg.close());
    // The chat is down when the day is spent: the notice waits in the outbox, asking the service nothing.
    for (let i = 0; i < 3; i++)
      tg.script.push({ status: 500, body: { ok: false, description: 'Internal Server Error' } });
    const notify =
      'notify:\n  - name: vendas\n    type: telegram\n    chatId: -100424242\n    secretEnv: E2E_TG\n    events: [quota_spent]\n';
    const d = await newDay(`${notify}every: 300\n`, { SVC_TELEGRAM_API_BASE: tg.url, E2E_TG: TG_TOKEN });
    const account = (await d.sb.api('GET', '/api/v2/me')).body.data.accountId as number;
    const run = started(d);
    await until(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.test(run.out.stderr));
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(run.out.stderr)![1]!;
    await d.sb.control('POST', 'webhooks', { urls: [`${base}/`] });
    const plan = /budget: about (\d+) requests a day, ([\d.]+)% of 5,000/.exec(run.out.stderr);
    assert.ok(plan && Number(plan[2]) <= 10, run.out.stderr);

    await until(() => d.now() >= d.t0 + 14 * HOUR);
    const spentAt = d.now();
    await d.sb.control('POST', 'rate/spend-day', { accountId: account });
    await tg.delivered(1);
    await until(() => d.now() >= d.t0 + 16 * HOUR);
    const sale = await d.sb.control('POST', 'purchase', { productId: d.ids[0] });
    const reset = d.t0 + DAY;
    await until(() => d.now() >= reset + HOUR / 2);
    // wait for what is asserted below: the sale confirmed and its listing refilled after the reset
    // (a full pass may refill it before the receiver's sale pass does: no log line to wait for)
    const confirmedLine = `"action":"confirmed","event":"sale.processing","orderId":${sale.id}`;
    const refilled = (r: { t: number; method: string; path: string }) =>
      r.t >= reset && r.method === 'POST' && r.path === `/api/v2/products/${d.ids[0]}/stock`;
    await until(async () => run.out.stderr.includes(confirmedLine) && (await d.wire()).some(refilled));
    assert.equal(await run.stop(), 0, run.out.stderr);
    const all = await d.wire();
    const day = all.filter((r) => r.t >= d.t0 && r.t < reset);
    const spent = all.filter((r) => r.t >= spentAt && r.t < reset);
    t.diagnostic(
      `every: 300, 12 rules: ${day.length} requests in the day, ${spent.length} from ${at(spentAt)} to 00:00 UTC`,
    );
    assert.ok(day.length <= QUOTA / 10, `${day.length} requests in the day`);
    assert.ok(spent.length <= 6, `with the day spent: ${spent.map((r) => `${r.method} ${r.path} ${r.status}`)}`);
    // Three refusals, then the one notice delivered: the same text each time, sent once.
    const told = tg.requests.map(textOf);
    assert.equal(told.length, 4, told.join('\n---\n'));
    assert.equal(new Set(told).size, 1, told.join('\n---\n'));
    assert.match(told[3]!, /requests for today are spent/);
    assert.match(told[3]!, /resets at/);
    // Nothing lost: the sale of the spent hours is confirmed after the reset and its listing refilled.
    const confirmed = run.out.stderr
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('{') &&
          l.includes('"action":"confirmed"') &&
          l.includes(`"event":"sale.processing","orderId":${sale.id}`),
      );
    assert.equal(confirmed.length, 1, run.out.stderr);
    assert.ok(Date.parse(JSON.parse(confirmed[0]!).at) >= reset, `confirmed at ${confirmed[0]}`);
    const refill = all.filter(refilled);
    assert.equal(refill.length, 1, 'the sold listing was refilled after the reset');
    assert.ok(!run.out.stderr.includes(TG_TOKEN));
  });

  test("a cron shop sync and the seller's other tools beside shop run on one account: the passes stretch to the shop's share of what the account has left", {
    timeout: 150_000,
  }, async (t) => {
    const d = await newDay('notify: []\nevery: 30\n');
    const account = (await d.sb.api('GET', '/api/v2/me')).body.data.accountId as number;
    const run = started(d);
    await until(() => d.now() >= d.t0 + 8 * HOUR);
    // Other tools of the account spend most of the day; a cron `shop sync` and `svc usage` run
    // beside the resident shop, on the same state folder (the ledger they all feed).
    await d.sb.control('POST', 'rate/spend-day', { accountId: account, requests: 4_300 });
    const cron = await svc(['shop', 'sync', '--config', d.file, '-q'], { env: d.env });
    assert.equal(cron.code, 0, cron.stderr);
    const usage = await svc(['usage', '-o', 'json'], { env: d.env });
    assert.equal(usage.code, 0, usage.stderr);
    const besideAt = d.now();
    await until(() => d.now() >= d.t0 + DAY);
    assert.equal(await run.stop(), 0, run.out.stderr);
    const told = /the account has (\d+) requests left today .*: passes every (\d+) s until the reset/.exec(
      run.out.stderr,
    );
    assert.ok(told, run.out.stderr);
    const left = Number(told[1]);
    const after = (await d.wire()).filter((r) => r.t >= besideAt && r.t < d.t0 + DAY);
    t.diagnostic(
      `${left} requests left at ${at(besideAt)}: shop run then made ${after.length} until 00:00, passes every ${told[2]} s (${Math.round((100 * after.length) / left)}% of what was left)`,
    );
    assert.ok(left < 600, `the shop saw what the others spent: ${left} left`);
    // The shop's 20% of what was left, give or take three passes (unstretched: about 280).
    assert.ok(after.length <= left * 0.2 + 21, `${after.length} requests after the others spent, ${left} left`);
  });

  test('the receiver down (no delivery reaches shop run): passes only, twice as often once a pass finds a sale the receiver missed, within the budget; every sale refilled', {
    timeout: 150_000,
  }, async (t) => {
    const d = await newDay('notify: []\nevery: 30\n');
    const run = started(d);
    const sales: { id: number; at: number; listing: number }[] = [];
    for (const h of [6, 9, 12, 15, 18]) {
      await until(() => d.now() >= d.t0 + h * HOUR);
      const listing = d.ids[sales.length]!;
      sales.push({ id: (await d.sb.control('POST', 'purchase', { productId: listing })).id, at: d.now(), listing });
    }
    await until(() => d.now() >= d.t0 + DAY);
    assert.equal(await run.stop(), 0, run.out.stderr);
    assert.match(run.out.stderr, /the webhook receiver missed 1 sale: the safety-net pass runs up to 2 times as often/);
    const all = (await d.wire()).filter((r) => r.t >= d.t0 && r.t < d.t0 + DAY);
    // One inbox read per full pass (spec 8: the pass reads questions once whatever the rules).
    const passes = (from: number, to: number) =>
      all.filter((r) => r.path.startsWith('/api/v2/questions') && r.t >= d.t0 + from * HOUR && r.t < d.t0 + to * HOUR)
        .length;
    const healthy = passes(1, 6);
    const down = passes(7, 12);
    t.diagnostic(
      `full passes in 5 h: ${healthy} before the first missed sale, ${down} after; ${all.length} requests in the day`,
    );
    assert.ok(down >= healthy * 1.7, `passes in 5 h: ${healthy} healthy, ${down} with the receiver down`);
    assert.ok(all.length <= QUOTA / 5, `${all.length} requests: within the shop's budget of 20%`);
    for (const s of sales) {
      const refill = all.find(
        (r) => r.t > s.at && r.method === 'POST' && r.path === `/api/v2/products/${s.listing}/stock`,
      );
      assert.ok(refill, `the sale at ${at(s.at)} of listing ${s.listing} was refilled by a pass`);
      // By the first full pass after the sale: measured in passes on the wire, not in minutes, so
      // a stall of the machine (which delays the pass and its refill alike) cannot fail it.
      const next = all.filter((r) => r.path.startsWith('/api/v2/questions') && r.t > s.at);
      assert.ok(
        next.length < 2 || refill.t <= next[1]!.t,
        `refilled ${Math.round((refill.t - s.at) / 60_000)} min after the sale, after the second pass`,
      );
    }
  });
});
