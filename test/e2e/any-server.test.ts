// the built CLI against a server that follows the spec but is not the sandbox
// (test/support/fake-service.ts), with the hostile answers such a server or a proxy may give.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, KNOWN_V1, KNOWN_V2, svc, tempDirs, writeFile } from './harness.js';
import { huge, json, pagedList, sample, silence, stall, startFake, type FakeService } from '../support/fake-service.js';

const fakes: FakeService[] = [];
after(async () => {
  await Promise.all(fakes.map((f) => f.close()));
});
async function fake(): Promise<FakeService> {
  const f = await startFake();
  fakes.push(f);
  return f;
}
const env = (f: FakeService, key = KNOWN_V2, extra: Record<string, string> = {}) => {
  const d = tempDirs();
  return { SVC_BASE_URL: f.url, SVC_API_KEY: key, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir, ...extra };
};
const run = (f: FakeService, args: string[], extra: Record<string, string> = {}) =>
  svc(args, { env: env(f, KNOWN_V2, extra) });

describe('answers checked against their schema', { concurrency: true }, () => {
  test('usage: reset as an ISO 8601 string (A3 times) is shown, not a crash', async () => {
    const f = await fake();
    f.on('usage', () => json({ data: sample.usage('2026-11-25T16:00:00.000Z', '2026-11-26T00:00:00Z') }));
    const r = await run(f, ['usage', '-o', 'csv']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /minute,60,59,2026-11-25T16:00:00/);
    assert.match(r.stdout, /day,5000,4990,2026-11-26T00:00:00/);
    assert.doesNotMatch(r.stderr, /bug in svc/);
  });

  test('usage: reset as epoch seconds still works', async () => {
    const f = await fake();
    f.on('usage', () => json({ data: sample.usage(1_795_000_000, 1_795_003_600) }));
    const r = await run(f, ['usage', '-o', 'csv']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /minute,60,59,2026-11-18T/);
  });

  test('a string costCents is not counted as 0: exit 1 naming the route and the field', async () => {
    const f = await fake();
    f.on(
      'listOrders',
      pagedList((i) => sample.order(i, { deliveredItems: [{ ref: 'R', costCents: '300' }] }), 3),
    );
    const r = await run(f, ['orders', 'profit', '--json']);
    assert.equal(r.code, 1, r.stdout);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /the service answered GET \/api\/v2\/orders/);
    assert.match(r.stderr, /field data\[0\]\.deliveredItems\[0\]\.costCents is a string, expected a number/);
    assert.doesNotMatch(r.stderr, /bug in svc/);
  });

  test('a balance of the wrong type is an error, never printed as if fine', async () => {
    const f = await fake();
    f.on('balance', () => json({ data: { available: 'lots', pending: 0, blocked: 0 } }));
    const r = await run(f, ['balance', '--json']);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /the service answered GET \/api\/v2\/balance, but field data\.available is a string, expected a number/,
    );
  });

  test('a listing without its id is an error', async () => {
    const f = await fake();
    f.on('getProduct', () => json({ data: { title: 'no id' } }));
    const r = await run(f, ['products', 'get', '42']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /GET \/api\/v2\/products\/42, but field data\.id is missing/);
  });

  test('an answer that is not an object at all', async () => {
    const f = await fake();
    f.on('me', () => json(['not', 'an', 'envelope']));
    const r = await run(f, ['me']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the service answered GET \/api\/v2\/me/);
    assert.doesNotMatch(r.stderr, /bug in svc/);
  });

  test('unknown extra fields still pass (A4: more may appear)', async () => {
    const f = await fake();
    f.on('balance', () => json({ data: { available: 5, pending: 0, blocked: 0, bonus: { x: 1 } }, extra: true }));
    const r = await run(f, ['balance', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).available, 5);
  });
});

