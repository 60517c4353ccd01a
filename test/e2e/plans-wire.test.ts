// Requests are money (spec 8: 5,000 a day per account): every command that prints a plan or a
// request count is held to the sandbox's request log. For each, the dry run says what the run
// will make (reads included) and what it spent itself, and the run says what it made; each figure
// equals the requests the sandbox saw.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../webhooks/helpers.js';
import {
  KNOWN_V1,
  ROOT,
  createListings,
  startTestSandbox,
  svc,
  svcEnv,
  tempDirs,
  writeFile,
  type RunResult,
  type TestSandbox,
} from './harness.js';
import { listen } from './listener-harness.js';

const POOL_SECRET = 'pool-secret-of-the-ci-job-0123456789abcdef'; // test/e2e/known-secrets.json

let sb: TestSandbox;
let env: Record<string, string>;
let dir: string;
before(async () => {
  sb = await startTestSandbox();
  const dirs = tempDirs();
  dir = dirs.dir;
  env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET };
  // The orders mirror is synced once from nothing: later runs sync the same few pages, so a dry
  // run's sync is the run's (the first one, from nothing, is its own figure: orders sync below).
  assert.equal((await svc(['orders', 'sync'], { env })).code, 0);
});
after(async () => {
  await sb.close();
});

interface Seen {
  r: RunResult;
  wire: string[];
}

/** One command, and the service's requests it made (the sandbox's control routes are not in the log). */
async function onWire(args: string[], input?: string): Promise<Seen> {
  await sb.control('DELETE', 'requests');
  const r = await svc(args, { env, ...(input !== undefined ? { input } : {}) });
  const log = (await sb.control('GET', 'requests')) as { method: string; path: string }[];
  return { r, wire: log.filter((x) => !x.path.startsWith('/_sandbox')).map((x) => `${x.method} ${x.path}`) };
}

/** The dry run (-o json), then the run: the plan's two figures and the run's own, against the wire. */
async function planThenRun(args: string[], said?: (run: RunResult) => number): Promise<void> {
  const dry = await onWire([...args, '--dry-run', '-o', 'json']);
  assert.equal(dry.r.code, 0, dry.r.stderr);
  const plan = JSON.parse(dry.r.stdout);
  assert.equal(plan.dryRunRequests, dry.wire.length, `the dry run says what it spent: ${dry.wire.join(', ')}`);
  const run = await onWire(args);
  assert.ok(run.r.code === 0 || run.r.code === 3, run.r.stderr);
  assert.equal(plan.runRequests, run.wire.length, `the plan counts what the run made: ${run.wire.join(', ')}`);
  if (said) assert.equal(said(run.r), run.wire.length, `the run says what it made: ${run.r.stderr}`);
}

/** `…, N requests` / `(N requests)` at the end of a summary line. */
const figure =
  (re: RegExp) =>
  (r: RunResult): number => {
    const m = re.exec(r.stderr);
    assert.ok(m, r.stderr);
    return Number(m[1]);
  };
const summaryCount = figure(/(\d+) requests?\)?\s*$/m);

