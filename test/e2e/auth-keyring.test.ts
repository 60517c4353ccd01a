// keys go to the OS keyring where there is one, else the 0600 config file, said once
// on `auth login`; `auth status` says where the key is stored. This machine has no Secret
// Service, so the real fallback runs here (the keyring path is covered with a stub in
// test/config/key-store.test.ts). The keyring module loads only when a stored key is read or
// written: never for --version, --help, or a run whose key comes from SVC_API_KEY.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

// Keys of this file's own sandbox: stored in config files on purpose here (no keyring on this
// machine), so they are not the suite's known keys that the secret scan looks for in configs.
const V2 = 'svc_v2_sk_KeyringTestStoredKey0123456789';
const V1 = `svc_sk_${'4b'.repeat(32)}`;

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox({ keys: { v1: V1, v2: V2 } });
});
after(async () => {
  await sb.close();
});

const noSessionBus = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;

function loginEnv(extra: Record<string, string> = {}) {
  const dirs = tempDirs();
  const env = { SVC_BASE_URL: sb.url, SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir, ...extra };
  const config = () => readFileSync(join(dirs.configDir, 'config.json'), 'utf8');
  return { dirs, env, config };
}

/** A preload that reports on stderr when the keyring's JS or native code is loaded. */
function keyringProbe(): string {
  const dir = tempDirs().dir;
  const hook = writeFile(
    dir,
    'probe.cjs',
    `
const M = require('node:module');
const load = M._load;
M._load = function (request, ...rest) {
  if (String(request).includes('@napi-rs/keyring')) process.stderr.write('KEYRING-LOADED\\n');
  return load.call(this, request, ...rest);
};`,
  );
  return `--require ${hook}`;
}

describe('keys in the OS keyring or the config file', { concurrency: true }, () => {
  test('auth login without a keyring stores the key in the 0600 config file and says so once', {
    skip: !noSessionBus && 'this machine has a session bus',
  }, async () => {
    const { env, dirs, config } = loginEnv();
    const r = await svc(['auth', 'login', '--profile', 'shop'], { env, input: V2 });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stderr.match(
        /no OS keyring available \(the Secret Service did not answer\): the key is stored in the config file .*config\.json \(mode 0600\)/g,
      )?.length,
      1,
      r.stderr,
    );
    assert.ok(!r.stdout.includes(V2) && !r.stderr.includes(V2));
    assert.doesNotMatch(r.stderr, /dbus|org\.freedesktop|Platform failure/i); // no raw DBus text
    assert.equal(statSync(join(dirs.configDir, 'config.json')).mode & 0o777, 0o600);
    assert.equal(JSON.parse(config()).profiles.shop.v2Key, V2);

    const s = await svc(['auth', 'status', '--profile', 'shop'], { env });
    assert.equal(s.code, 0, s.stderr);
    assert.match(s.stderr, /^v2 key stored in: config file .*config\.json \(mode 0600\)$/m);
    assert.match(s.stdout, /^v2\tsvc_v2_sk_…6789\tconfig file\t/m);
    assert.ok(!s.stdout.includes(V2) && !s.stderr.includes(V2));
  });

  test('SVC_KEYRING=off keeps the key in the config file and names the reason', async () => {
    const { env, config } = loginEnv({ SVC_KEYRING: 'off' });
    const r = await svc(['auth', 'login'], { env, input: V1 });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /SVC_KEYRING=off: the key is stored in the config file/);
    assert.equal(JSON.parse(config()).profiles.default.v1Key, V1);
  });

  test('auth status names SVC_API_KEY as the source of a key from the environment', async () => {
    const dirs = tempDirs();
    const r = await svc(['auth', 'status'], { env: svcEnv(sb, dirs, V2) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^v2\tsvc_v2_sk_…6789\tSVC_API_KEY\t/m);
    assert.doesNotMatch(r.stderr, /stored in/);
  });

  test('auth logout removes the stored keys; the profile and its base URL stay', async () => {
    const { env, config } = loginEnv({ SVC_KEYRING: 'off' });
    assert.equal((await svc(['auth', 'login'], { env, input: V2 })).code, 0);
    const refused = await svc(['auth', 'logout'], { env });
    assert.equal(refused.code, 2, 'without a terminal, auth logout needs --yes');
    assert.match(refused.stderr, /confirmation needed/);
    const r = await svc(['auth', 'logout', '--yes'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(config()).profiles.default, { baseUrl: sb.url });
  });

  test('the keyring module is not loaded for --version, --help, an SVC_API_KEY run or a key in the file', async () => {
    const NODE_OPTIONS = keyringProbe();
    const { env } = loginEnv({ SVC_KEYRING: 'off', NODE_OPTIONS });
    for (const args of [['--version'], ['--help'], ['products', 'list', '--help'], ['help', 'exit-codes']]) {
      const r = await svc(args, { env });
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /KEYRING-LOADED/, args.join(' '));
    }
    const envKey = await svc(['me'], { env: { ...svcEnv(sb, tempDirs(), V2), NODE_OPTIONS } });
    assert.equal(envKey.code, 0, envKey.stderr);
    assert.doesNotMatch(envKey.stderr, /KEYRING-LOADED/, 'an SVC_API_KEY run');
    // SVC_KEYRING=off: stored in the file without loading the keyring; read back likewise.
    assert.equal((await svc(['auth', 'login'], { env, input: V2 })).code, 0);
    const fileKey = await svc(['me'], { env: { ...env, SVC_KEYRING: '' } });
    assert.equal(fileKey.code, 0, fileKey.stderr);
    assert.doesNotMatch(fileKey.stderr, /KEYRING-LOADED/, 'a key read from the file');
  });

  test('the keyring module is loaded when a key is written', async () => {
    const { env } = loginEnv({ NODE_OPTIONS: keyringProbe() });
    const r = await svc(['auth', 'login'], { env, input: V2 });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /KEYRING-LOADED/);
  });
});