describe('--all paging with guards', { concurrency: true }, () => {
  const endless = (make: (i: number) => unknown) => pagedList(make, 0, { endless: true, totalPages: 55_000_000 });

  for (const [args, route] of [
    [['catalog'], 'catalogGames'],
    [['games'], 'v1Games'],
    [['products', 'list', '--all'], 'listProducts'],
    [['orders', 'list', '--all'], 'listOrders'],
    [['orders', 'profit'], 'listOrders'],
  ] as const) {
    test(`${args.join(' ')}: totalPages 55 million ends after one request, exit 1 with a hint`, async () => {
      const f = await fake();
      const make =
        route === 'listOrders'
          ? (i: number) => sample.order(i)
          : route === 'listProducts'
            ? (i: number) => sample.listing(i)
            : (i: number) => sample.game(i);
      f.on(route, endless(make));
      const r = await svc([...args, '-o', 'json'], { env: env(f, route === 'v1Games' ? KNOWN_V1 : KNOWN_V2) });
      assert.equal(r.code, 1, r.stderr);
      // `orders profit` reads the orders mirror, whose sync has its own page cap.
      if (args[1] === 'profit') assert.match(r.stderr, /has 55000000 pages; a sync of the orders mirror reads at most/);
      else assert.match(r.stderr, /has 55000000 pages .*--all reads at most 1000 pages/);
      assert.match(r.stderr, /hint: narrow the list/);
      assert.equal(f.count(route), 1);
    });
  }

  test('orders profit: pages without pagination are read on to the short last page (the orders mirror)', async () => {
    const f = await fake();
    f.on(
      'listOrders',
      pagedList((i) => sample.order(i), 250, { noPagination: true }),
    );
    const r = await run(f, ['orders', 'profit', '--json']);
    assert.equal(r.code, 0, r.stderr);
    // A1: a short page is the last one; the mirror's sync does not stop at a full page without
    // pagination the way one `--all` read does, so all 250 orders are read (3 pages).
    assert.equal(f.count('listOrders'), 3);
  });

  test('orders list --all: a full page without pagination prints it, warns, exit 1', async () => {
    const f = await fake();
    f.on(
      'listOrders',
      pagedList((i) => sample.order(i), 250, { noPagination: true }),
    );
    const r = await run(f, ['orders', 'list', '--all', '-o', 'jsonl']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout.trim().split('\n').length, 100);
    assert.match(r.stderr, /warning: .*cannot tell whether more pages exist.*may not be all of them/);
  });

  test('a short page without pagination is the last one: exit 0, no warning', async () => {
    const f = await fake();
    f.on(
      'listOrders',
      pagedList((i) => sample.order(i), 3, { noPagination: true }),
    );
    const r = await run(f, ['orders', 'profit', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).totals.sales ?? JSON.parse(r.stdout).rows.length, 3);
  });

  test('an honest list of 250 rows is read in 3 pages', async () => {
    const f = await fake();
    f.on(
      'listProducts',
      pagedList((i) => sample.listing(i), 250),
    );
    const r = await run(f, ['products', 'list', '--all', '-o', 'jsonl']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 250);
    assert.equal(f.count('listProducts'), 3);
  });

  test('products create looks the game up page by page and stops when found', async () => {
    const f = await fake();
    f.on(
      'catalogGames',
      endless((i) => sample.game(i)),
    );
    const r = await run(f, [
      'products',
      'create',
      '--title',
      'A fine listing',
      '--description',
      'Twenty characters or more here.',
      '--price',
      '5.00',
      '--game',
      'game-7',
      '--category',
      'skin',
      '--json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(f.count('catalogGames'), 1);
    assert.equal(f.count('createProduct'), 1);
  });
});

describe('bounded answers', { concurrency: true }, () => {
  test('a 600 MB answer is refused at the size cap, once, not retried as a network error', async () => {
    const f = await fake();
    f.on('listProducts', () => huge(600 * 1024 * 1024));
    const r = await run(f, ['products', 'list', '--json']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the service answered GET \/api\/v2\/products, but the answer is larger than 64 MB/);
    assert.doesNotMatch(r.stderr, /network error|gave up after/);
    assert.equal(f.count('listProducts'), 1);
  });

  test('a single object answer has a smaller cap', async () => {
    const f = await fake();
    f.on('getProduct', () => huge(40 * 1024 * 1024));
    const r = await run(f, ['products', 'get', '5']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /larger than 16 MB/);
  });

  for (const [kind, reply] of [
    ['never answers', silence],
    ['sends headers and never ends the body', stall],
  ] as const) {
    test(`a server that ${kind} fails after two timed-out attempts, not six`, async () => {
      const f = await fake();
      f.on('balance', reply);
      const r = await run(f, ['balance', '--timeout', '1']);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /no answer within 1 s/);
      // The state that shows it: two attempts reached the server (six before): the one resend
      // cli-spec 4 asks for after a timeout, then the failure.
      assert.equal(f.count('balance'), 2);
    });
  }
});

describe('checked before anything is sent', { concurrency: true }, () => {
  for (const bad of ['localhost:4010', 'ftp://127.0.0.1:4010', 'http://', 'http://user:pw@127.0.0.1:4010']) {
    test(`--base-url ${bad}: exit 2 at once, nothing sent`, async () => {
      const f = await fake();
      const d = tempDirs();
      const r = await svc(['auth', 'login', '--base-url', bad], {
        env: { SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir, SVC_KEYRING: 'off' },
        input: KNOWN_V2,
      });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /--base-url (has no scheme|has the scheme "ftp"|has no host|holds a user name)/);
      assert.doesNotMatch(r.stderr, /network error|pw/);
      assert.equal(f.requests.length, 0);
    });
  }

  test('SVC_BASE_URL without a scheme: exit 2 on a read too', async () => {
    const f = await fake();
    const r = await svc(['balance'], { env: env(f, KNOWN_V2, { SVC_BASE_URL: f.url.replace('http://', '') }) });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /SVC_BASE_URL has no scheme/);
    assert.equal(f.requests.length, 0);
  });

  test('an unknown --api-key=KEY never echoes the key', async () => {
    const f = await fake();
    // A key-shaped value that is not one of the run's known keys: the harness records every
    // command line in the run's capture, which the secret scan searches for the known ones.
    const typed = 'svc_v2_sk_TypedOnTheCommandLine0123';
    const r = await run(f, ['balance', `--api-key=${typed}`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option '--api-key=…'/);
    assert.ok(!r.stderr.includes('TypedOnTheCommandLine'));
  });

  test('under umask 000 the config folder is 0700 and the file 0600', {
    skip: process.platform === 'win32',
  }, async () => {
    const f = await fake();
    const d = tempDirs();
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        '/bin/sh',
        ['-c', 'umask 000; exec "$0" "$@"', process.execPath, BIN, 'auth', 'login', '--base-url', f.url],
        {
          env: {
            ...process.env,
            SVC_CONFIG_DIR: join(d.configDir, 'nested'),
            SVC_STATE_DIR: d.stateDir,
            SVC_KEYRING: 'off',
            SVC_API_KEY: '',
          },
        },
      );
      let stderr = '';
      child.stderr.on('data', (x) => {
        stderr += x;
      });
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end(KNOWN_V2);
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(statSync(join(d.configDir, 'nested')).mode & 0o777, 0o700);
    assert.equal(statSync(d.configDir).mode & 0o777, 0o700);
    const files = readdirSync(join(d.configDir, 'nested'));
    for (const file of files) assert.equal(statSync(join(d.configDir, 'nested', file)).mode & 0o777, 0o600, file);
  });
});

