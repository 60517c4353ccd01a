// The one-file executable as a seller without Node.js gets it: scripts/sea.mjs builds the binary
// of this machine's target from dist/, and the binary runs with a PATH that has no `node` on it
// and a fresh HOME: the quick start's main job against its own built-in sandbox, `stock add`,
// `shop run` with GET /healthz and SIGTERM, --jq (jq-wasm embedded), pt-BR (the catalogue
// embedded) and the code cache made by bin/svc.js beside the unpacked files.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CAPTURE_FILE, ROOT } from '../e2e/harness.js';

const host = `${process.platform}-${process.arch}`;
const work = mkdtempSync(join(tmpdir(), 'svc-sea-'));
const exe = join(work, 'release', `svc-${host}`);
const home = join(work, 'home');
const noNode = join(work, 'bin'); // the whole PATH: an empty folder
const env: Record<string, string> = {
  HOME: home,
  PATH: noNode,
  SVC_CONFIG_DIR: join(work, 'config'),
  SVC_STATE_DIR: join(work, 'state'),
  NO_COLOR: '1',
  LANG: 'C',
};
const children = new Set<ChildProcess>();

function run(args: string[], extra: Record<string, string> = {}) {
  const r = spawnSync(exe, args, { cwd: work, env: { ...env, ...extra }, encoding: 'utf8' });
  appendFileSync(CAPTURE_FILE, `\n### svc ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** A long-running svc, its stdout and stderr gathered, killed with the test if still running. */
function start(args: string[]) {
  const child = spawn(exe, args, { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => {
    out.stdout += d;
  });
  child.stderr.on('data', (d) => {
    out.stderr += d;
  });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, out, exited };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const skip = host === 'linux-x64' ? false : `the end-to-end check of the binary runs on linux-x64 (this is ${host})`;

describe('the one-file executable (linux-x64), with no node on PATH', { skip }, () => {
  before(() => {
    mkdirSync(noNode, { recursive: true });
    mkdirSync(home, { recursive: true });
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'sea.mjs'), '--out', join(work, 'release')], {
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
    // No node to fall back on: the PATH the binary runs with finds none.
    assert.notEqual(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status, 0);
  });
  after(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  test('--version; the embedded files unpacked once into the cache folder, 0700 folders and 0600 files', () => {
    const r = run(['--version']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
    const sea = join(home, '.cache', 'svc', 'sea');
    const [build, ...others] = readdirSync(sea);
    assert.deepEqual(others, []);
    assert.equal(statSync(join(sea, build!)).mode & 0o777, 0o700);
    assert.equal(statSync(join(sea, build!, 'dist', 'main.cjs')).mode & 0o777, 0o600);
    const sums = readFileSync(join(work, 'release', 'SHA256SUMS'), 'utf8');
    assert.match(sums, new RegExp(`^[0-9a-f]{64}  svc-${host}\\n$`));
  });

  test('the quick start against its own sandbox: bulk-price, stock add, a sale; --jq; pt-BR; shop run with /healthz', {
    timeout: 120_000,
  }, async () => {
    const sandbox = start(['sandbox', '--port', '0', '--json']);
    await until('the sandbox', () => sandbox.out.stdout.includes('\n'));
    assert.match(sandbox.out.stdout, /"url":"http:\/\/127\.0\.0\.1:\d+"/);
    // The profile (and its key) in the 0600 config file: no keyring here, the addon says so or is absent.
    const config = readdirSync(env.SVC_CONFIG_DIR!).filter((f) => f.endsWith('.json'));
    for (const f of config) assert.equal(statSync(join(env.SVC_CONFIG_DIR!, f)).mode & 0o777, 0o600, f);

    // The keyring addon, embedded and loaded from the unpacked files: no Secret Service here, so the
    // key goes to the 0600 file, said in the addon's own words under --verbose.
    const { url, v2Key } = JSON.parse(sandbox.out.stdout.split('\n')[0]!) as { url: string; v2Key: string };
    const login = spawnSync(exe, ['auth', 'login', '--profile', 'k', '--base-url', url, '--verbose'], {
      cwd: work,
      env,
      input: v2Key,
      encoding: 'utf8',
    });
    assert.equal(login.status, 0, login.stderr);
    // The addon loaded (the keyring took the key, or said in its own words why it could not), not
    // 'the OS keyring could not be loaded' (the module missing: keys would still go to the file).
    assert.match(login.stderr, /in the OS keyring|no OS keyring available .*mode 0600\)\nkeyring: /);
    assert.doesNotMatch(login.stderr, /could not be loaded|Cannot find/);

    const priced = run([
      '--profile',
      'sandbox',
      'products',
      'bulk-price',
      join(ROOT, 'examples', 'prices.csv'),
      '-o',
      'json',
    ]);
    assert.equal(priced.status, 0, priced.stderr);
    const rows = JSON.parse(priced.stdout) as { status: string }[];
    assert.ok(rows.length > 0 && rows.every((r) => r.status === 'ok'), priced.stdout);
    const credentials = join(ROOT, 'examples', 'credentials.csv');
    const stocked = run(['--profile', 'sandbox', 'stock', 'add', '111', '--file', credentials, '-o', 'json']);
    assert.equal(stocked.status, 0, stocked.stderr);
    assert.match(stocked.stdout, /"added":\s*[1-9]/);
    const sold = run(['--profile', 'sandbox', 'sandbox', 'sell', '111', '-o', 'json']);
    assert.equal(sold.status, 0, sold.stderr);

    // --jq: jq-wasm, embedded and loaded from the unpacked files.
    const jq = run(['--profile', 'sandbox', 'products', 'list', '--jq', '.[0].id']);
    assert.equal(jq.status, 0, jq.stderr);
    assert.match(jq.stdout, /^\d+\n$/);
    // pt-BR: the catalogue beside the bundle.
    const pt = run(['products', 'list'], { SVC_LANG: 'pt-BR' });
    assert.equal(pt.status, 4, pt.stderr);
    assert.match(pt.stderr, /^erro: nenhuma chave de API/);

    writeFileSync(join(work, 'pool.csv'), 'credential,ref,cost\nsea-user-1:sea-pw-1,sea-1,1.00\n');
    writeFileSync(join(work, 'shop.yaml'), 'rules:\n  - listing: 111\n    pool: pool.csv\n    target: 1\n');
    const shop = start(['--profile', 'sandbox', 'shop', 'run', '--config', join(work, 'shop.yaml'), '--port', '0']);
    await until('the listener', () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(shop.out.stderr));
    await until('the first pass', () => /pass: shop:/.test(shop.out.stderr));
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(shop.out.stderr)![1]!;
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { ok: true });
    shop.child.kill('SIGTERM');
    assert.equal(await shop.exited, 0, shop.out.stderr);
    sandbox.child.kill('SIGTERM');
    await sandbox.exited;

    // The code cache of this binary's Node line, made by the runs above (bin/svc.js).
    const caches = join(home, '.cache', 'svc', 'code-cache');
    const made = readdirSync(caches).flatMap((d) => readdirSync(join(caches, d)));
    assert.ok(
      made.includes('main.cjs.v8') && made.some((f) => /^lane\.cjs\.[a-z]+-[a-z]+\.v8$/.test(f)),
      made.join(' '),
    );
  });
});
