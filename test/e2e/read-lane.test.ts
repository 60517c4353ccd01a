// Through the built bin/svc.js: a one-shot read runs in the read lane (dist/lane.cjs,
// never dist/main.cjs), and says, prints and exits exactly as the full path does
// (SVC_LANE=off) across the places a read runs: a key in the environment or a profile in the
// config file, English and Portuguese, piped and as JSON, a bad key, a server that is not
// ours, a bad value the verb itself refuses, a list cut short by the service (exit 1). A closed
// stdout (`| head`) is test/e2e/epipe.test.ts, whose reads now run in the lane.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  distReadProbe,
  KNOWN_V2,
  ROOT,
  startTestSandbox,
  svc,
  svcEnv,
  tempDirs,
  type TestSandbox,
  writeFile,
} from './harness.js';

describe('the read lane through bin/svc.js', { concurrency: true }, () => {
  let sb: TestSandbox;
  let env: Record<string, string>;
  let profileEnv: Record<string, string>;
  /** A service whose page 1 holds 10 rows of the 20 it pages by, yet says there are 9 pages. */
  let short: Server;
  let shortUrl: string;
  before(async () => {
    sb = await startTestSandbox();
    env = svcEnv(sb, tempDirs());
    const dirs = tempDirs();
    profileEnv = { SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir, SVC_KEYRING: 'off' };
    const login = await svc(['auth', 'login', '--profile', 'shop', '--base-url', sb.url], {
      env: profileEnv,
      input: KNOWN_V2,
    });
    assert.equal(login.code, 0, login.stderr);
    const page = await sb.api('GET', '/api/v2/products?limit=1');
    const listing = page.body.data[0];
    short = createServer((req, res) => {
      if ((req.url ?? '').startsWith('/html')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>not the service</html>');
        return;
      }
      const second = (req.url ?? '').includes('page=2');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: second ? [] : Array.from({ length: 10 }, (_, i) => ({ ...listing, id: i + 1 })),
          pagination: { page: second ? 2 : 1, limit: 20, total: 180, totalPages: 9 },
        }),
      );
    });
    await new Promise<void>((resolve) => short.listen(0, '127.0.0.1', resolve));
    shortUrl = `http://127.0.0.1:${(short.address() as AddressInfo).port}`;
  });
  after(() => {
    short.close();
    return sb.close();
  });

  const cases: [string, () => { args: string[]; env: Record<string, string> }][] = [
    ['--json with the key in the environment', () => ({ args: ['products', 'list', '--json'], env })],
    ['piped tsv in Portuguese', () => ({ args: ['products', 'list'], env: { ...env, LANG: 'pt_BR.UTF-8' } })],
    [
      'orders as csv with filters',
      () => ({ args: ['orders', 'list', '--type', 'sales', '--from', '2020-01-01', '-o', 'csv'], env }),
    ],
    [
      'a profile of the config file',
      () => ({ args: ['products', 'list', '--profile', 'shop', '--json'], env: profileEnv }),
    ],
    ['reviews as jsonl', () => ({ args: ['reviews', 'list', '-o', 'jsonl'], env })],
    [
      'a key the service refuses (exit 3, error as json)',
      () => ({
        args: ['products', 'list', '--json'],
        env: { ...env, SVC_API_KEY: `svc_v2_sk_${'x'.repeat(32)}` },
      }),
    ],
    [
      'a server that is not the service answers HTML (the answer is refused)',
      () => ({ args: ['mediations', 'list'], env: { ...env, SVC_BASE_URL: `${shortUrl}/html` } }),
    ],
    ['--jq over the whole list', () => ({ args: ['products', 'list', '--jq', '.[].id'], env })],
    [
      '--jq=EXPR with global flags before the noun (a profile)',
      () => ({ args: ['--profile', 'shop', '--jq=.[0].title', 'products', 'list'], env: profileEnv }),
    ],
    [
      '--jq in Portuguese with a run error (exit 1)',
      () => ({ args: ['orders', 'list', '--jq', '.[] | error("x")'], env: { ...env, LANG: 'pt_BR.UTF-8' } }),
    ],
    ['a --jq that does not compile (exit 2)', () => ({ args: ['products', 'list', '--jq', '.['], env })],
    ['--jq with -o table (exit 2)', () => ({ args: ['products', 'list', '--jq', '.', '-o', 'table'], env })],
    ['a value the verb refuses (exit 2)', () => ({ args: ['questions', 'list', '--product', 'abc'], env })],
    [
      'a list the service cuts short (exit 1, a warning)',
      () => ({
        args: ['products', 'list', '--all', '--json'],
        env: { ...env, SVC_BASE_URL: shortUrl },
      }),
    ],
  ];

  test('a command outside the lane does not read the lane: straight to main.cjs', async () => {
    const r = await svc(['products', 'get', '101', '--json'], { env: { ...env, NODE_OPTIONS: distReadProbe() } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^READ main\.cjs$/m);
    assert.doesNotMatch(r.stderr, /^READ lane\.cjs$/m);
  });

  // Whether --jq starts a worker depends on the machine's load (a run over 500 ms wall time goes to
  // one: src/output/jq-inline.ts), so only its answer is checked here; test/output/jq-inline.test.ts
  // checks the run in the calling thread.
  test('node:worker_threads (~2 ms to load) is not loaded by a plain read; --jq gives its answer', async () => {
    const probe = writeFile(
      tempDirs().dir,
      'modules.cjs',
      `process.on('exit', () => process.moduleLoadList.includes('NativeModule worker_threads') && process.stderr.write('WORKER-LOADED\\n'));`,
    );
    const withProbe = { ...env, NODE_OPTIONS: `--require ${probe}` };
    const [plain, jq] = await Promise.all([
      svc(['products', 'list', '--json'], { env: withProbe }),
      svc(['products', 'list', '--jq', '.[0].id'], { env: withProbe }),
    ]);
    assert.deepEqual([plain.code, jq.code], [0, 0], plain.stderr + jq.stderr);
    assert.doesNotMatch(plain.stderr, /^WORKER-LOADED$/m);
    assert.equal(jq.stdout, '101\n');
  });

  // On Node 22 an AsyncLocalStorage turns on promise hooks for every await after it; a read is one
  // feature from start to end (src/api/feature.ts asOnlyFeature) and makes none.
  test('a plain read makes no AsyncLocalStorage (no promise hooks on its awaits)', async () => {
    const probe = writeFile(
      tempDirs().dir,
      'als.cjs',
      `process.on('exit', () => process.moduleLoadList.some((m) => m.startsWith('NativeModule internal/async_local_storage')) && process.stderr.write('ALS-LOADED\\n'));`,
    );
    const withProbe = { ...env, NODE_OPTIONS: `--require ${probe}` };
    const [read, full] = await Promise.all([
      svc(['--profile', 'shop', 'products', 'list', '--json'], {
        env: { ...profileEnv, NODE_OPTIONS: withProbe.NODE_OPTIONS },
      }),
      svc(['products', 'get', '101', '--json'], { env: withProbe }),
    ]);
    assert.deepEqual([read.code, full.code], [0, 0], read.stderr + full.stderr);
    assert.doesNotMatch(read.stderr, /^ALS-LOADED$/m);
    assert.match(full.stderr, /^ALS-LOADED$/m, 'the probe sees an AsyncLocalStorage where one is made');
  });

  // A Portuguese-speaking seller's --json read says nothing to a person: the catalogue (186 KB of
  // json, ~4 ms) is read on the first text asked for (src/i18n/load.ts), which such a read never asks.
  test('pt-BR: a --json read does not read the catalogue; a table, and an error as json, are in Portuguese', async () => {
    const probe = writeFile(
      tempDirs().dir,
      'catalogue-read.cjs',
      `const fs = require('node:fs'); const read = fs.readFileSync; fs.readFileSync = function (f, ...rest) { if (String(f).endsWith('pt-BR.json')) process.stderr.write('PT_BR_JSON_READ\\n'); return read.call(this, f, ...rest); };`,
    );
    // the marked mode reads the catalogue at start to mark it: a seller's run has no marks
    const pt = { ...profileEnv, LANG: 'pt_BR.UTF-8', SVC_LANG_MARKS: '0', NODE_OPTIONS: `--require ${probe}` };
    const [json, table, bad] = await Promise.all([
      svc(['--profile', 'shop', 'products', 'list', '--json'], { env: pt }),
      svc(['--profile', 'shop', 'products', 'list', '-o', 'table'], { env: pt }),
      svc(['--profile', 'nope', 'products', 'list', '--json'], { env: pt }),
    ]);
    assert.deepEqual([json.code, table.code, bad.code], [0, 0, 2], json.stderr + table.stderr + bad.stderr);
    assert.doesNotMatch(json.stderr, /PT_BR_JSON_READ/);
    assert.equal(JSON.parse(json.stdout)[0].status, 'approved', 'json keeps the service values');
    assert.match(table.stderr, /^PT_BR_JSON_READ$/m, 'the probe sees the catalogue read where a text is asked for');
    assert.match(table.stdout, /aprovado/);
    assert.match(bad.stderr, /"message":"nenhum perfil chamado/);
  });

  // Absence: an install whose catalogue file is gone (a broken copy, a disk cleaner) still answers,
  // in English, with the same exit code; the same copy with its catalogue speaks Portuguese.
  test('pt-BR with dist/pt-BR.json missing: the run falls back to English, same exit code', () => {
    const copy = tempDirs().dir;
    cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
    const run = () =>
      spawnSync(process.execPath, [join(copy, 'bin', 'svc.js'), 'products', 'list', '--limit', 'x'], {
        env: { PATH: process.env.PATH, HOME: copy, LANG: 'pt_BR.UTF-8', ...env, SVC_LANG_MARKS: '0' },
        encoding: 'utf8',
      });
    const whole = run();
    assert.equal(whole.status, 2, whole.stderr);
    assert.match(whole.stderr, /^erro: /m);
    rmSync(join(copy, 'dist', 'pt-BR.json'));
    const broken = run();
    assert.equal(broken.status, 2, broken.stderr);
    assert.match(broken.stderr, /^error: /m);
  });

  test('a read in the README form is counted under its command, not under its global flags', async () => {
    const r = await svc(['--profile', 'shop', 'products', 'list', '--json'], { env: profileEnv });
    assert.equal(r.code, 0, r.stderr);
    const usage = await svc(['usage', '--profile', 'shop', '-o', 'json'], { env: profileEnv });
    assert.equal(usage.code, 0, usage.stderr);
    assert.match(usage.stdout, /"products list"/, usage.stdout);
    assert.doesNotMatch(usage.stdout, /"--profile shop"/, usage.stdout);
  });

  for (const [name, make] of cases) {
    test(`${name}: the lane's answer is the full path's`, async () => {
      const { args, env: e } = make();
      const probe = { NODE_OPTIONS: distReadProbe() };
      const [laneRun, fullRun] = await Promise.all([
        svc(args, { env: { ...e, ...probe } }),
        svc(args, { env: { ...e, ...probe, SVC_LANE: 'off' } }),
      ]);
      assert.match(laneRun.stderr, /^READ lane\.cjs$/m, 'the lane ran it');
      assert.doesNotMatch(laneRun.stderr, /^READ main\.cjs$/m, 'without the full CLI');
      assert.match(fullRun.stderr, /^READ main\.cjs$/m);
      const strip = (s: string) => s.replace(/^READ .*\n/gm, '');
      assert.deepEqual(
        [laneRun.code, laneRun.stdout, strip(laneRun.stderr)],
        [fullRun.code, fullRun.stdout, strip(fullRun.stderr)],
      );
    });
  }
});