describe('hints, exit codes and echoes', { concurrency: true }, () => {
  test('NO_STOCK on a single listing points to stock add, variants set only for multi-variant ones', async () => {
    const f = await fake();
    f.on('updateProduct', () =>
      json({ error: 'Bad Request', code: 'NO_STOCK', message: 'the listing has no stock' }, 400),
    );
    const r = await run(f, ['products', 'update', '5', '--active']);
    assert.equal(r.code, 1);
    assert.match(
      r.stderr,
      /hint: add stock first with `svc stock add ID --file FILE` \(a multi-variant listing: `svc products variants set/,
    );
  });

  test('NOT_APPROVED names both cases: under review (wait) and rejected (edit to resubmit)', async () => {
    const f = await fake();
    f.on('getProduct', (req) =>
      json({ data: sample.listing(Number(req.params.id), { status: 'rejected', isActive: false }) }),
    );
    f.on('updateProduct', () =>
      json({ error: 'Bad Request', code: 'NOT_APPROVED', message: 'the listing is not approved' }, 400),
    );
    const r = await run(f, ['products', 'update', '5', '--active']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /hint: .*under review .*rejected, edit its title or description to send it back to review/);
  });

  test('editing a taken-down listing: no "back to review" warning or question, the 410 is shown', async () => {
    const f = await fake();
    f.on('getProduct', (req) =>
      json({ data: sample.listing(Number(req.params.id), { status: 'taken_down', isActive: false }) }),
    );
    f.on('updateProduct', () =>
      json({ error: 'Gone', code: 'LISTING_TAKEN_DOWN', message: 'removed by moderation' }, 410),
    );
    const r = await run(f, ['products', 'update', '5', '--title', 'A brand new title']);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, /back to review|confirmation needed/);
    assert.match(r.stderr, /removed by moderation \(410 LISTING_TAKEN_DOWN\)/);
  });

  test('--api v2 with only a v1 key is exit 4 like every v2-only command', async () => {
    const f = await fake();
    const r = await svc(['products', 'list', '--api', 'v2'], { env: env(f, KNOWN_V1) });
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /--api v2 needs a v2 key/);
    assert.equal(f.requests.length, 0);
  });

  test('"published" only when the returned question is answered', async () => {
    const f = await fake();
    f.on('answerQuestion', (req) => json({ data: sample.question(Number(req.params.id)) })); // still unanswered
    const r = await run(f, ['questions', 'answer', '7', '--text', 'Yes, it is included.']);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, /published/);
    assert.match(r.stderr, /accepted the answer to question 7 but returned the question as "unanswered"/);
  });

  test('an answer the service echoes as answered is published', async () => {
    const f = await fake();
    const r = await run(f, ['questions', 'answer', '7', '--text', 'Yes, it is included.']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /answer to question 7 published/);
  });
});

describe("stock add: results from the service's own answers", { concurrency: true }, () => {
  const credsFile = (n: number) => {
    const d = tempDirs();
    return {
      d,
      file: writeFile(d.dir, 'creds.txt', `${Array.from({ length: n }, (_, i) => `user${i}:pw${i}`).join('\n')}\n`),
    };
  };

  test('"now in stock" is the A7 total of the answer, with no extra GET', async () => {
    const f = await fake();
    f.on('addStock', () => json({ data: { added: 3, duplicates: 0, total: 1234 } }));
    const { d, file } = credsFile(3);
    const r = await svc(['stock', 'add', '5', '--file', file, '-o', 'json'], {
      env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).inStock, 1234);
    assert.match(r.stderr, /1234 now in stock/);
    assert.equal(f.count('getProduct'), 1); // the target check before sending, nothing after
  });

  for (const [status, code, message] of [
    [400, 'TOO_MANY_CREDENTIALS', 'at most 10000 credentials per variant'],
    [410, 'LISTING_TAKEN_DOWN', 'removed by moderation'],
  ] as const) {
    for (const format of ['json', 'csv', 'table'] as const) {
      test(`a chunk refused with ${status} ${code}: exit 3, the code and message in -o ${format} and the summary`, async () => {
        const f = await fake();
        f.on('addStock', () => json({ error: 'refused', code, message }, status));
        const { d, file } = credsFile(3);
        const r = await svc(['stock', 'add', '5', '--file', file, '-o', format], {
          env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
        });
        assert.equal(r.code, 3, r.stderr);
        if (format === 'json')
          assert.deepEqual(JSON.parse(r.stdout).refused, [{ lines: '1-3', credentials: 3, code, message }]);
        else assert.ok(r.stdout.includes(`lines 1-3: ${code}: ${message}`), r.stdout);
        assert.ok(r.stderr.includes(`refused: lines 1-3 (3 credentials): ${code}: ${message}`), r.stderr);
      });
    }
    test(`a chunk refused with ${status} ${code}: --report has a row per credential line with the code and message, never the credential`, async () => {
      const f = await fake();
      f.on('addStock', () => json({ error: 'refused', code, message }, status));
      const { d, file } = credsFile(3);
      const report = join(d.dir, 'stock-report.csv');
      const r = await svc(['stock', 'add', '5', '--file', file, '--report', report], {
        env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
      });
      assert.equal(r.code, 3, r.stderr);
      const text = readFileSync(report, 'utf8');
      assert.equal(
        text,
        `${['line,status,code,message', ...[1, 2, 3].map((l) => `${l},failed,${code},${message}`)].join('\r\n')}\r\n`,
      );
      for (const credential of readFileSync(file, 'utf8').trim().split('\n'))
        assert.ok(!text.includes(credential.trim()), 'a credential in the report');
    });
  }
});

describe('plans honest about the daily quota', { concurrency: true }, () => {
  const prices = (n: number) => {
    const d = tempDirs();
    return {
      d,
      file: writeFile(d.dir, 'p.csv', ['id,price', ...Array.from({ length: n }, (_, i) => `${i + 1},9.99`)].join('\n')),
    };
  };
  const withDay = (f: FakeService, remaining: number) =>
    f.on('usage', () =>
      json({
        data: {
          minute: { limit: 60, remaining: 59, reset: Math.floor(Date.now() / 1000) + 30 },
          day: { limit: 5000, remaining, reset: '2026-11-26T00:00:00.000Z' },
        },
      }),
    );

  test('29 requests left today, a 30-request job: the plan says it stops at 29 with exit 5 and a resume', async () => {
    const f = await fake();
    withDay(f, 29);
    const { d, file } = prices(3000);
    const r = await svc(['products', 'bulk-price', file, '--dry-run'], {
      env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /requests: 30/);
    assert.match(
      r.stdout,
      /daily quota: 29 requests left today \(as `svc usage` reports\), the job needs 30: the run would stop after 29 with exit 5 and a resume command; the quota resets at 2026-11-26T00:00:00.000Z/,
    );
    assert.equal(f.count('bulkPrice'), 0);
  });

  test('-o json carries the day: dayRemaining and requestsBeyondDay', async () => {
    const f = await fake();
    withDay(f, 29);
    const { d, file } = prices(3000);
    const r = await svc(['products', 'bulk-price', file, '--dry-run', '-o', 'json'], {
      env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
    });
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.equal(plan.dayRemaining, 29);
    assert.equal(plan.requestsBeyondDay, 1);
  });

  test('a job within the day says what is left, and nothing about stopping', async () => {
    const f = await fake();
    withDay(f, 4000);
    const { d, file } = prices(300);
    const r = await svc(['products', 'bulk-price', file, '--dry-run'], {
      env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /daily quota: 4000 requests left today \(as `svc usage` reports\)$/m);
    assert.doesNotMatch(r.stdout, /would stop/);
  });
});

describe('one stock job per target', () => {
  test('a second import to the same listing while the first is sending is refused (exit 2), nothing sent by it', async () => {
    const f = await fake();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    f.on('addStock', async (req) => {
      await held;
      return json({ data: { added: (req.body as any).items.length, duplicates: 0, total: 3 } });
    });
    const d = tempDirs();
    const e = { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir };
    const a = writeFile(d.dir, 'a.txt', 'a1:p1\na2:p2\n');
    const b = writeFile(d.dir, 'b.txt', 'b1:p1\nb2:p2\n');
    const first = svc(['stock', 'add', '5', '--file', a, '--dedupe', 'none'], { env: e });
    await f.received('addStock');
    const second = await svc(['stock', 'add', '5', '--file', b, '--dedupe', 'none'], { env: e });
    assert.equal(second.code, 2, second.stderr);
    assert.match(second.stderr, /another job is writing to listing 5 \(process \d+\)/);
    assert.equal(f.count('addStock'), 1);
    release();
    assert.equal((await first).code, 0);
    // Once the first is done, the next import runs.
    const third = await svc(['stock', 'add', '5', '--file', b, '--dedupe', 'none'], { env: e });
    assert.equal(third.code, 0, third.stderr);
    assert.equal(f.count('addStock'), 2);
  });
});

describe('local faults said plainly', () => {
  test('a journal that cannot be written mid-job: what happened, the resume command, and the resume is exact', {
    skip: !existsSync('/usr/bin/prlimit') && 'needs prlimit',
  }, async () => {
    const f = await fake();
    const d = tempDirs();
    const e = { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir };
    const file = writeFile(d.dir, 'c.txt', `${Array.from({ length: 4500 }, (_, i) => `u${i}:p${i}`).join('\n')}\n`);
    // A file size limit of 10 kB: the job's header and first chunk-start fit, the first
    // chunk-done (2000 outcomes) does not, after its request was answered: a full disk, as
    // far as the journal can tell.
    const limited = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        '/usr/bin/prlimit',
        ['--fsize=10000', process.execPath, BIN, 'stock', 'add', '5', '--file', file],
        { env: { ...process.env, ...e, NO_COLOR: '1' } },
      );
      let stderr = '';
      child.stderr.on('data', (x) => {
        stderr += x;
      });
      child.on('close', (code) => resolve({ code, stderr }));
      child.stdin.end();
    });
    assert.equal(limited.code, 1, limited.stderr);
    assert.match(limited.stderr, /error: cannot write the job journal .*: the file size limit was reached \(EFBIG\)/);
    assert.match(limited.stderr, /hint: free space in \(or make writable\)/);
    assert.doesNotMatch(limited.stderr, /bug in svc/);
    const resume = /resume with: svc (.*)$/m.exec(limited.stderr);
    assert.ok(resume, limited.stderr);
    assert.equal(f.count('addStock'), 1);
    const args = resume[1]!.split(' ').filter((a) => a !== '');
    const r = await svc(args, { env: e });
    assert.equal(r.code, 0, r.stderr);
    const sent = f.requests.filter((x) => x.route === 'addStock');
    assert.equal(sent.length, 4); // chunk 0 again (its journaled key), then chunks 1 and 2
    assert.equal(sent[1]!.headers['idempotency-key'], sent[0]!.headers['idempotency-key']);
  });
});

describe('--all streams page by page', { concurrency: true }, () => {
  for (const format of ['json', 'jsonl', 'csv', 'tsv'] as const) {
    test(`-o ${format}: the first page is printed before the second is asked for`, { timeout: 60_000 }, async () => {
      const f = await fake();
      const honest = pagedList((i) => sample.listing(i), 250);
      // Page 2 is answered only once page 1's last row is on the CLI's stdout: a CLI that
      // prints only at the end never gets it (and this test fails by its timeout).
      let stdout = '';
      let seen!: () => void;
      const firstPageOut = new Promise<void>((r) => {
        seen = r;
      });
      const lastOfPage1 = format === 'json' ? /"id": 100,/ : format === 'jsonl' ? /"id":100,/ : /^100[,\t]/m;
      f.on('listProducts', async (req) => {
        if (req.page === 2) await firstPageOut;
        return honest(req);
      });
      const d = tempDirs();
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'products', 'list', '--all', '-o', format], {
          env: {
            ...process.env,
            SVC_BASE_URL: f.url,
            SVC_API_KEY: KNOWN_V2,
            SVC_CONFIG_DIR: d.configDir,
            SVC_STATE_DIR: d.stateDir,
            NO_COLOR: '1',
          },
        });
        child.stdout.on('data', (x) => {
          stdout += x;
          if (lastOfPage1.test(stdout)) seen();
        });
        child.on('close', resolve);
        child.stdin.end();
      });
      assert.equal(code, 0);
      if (format === 'json')
        assert.deepEqual(
          JSON.parse(stdout).map((l: any) => l.id),
          Array.from({ length: 250 }, (_, i) => i + 1),
        );
      else if (format === 'jsonl') assert.equal(stdout.trim().split('\n').length, 250);
      else {
        const lines = stdout.trim().split('\n');
        assert.equal(lines.length, 251); // one header
        assert.match(lines[0]!, /^id[,\t]/);
      }
    });
  }

  test('an empty list streams as a whole print would: [] and a lone csv header', async () => {
    const f = await fake();
    f.on(
      'listProducts',
      pagedList((i) => sample.listing(i), 0),
    );
    assert.equal((await run(f, ['products', 'list', '--all', '-o', 'json'])).stdout, '[]\n');
    const csv = await run(f, ['products', 'list', '--all', '-o', 'csv']);
    assert.equal(csv.stdout.trim().split('\n').length, 1);
  });
});

test('a streamed --all prints the same bytes as the whole list read with --limit', async () => {
  const f = await fake();
  f.on(
    'listProducts',
    pagedList((i) => sample.listing(i), 250),
  );
  for (const format of ['json', 'jsonl', 'csv', 'tsv']) {
    const streamed = await run(f, ['products', 'list', '--all', '-o', format]);
    const whole = await run(f, ['products', 'list', '--limit', '250', '-o', format]);
    assert.equal(streamed.code, 0, streamed.stderr);
    assert.equal(streamed.stdout, whole.stdout, format);
  }
});

test('--limit 250 on a long list reads 3 pages and stops, exit 0 (its cap is its own, not a refusal)', async () => {
  const f = await fake();
  f.on(
    'listProducts',
    pagedList((i) => sample.listing(i), 1_000_000),
  );
  const r = await run(f, ['products', 'list', '--limit', '250', '-o', 'jsonl']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, 250);
  assert.equal(f.count('listProducts'), 3);
  assert.equal(r.stderr, '');
});

test("journal records carry each credential's own line, not its chunk's first line", async () => {
  const f = await fake();
  const d = tempDirs();
  const file = writeFile(d.dir, 'c.txt', 'a1:p1\n\nb1:p1\nc1:p1\n');
  const r = await svc(['stock', 'add', '5', '--file', file], {
    env: { SVC_BASE_URL: f.url, SVC_API_KEY: KNOWN_V2, SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir },
  });
  assert.equal(r.code, 0, r.stderr);
  const jobs = join(d.stateDir, 'jobs');
  const journal = readdirSync(jobs).find((x) => x.endsWith('.jsonl'))!;
  const done = readFileSync(join(jobs, journal), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .find((x) => x.t === 'chunk-done');
  assert.deepEqual(
    done.items.map((i: any) => i.line),
    [1, 3, 4],
  );
});

test('"pagination": null is no pagination: a full page is printed with the warning, exit 1, never a crash', async () => {
  const f = await fake();
  f.on('listOrders', (req) =>
    json({ data: Array.from({ length: req.limit }, (_, i) => sample.order(i + 1)), pagination: null }),
  );
  const r = await run(f, ['orders', 'list', '--all', '-o', 'jsonl']);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, 100);
  assert.match(r.stderr, /without pagination/);
  assert.doesNotMatch(r.stderr, /bug in svc/);
});

test('a server whose pages hold fewer rows than asked (its limit says so) is read to the end', async () => {
  const f = await fake();
  const paged = pagedList((i) => sample.listing(i), 120);
  f.on('listProducts', (req) => paged({ ...req, limit: Math.min(req.limit, 50) }));
  const r = await run(f, ['products', 'list', '--all', '-o', 'jsonl']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, 120);
  assert.equal(f.count('listProducts'), 3);
});
