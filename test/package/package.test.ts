// The package as a seller gets it: `npm pack` on a clean copy of the repository (no
// dist/: prepack must build it), the tarball installed globally into a temporary prefix, and the
// installed `svc` run from outside the repository on the Node line running this test: --version,
// the sandbox, a bulk-price and a stock add. The one runtime dependency (the OS keyring addon) comes
// from the npm cache that `npm ci` filled (--prefer-offline); the registry answers only its metadata.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CAPTURE_FILE, ROOT } from '../e2e/harness.js';
import { appendFileSync } from 'node:fs';

const work = mkdtempSync(join(tmpdir(), 'svc-package-'));
const prefix = join(work, 'prefix');
const outside = join(work, 'elsewhere'); // a folder that is not the repository
// The installed command on PATH, run by this test's own Node (the Node-line matrix runs this
// file on each line), never the repository's bin/.
const env: Record<string, string> = {
  ...(Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => v !== undefined && !k.startsWith('SVC_') && !k.startsWith('npm_')),
  ) as Record<string, string>),
  PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:${process.env.PATH}`,
  SVC_CONFIG_DIR: join(work, 'config'),
  SVC_STATE_DIR: join(work, 'state'),
  NO_COLOR: '1',
};

function run(cmd: string, args: string[], cwd = outside) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });
  try {
    appendFileSync(CAPTURE_FILE, `\n### ${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  } catch {
    /* best effort */
  }
  return r;
}

let tarball = '';
let sandbox: ChildProcess | undefined;
after(() => {
  sandbox?.kill('SIGKILL');
});

describe('the npm package', () => {
  before(() => {
    mkdirSync(outside, { recursive: true });
    // A clean copy of what git tracks (so no dist/), with the installed dependencies beside it.
    const copy = join(work, 'clone');
    const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(tracked.status, 0, tracked.stderr);
    for (const f of tracked.stdout.split('\0').filter(Boolean)) {
      mkdirSync(dirname(join(copy, f)), { recursive: true });
      cpSync(join(ROOT, f), join(copy, f));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const pack = run('npm', ['pack', '--pack-destination', work, '--json'], copy);
    assert.equal(pack.status, 0, pack.stderr);
    // prepack's build prints to stdout before npm's JSON
    const json = pack.stdout.slice(pack.stdout.search(/^\[/m));
    tarball = join(work, (JSON.parse(json) as { filename: string }[])[0]!.filename);
  });

  test('npm pack builds through prepack and ships exactly what runs', () => {
    const list = run('tar', ['tzf', tarball])
      .stdout.split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''))
      .sort();
    // the CLI is dist/main.cjs, the read lane dist/lane.cjs and their lazy chunks
    // (content-hashed names); no code cache
    // ships (each Node line makes its own in the user's cache folder).
    const chunks = list.filter((f) => f.startsWith('dist/chunks/'));
    assert.ok(chunks.length > 20, `${chunks.length} chunks`);
    for (const c of chunks) assert.match(c, /^dist\/chunks\/[\w-]+-[A-Z0-9]{8}\.cjs$/);
    assert.deepEqual(
      list.filter((f) => !f.startsWith('dist/chunks/')),
      [
        'README.md',
        'bin/package.json',
        'bin/svc.js',
        'dist/build.json',
        'dist/groups.json',
        'dist/help.json',
        'dist/help.pt-BR.json',
        'dist/lane.cjs',
        'dist/lane.json',
        'dist/main.cjs',
        'dist/pt-BR.json',
        'dist/table.cjs', // the Ink table (the default on a terminal)
        'dist/ui.mjs',
        'package.json',
      ],
    );
  });

  test('installed globally from the tarball, svc runs from outside the repository: version, sandbox, bulk-price, stock add', async () => {
    const install = run('npm', [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      tarball,
    ]);
    assert.equal(install.status, 0, install.stderr);
    assert.ok(readdirSync(join(prefix, 'bin')).includes('svc'));

    const version = run('svc', ['--version']);
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, /^\d+\.\d+\.\d+\n$/);

    // The sandbox from the installed package; it writes the `sandbox` profile.
    sandbox = spawn('svc', ['sandbox', '--port', '0', '--json'], {
      cwd: outside,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      sandbox!.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { url: string }).url);
      });
      sandbox!.on('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
    });
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);

    writeFileSync(join(outside, 'prices.csv'), 'id;price\n101;239,90\n102;14,50\n');
    const priced = run('svc', ['--profile', 'sandbox', 'products', 'bulk-price', 'prices.csv', '-o', 'json']);
    assert.equal(priced.status, 0, priced.stderr);
    assert.deepEqual(
      (JSON.parse(priced.stdout) as { status: string }[]).map((r) => r.status),
      ['ok', 'ok'],
    );

    writeFileSync(
      join(outside, 'creds.csv'),
      'credential,ref,cost\npkg-user-1:pw-one,pkg-1,1.50\npkg-user-2:pw-two,pkg-2,1.50\n',
    );
    const stocked = run('svc', ['--profile', 'sandbox', 'stock', 'add', '111', '--file', 'creds.csv', '-o', 'json']);
    assert.equal(stocked.status, 0, stocked.stderr);
    assert.match(stocked.stdout, /"added":\s*2/);
  });
});