describe('plans and counts equal the wire (spec 8)', () => {
  test('products reprice: the plan counts the reads of listings, catalog and sales; a rerun says what it made', async () => {
    const rules = writeFile(dir, 'rules.yaml', 'fee: 10%\nrules:\n  - match: all\n    catalog: +10%\n');
    const args = ['products', 'reprice', '--rules', rules, '--allow-unknown-cost', '--max-change', '2000'];
    await planThenRun(args, summaryCount);
    const table = await onWire([...args, '--dry-run']);
    assert.match(table.r.stderr, new RegExp(`this dry run made ${table.wire.length} requests \\(reads included\\)`));
    // Everything is priced now: the rerun only reads, and says so.
    const again = await onWire(args);
    assert.equal(again.r.code, 0, again.r.stderr);
    assert.equal(figure(/this run made (\d+) requests? \(reads included\)/)(again.r), again.wire.length);
  });

  test('products bulk-price: plain, and --floor catalog (reads the listings and the catalog, no sales)', async () => {
    const prices = writeFile(dir, 'prices.csv', 'id,price\n101,12.00\n102,13.00\n');
    await planThenRun(['products', 'bulk-price', prices], summaryCount);
    await planThenRun(['products', 'bulk-price', prices, '--floor', 'catalog'], summaryCount);
    const floor = await onWire(['products', 'bulk-price', prices, '--floor', 'catalog', '--dry-run']);
    assert.ok(
      !floor.wire.some((w) => w.includes('/orders')),
      `a catalog floor reads no sales: ${floor.wire.join(', ')}`,
    );
    assert.match(floor.r.stdout, /the run makes 3 requests \(reads included\)/);
  });

  test('bulk-price --floor on 3 pages of listings: one row reads the first page and its listing, not every page', async () => {
    const own = await startTestSandbox({
      rateLimit: { v2PerMinute: 100_000, v1PerMinute: 100_000, v2PerDay: 5_000, v1PerDay: 5_000 },
    });
    const saved = { sb, env };
    try {
      sb = own;
      env = { ...svcEnv(own, tempDirs()), SVC_KEYRING: 'off' };
      const ids = await createListings(own, 250, 1200);
      const prices = writeFile(dir, 'one-row.csv', `id,price\n${ids.at(-1)},12.50\n`);
      await planThenRun(['products', 'bulk-price', prices, '--floor', 'catalog'], summaryCount);
      const run = await onWire(['products', 'bulk-price', prices, '--floor', 'catalog', '--max-change', '50']);
      assert.deepEqual(
        run.wire.filter((w) => w.startsWith('GET /api/v2/products')),
        ['GET /api/v2/products', `GET /api/v2/products/${ids.at(-1)}`],
        'one page and one listing, not three pages',
      );
    } finally {
      ({ sb, env } = saved);
      await own.close();
    }
  });

  test('products bulk-status, activate and deactivate', async () => {
    const statuses = writeFile(dir, 'statuses.csv', 'id,active\n101,false\n');
    await planThenRun(['products', 'bulk-status', statuses], summaryCount);
    await planThenRun(['products', 'activate', '101', '102'], summaryCount);
    await planThenRun(['products', 'deactivate', '102'], summaryCount);
  });

  test('stock add: the listing read counts too', async () => {
    const creds = writeFile(dir, 'creds.txt', 'plans-wire-1:pw\nplans-wire-2:pw\n');
    await planThenRun(['stock', 'add', '111', '--file', creds], summaryCount);
  });

  test('stock refill', async () => {
    const pool = writeFile(dir, 'pool.txt', `${Array.from({ length: 8 }, (_, i) => `plans-pool-${i}`).join('\n')}\n`);
    await planThenRun(['stock', 'refill', '108', '--pool', pool, '--target', '6'], figure(/\((\d+) requests?\)/));
  });

  test('one-request writes: update (and --floor), variants set, create, contest, answer, api', async () => {
    await planThenRun(['products', 'update', '103', '--price', '18.50']);
    await planThenRun(['products', 'update', '103', '--price', '18.60', '--floor', 'catalog']);
    await planThenRun(['products', 'variants', 'set', '109', '--index', '0', '--price', '11.00']);
    await planThenRun(['products', 'variants', 'set', '109', '--index', '0', '--price', '11.10', '--floor', 'catalog']);
    await planThenRun([
      'products',
      'create',
      '--title',
      'A listing of the plans test',
      '--description',
      'A listing made by the plans test.',
      '--price',
      '5.00',
      '--game',
      'valorant',
      '--category',
      'skin',
    ]);
    await planThenRun(['reviews', 'contest', '3003', '--reason', 'The buyer never opened the account he rated.']);
    await planThenRun(['questions', 'answer', '6001', '--text', 'Yes, it has.']);
    await planThenRun(['api', '-X', 'PATCH', '/api/v2/products/104', '-F', 'price=9100']);
  });

  test('keys create (a v1 key, spec 4.4)', async () => {
    const saved = env;
    try {
      env = { ...svcEnv(sb, tempDirs(), KNOWN_V1), SVC_KEYRING: 'off' };
      await planThenRun(['keys', 'create', '--name', 'plans-wire', '--version', 'v1']);
    } finally {
      env = saved;
    }
  });

  test('shop sync: the dry run and the pass say what they made', async () => {
    writeFile(dir, 'shop-pool.csv', 'credential\nplans-shop-1\nplans-shop-2\n');
    const shop = writeFile(
      dir,
      'shop.yaml',
      'rules:\n  - listing: 108\n    pool: shop-pool.csv\n    target: 1\nnotify: []\n',
    );
    const made = figure(/this (?:dry )?run made (\d+) requests? \(reads included\)/);
    for (const args of [
      ['shop', 'sync', '--config', shop, '--dry-run'],
      ['shop', 'sync', '--config', shop],
    ]) {
      const seen = await onWire(args);
      assert.ok(seen.r.code === 0 || seen.r.code === 3, seen.r.stderr);
      assert.equal(made(seen.r), seen.wire.length, seen.wire.join(', '));
    }
  });

  test('orders sync says the requests it made, from nothing and after', async () => {
    const fresh = { ...env, SVC_STATE_DIR: tempDirs().stateDir };
    for (const e of [fresh, fresh]) {
      await sb.control('DELETE', 'requests');
      const r = await svc(['orders', 'sync'], { env: e });
      const log = (await sb.control('GET', 'requests')) as { path: string }[];
      assert.equal(r.code, 0, r.stderr);
      assert.equal(figure(/, (\d+) requests?/)(r), log.filter((x) => !x.path.startsWith('/_sandbox')).length);
    }
  });
});

