// `svc sandbox` the command itself (cli-spec 5): it starts on a free loopback port, prints its
// URL and keys, writes the `sandbox` profile, serves the CLI through it, and stops on Ctrl-C.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { svc, tempDirs, type RunResult } from './harness.js';

interface Started {
  url: string;
  v1Key: string;
  v2Key: string;
  profile: string | null;
}

/** `svc sandbox ARGS --json` running until the returned stop() (Ctrl-C); resolves once it printed its line. */
async function runSandbox(
  args: string[],
  env: Record<string, string>,
): Promise<{ info: Started; stop: () => Promise<RunResult> }> {
  let ready!: (s: Started) => void;
  const started = new Promise<Started>((r) => {
    ready = r;
  });
  let interrupt!: () => void;
  const interrupted = new Promise<void>((r) => {
    interrupt = r;
  });
  const run = svc(['sandbox', '--port', '0', '--json', ...args], {
    env,
    interruptOn: interrupted,
    onOutput: (out) => {
      if (out.includes('\n')) ready(JSON.parse(out.slice(0, out.indexOf('\n'))) as Started);
    },
  });
  const info = await Promise.race([
    started,
    run.then((r) => {
      throw new Error(`svc sandbox ended first (exit ${r.code}): ${r.stderr}`);
    }),
  ]);
  return {
    info,
    stop: () => {
      interrupt();
      return run;
    },
  };
}

const envOf = (dirs: { configDir: string; stateDir: string }) => ({
  SVC_CONFIG_DIR: dirs.configDir,
  SVC_STATE_DIR: dirs.stateDir,
  SVC_KEYRING: 'off',
});

describe('svc sandbox', { concurrency: true }, () => {
  test('starts on a free port, writes the sandbox profile, serves `--profile sandbox`, stops on Ctrl-C', async () => {
    const dirs = tempDirs();
    const env = envOf(dirs);
    const { info, stop } = await runSandbox([], env);
    assert.match(info.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(info.v2Key, /^svc_v2_sk_/);
    assert.match(info.v1Key, /^svc_sk_[0-9a-f]{64}$/);
    assert.equal(info.profile, 'sandbox');
    assert.equal(statSync(join(dirs.configDir, 'config.json')).mode & 0o777, 0o600);

    const listed = await svc(['--profile', 'sandbox', 'products', 'list', '--json'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok((JSON.parse(listed.stdout) as unknown[]).length > 0, 'the demo data is seeded');
    const profiles = await svc(['auth', 'profiles', '--json'], { env });
    const sandbox = (JSON.parse(profiles.stdout) as { name: string; baseUrl: string }[]).find(
      (p) => p.name === 'sandbox',
    );
    assert.equal(sandbox?.baseUrl, info.url);

    const end = await stop();
    assert.equal(end.code, 0, end.stderr);
    assert.match(end.stderr, /sandbox stopped/);
    const after = await svc(['--profile', 'sandbox', 'products', 'list'], { env });
    assert.equal(after.code, 1, 'nothing listens once it stopped');
    assert.match(after.stderr, /connection refused/);
  });

  test('--no-seed --no-save: empty, and no profile written', async () => {
    const dirs = tempDirs();
    const env = envOf(dirs);
    const { info, stop } = await runSandbox(['--no-seed', '--no-save'], env);
    assert.equal(info.profile, null);
    const listed = await svc(['products', 'list', '--json'], {
      env: { ...env, SVC_BASE_URL: info.url, SVC_API_KEY: info.v2Key },
    });
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(JSON.parse(listed.stdout), []);
    const profiles = await svc(['auth', 'profiles', '--json'], { env });
    assert.deepEqual(JSON.parse(profiles.stdout || '[]'), []);
    assert.equal((await stop()).code, 0);
  });

  test('refuses a non-loopback host and a bad option value: exit 2, nothing started', async () => {
    const env = envOf(tempDirs());
    const host = await svc(['sandbox', '--port', '0', '--host', '0.0.0.0'], { env });
    assert.equal(host.code, 2);
    assert.match(host.stderr, /loopback interface only/);
    const scale = await svc(['sandbox', '--port', '0', '--time-scale', '0'], { env });
    assert.equal(scale.code, 2);
    assert.match(scale.stderr, /--time-scale must be greater than 0, got "0"/);
  });

  let busy: Server | undefined;
  after(() => busy?.close());
  test('a port in use is said, with the way out', async () => {
    busy = createServer();
    await new Promise<void>((r) => busy!.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    const r = await svc(['sandbox', '--port', String(port)], { env: envOf(tempDirs()) });
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
    assert.match(r.stderr, /--port 0/);
  });
});