describe('a plan against the day (spec 8)', () => {
  test("the day's quota in a plan counts the run's reads: sends that fit, reads that do not, are said", async (t) => {
    // A sandbox of its own: the day it spends is no other test's.
    const own = await startTestSandbox({
      rateLimit: { v2PerMinute: 100_000, v1PerMinute: 100_000, v2PerDay: 5_000, v1PerDay: 5_000 },
    });
    t.after(() => own.close());
    const dirs = tempDirs();
    const ownEnv = { ...svcEnv(own, dirs), SVC_KEYRING: 'off' };
    const seen = async (a: string[]) => svc(a, { env: ownEnv });
    const prices = writeFile(dirs.dir, 'quota.csv', 'id,price\n101,14.00\n');
    const args = ['products', 'bulk-price', prices, '--floor', 'catalog', '--dry-run'];
    // the second dry run is the steady one (the first on a fresh state folder also learns the account)
    await seen([...args, '-o', 'json']);
    const account = (await own.api('GET', '/api/v2/me')).body.data.accountId as number;
    const plan = JSON.parse((await seen([...args, '-o', 'json'])).stdout);
    assert.ok(plan.runRequests >= plan.requests + 2, JSON.stringify(plan));
    // The next dry run spends what this one did; the day is left one request short of the run.
    const left = plan.runRequests - 1;
    await own.control('POST', 'rate/spend-day', {
      accountId: account,
      // (a usage read says what is left before it: it comes off the next one's figure)
      requests: plan.dayRemaining - plan.dryRunRequests - left,
    });
    const tight = await seen(args);
    assert.equal(tight.code, 0, tight.stderr);
    assert.match(
      tight.stdout,
      new RegExp(
        `daily quota: ${left} requests left today .*the job needs ${plan.runRequests}: the run would stop after ${left}`,
      ),
    );
  });
});

describe('webhooks listen within its budget (spec 8)', () => {
  test('a catch-up every second is stretched to what the budget carries: said at start, held on the wire', async () => {
    const e = { ...svcEnv(sb, tempDirs()), SVC_KEYRING: 'off' };
    await sb.control('DELETE', 'requests');
    const l = await listen(['--catch-up-every', '1s', '--budget', '100%', '--verbose'], e);
    try {
      await until(() => /catch-up: first start/.test(l.stderr()), 20_000);
      // The whole day (5,000) carries 2,500 catch-ups of 2 requests at most (half of it, the rest
      // for the sales' lookups): one every 70 s, 2,469 requests a day.
      assert.match(
        l.stderr(),
        /budget: about 2469 requests a day, 49% of 5,000 \(catch-up every 70 s, about 2 requests each; 2 a sale to confirm at 0\.0 sales a day\); the budget is 100% \(5000\)/,
      );
      assert.match(
        l.stderr(),
        /warning: --catch-up-every 1 s would spend more than the budget of 100% of 5000 a day: catch-ups run every 70 s instead/,
      );
      const lists = async () =>
        ((await sb.control('GET', 'requests')) as { method: string; path: string }[]).filter(
          (x) => x.method === 'GET' && x.path === '/api/v2/orders',
        ).length;
      const first = await lists();
      assert.ok(first >= 1, 'the start caught up');
      // The one wait of this file: a stretched interval is the absence of catch-ups over time;
      // 2.5 s is two catch-ups at the 1 s asked for, none at the 70 s the budget carries.
      const since = Date.now();
      await until(() => Date.now() - since >= 2500, 5000);
      assert.equal(await lists(), first, 'no catch-up before 70 s');
      assert.equal((l.stderr().match(/catch-up done/g) ?? []).length, 0, l.stderr());
    } finally {
      await l.stop();
    }
  });
});

/** A figure a doc states beside a command, read from the doc itself: `(2-4 requests)`, `3-4 requests`, `no request`. */
function stated(doc: string, line: RegExp): [number, number] {
  const text = readFileSync(join(ROOT, doc), 'utf8')
    .split('\n')
    .find((l) => line.test(l));
  assert.ok(text, `${doc}: no line ${line}`);
  if (/no request/.test(text)) return [0, 0];
  const m = /(\d+)(?:-(\d+))? requests?/.exec(text);
  assert.ok(m, `${doc}: no figure in ${text}`);
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

describe('what the docs say a command costs is what it costs (spec 8)', () => {
  const cases: [string, RegExp, string[]][] = [
    ['README.md', /^svc orders profit --by listing --offline/, ['orders', 'profit', '--by', 'listing', '--offline']],
    ['docs/guides/webhooks.md', /^svc orders profit --by day +#/, ['orders', 'profit', '--by', 'day']],
    ['docs/guides/webhooks.md', /^svc orders profit --offline/, ['orders', 'profit', '--offline']],
    ['docs/guides/stock.md', /orders mirror's sync: \d/, ['stock', 'status', '--below', '5', '--days', '7']],
  ];
  for (const [doc, line, args] of cases)
    test(`${doc}: svc ${args.join(' ')}`, async () => {
      const [lo, hi] = stated(doc, line);
      const seen = await onWire(args);
      assert.equal(seen.r.code, 0, seen.r.stderr);
      assert.ok(
        seen.wire.length >= lo && seen.wire.length <= hi,
        `${doc} says ${lo}-${hi}; the wire: ${seen.wire.length} (${seen.wire.join(', ')})`,
      );
    });
});
