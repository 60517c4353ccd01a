// Where stored keys go: the OS keyring when one works, else the 0600 config file,
// decided by src/config/key-store.ts. The keyring here is an injected stub; this machine has no
// Secret Service, so the last tests check that the real one falls back to the file.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { EXIT } from '../../src/api/errors.js';
import {
  KeyringReadError,
  KeyStore,
  loadOsKeyring,
  type Keyring,
  type KeyringLoader,
} from '../../src/config/key-store.js';
import { ProfileStore } from '../../src/config/profiles.js';

const V2 = 'svc_v2_sk_KeyStoreTestKey0123456789abcd';
const V2_NEW = 'svc_v2_sk_KeyStoreTestNewKey987654321zz';
const V1 = `svc_sk_${'ab'.repeat(32)}`;

/** An in-memory keyring; `fail` makes every call throw like a locked or absent Secret Service. */
function stubKeyring(opts: { fail?: string; forgetful?: boolean } = {}) {
  const entries = new Map<string, string>();
  const id = (s: string, a: string) => `${s}|${a}`;
  const ring: Keyring = {
    name: 'Stub Keyring',
    get: (s, a) => {
      if (opts.fail) throw new Error(opts.fail);
      return entries.get(id(s, a)) ?? null;
    },
    set: (s, a, v) => {
      if (opts.fail) throw new Error(opts.fail);
      if (!opts.forgetful) entries.set(id(s, a), v);
    },
    delete: (s, a) => {
      if (opts.fail) throw new Error(opts.fail);
      return entries.delete(id(s, a));
    },
  };
  let loads = 0;
  const loader: KeyringLoader = async () => {
    loads++;
    return ring;
  };
  return { entries, loader, loads: () => loads };
}

async function open(env: NodeJS.ProcessEnv = {}, loader?: KeyringLoader) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-keystore-'));
  const fullEnv = { SVC_CONFIG_DIR: dir, ...env };
  const profiles = await ProfileStore.open(fullEnv);
  const file = () => readFileSync(profiles.path, 'utf8');
  return { keys: new KeyStore(profiles, fullEnv, loader), profiles, file, dir };
}

describe('key store: the keyring when one works', () => {
  test('a key put in the keyring is not written to the config file', async () => {
    const ring = stubKeyring();
    const { keys, profiles, file } = await open({}, ring.loader);
    const r = await keys.write('shop', 'v2', V2, { baseUrl: 'https://m.example' });
    assert.deepEqual(r.location, { kind: 'keyring', name: 'Stub Keyring' });
    assert.equal(r.fallbackReason, undefined);
    assert.ok(!file().includes(V2), 'the key is not in the config file');
    assert.equal(profiles.get('shop')?.v2KeyInKeyring, true);
    assert.equal(profiles.get('shop')?.baseUrl, 'https://m.example');
    assert.ok(profiles.get('shop')?.v2KeyStoredAt, 'the time it was stored stays in the file (key-age warning)');
    assert.equal(await keys.read('shop', 'v2'), V2);
  });

  test("entries are named per config folder, so a test or CI folder never touches the user's keys", async () => {
    const ring = stubKeyring();
    const { keys, dir } = await open({}, ring.loader);
    await keys.write('default', 'v1', V1);
    assert.deepEqual([...ring.entries.keys()], [`svc (${dir})|default:v1`]);
    const plain = new KeyStore((await open()).profiles, {}, ring.loader);
    assert.equal(plain.service, 'svc');
  });

  test('a file key is read without loading the keyring', async () => {
    const ring = stubKeyring();
    const { keys } = await open({}, ring.loader);
    await keys.write('ci', 'v2', V2, { fileOnly: 'test' });
    assert.equal(await keys.read('ci', 'v2'), V2);
    assert.equal(await keys.read('ci', 'v1'), undefined);
    assert.equal(ring.loads(), 0);
  });

  test('moving a key to the file removes it from the keyring', async () => {
    const ring = stubKeyring();
    const { keys, file } = await open({}, ring.loader);
    await keys.write('shop', 'v2', V2);
    assert.equal(ring.entries.size, 1);
    const r = await keys.write('shop', 'v2', V2_NEW, { fileOnly: 'sandbox keys' });
    assert.equal(r.location.kind, 'file');
    assert.equal(ring.entries.size, 0);
    assert.ok(file().includes(V2_NEW));
    assert.ok(!file().includes('v2KeyInKeyring'));
  });

  test('restore puts the previous keyring key back (keys rotate whose new key failed its check)', async () => {
    const ring = stubKeyring();
    const { keys, profiles, file } = await open({}, ring.loader);
    await keys.write('shop', 'v2', V2);
    const storedAt = profiles.get('shop')?.v2KeyStoredAt;
    const { previous } = await keys.write('shop', 'v2', V2_NEW);
    assert.deepEqual(previous, { key: V2, storedAt, inKeyring: true });
    assert.equal(await keys.read('shop', 'v2'), V2_NEW);
    await keys.restore('shop', 'v2', previous);
    assert.equal(await keys.read('shop', 'v2'), V2);
    assert.equal(profiles.get('shop')?.v2KeyStoredAt, storedAt);
    assert.ok(!file().includes(V2) && !file().includes(V2_NEW));
  });

  test('restore of a profile that had no key leaves none, in neither place', async () => {
    const ring = stubKeyring();
    const { keys, profiles } = await open({}, ring.loader);
    const { previous } = await keys.write('new', 'v1', V1);
    await keys.restore('new', 'v1', previous);
    assert.equal(ring.entries.size, 0);
    assert.deepEqual(profiles.get('new'), {});
  });

  test('remove forgets the keys in the keyring and in the file', async () => {
    const ring = stubKeyring();
    const { keys, profiles } = await open({}, ring.loader);
    await keys.write('shop', 'v2', V2, { baseUrl: 'https://m.example' });
    await keys.write('shop', 'v1', V1, { fileOnly: 'test' });
    await keys.remove('shop');
    assert.equal(ring.entries.size, 0);
    assert.deepEqual(profiles.get('shop'), { baseUrl: 'https://m.example' });
    await keys.write('shop', 'v2', V2);
    await keys.remove('shop', { all: true });
    assert.equal(ring.entries.size, 0);
    assert.equal(profiles.get('shop'), undefined);
  });

  test('a key the file places in the keyring but the keyring lost is an auth error (exit 4), not a silent no-key', async () => {
    const ring = stubKeyring();
    const { keys } = await open({}, ring.loader);
    await keys.write('shop', 'v2', V2);
    ring.entries.clear();
    await assert.rejects(
      keys.read('shop', 'v2'),
      (e: unknown) =>
        e instanceof KeyringReadError && e.exitCode === EXIT.auth && /missing from the OS keyring/.test(e.message),
    );
  });

  test('a locked keyring on read says so and what to do', async () => {
    let locked = false;
    const ring = stubKeyring();
    const loader: KeyringLoader = async () => {
      const r = await ring.loader();
      return {
        ...r,
        get: (s, a) => {
          if (locked) throw new Error('Platform failure: locked');
          return r.get(s, a);
        },
      };
    };
    const { keys } = await open({}, loader);
    await keys.write('shop', 'v2', V2);
    locked = true;
    await assert.rejects(
      keys.read('shop', 'v2'),
      (e: any) =>
        e instanceof KeyringReadError && /cannot read .*: locked/.test(e.message) && /SVC_API_KEY/.test(e.hint ?? ''),
    );
  });
});

describe('key store: the config file when there is no keyring', () => {
  test('a keyring that fails falls back to the 0600 file and says why', async () => {
    const ring = stubKeyring({ fail: 'Platform failure: DBus error: no session bus' });
    const { keys, profiles, file } = await open({}, ring.loader);
    const r = await keys.write('shop', 'v2', V2);
    assert.equal(r.location.kind, 'file');
    // the notice says what it means; DBus's own text is kept apart, for --verbose.
    assert.equal(r.fallbackReason, 'no OS keyring available (the Stub Keyring did not answer)');
    assert.equal(r.fallbackDetail, 'DBus error: no session bus');
    assert.ok(file().includes(V2));
    assert.equal(profiles.get('shop')?.v2KeyInKeyring, undefined);
    assert.equal(statSync(profiles.path).mode & 0o777, 0o600);
    assert.equal(await keys.read('shop', 'v2'), V2);
  });

  test('a keyring module that cannot load falls back to the file', async () => {
    const { keys, file } = await open({}, async () => {
      throw new Error("Cannot find module '@napi-rs/keyring-linux-x64-musl'");
    });
    const r = await keys.write('shop', 'v1', V1);
    assert.equal(r.location.kind, 'file');
    assert.equal(r.fallbackReason, 'the OS keyring could not be loaded');
    assert.match(r.fallbackDetail ?? '', /Cannot find module/);
    assert.ok(file().includes(V1));
  });

  test('a keyring that does not keep the key falls back to the file', async () => {
    const ring = stubKeyring({ forgetful: true });
    const { keys, file } = await open({}, ring.loader);
    const r = await keys.write('shop', 'v2', V2);
    assert.equal(r.location.kind, 'file');
    assert.match(r.fallbackReason ?? '', /did not keep the key/);
    assert.ok(file().includes(V2));
  });

  for (const value of ['off', '0', 'false', 'file']) {
    test(`SVC_KEYRING=${value} keeps keys in the file without loading the keyring`, async () => {
      const ring = stubKeyring();
      const { keys } = await open({ SVC_KEYRING: value }, ring.loader);
      const r = await keys.write('shop', 'v2', V2);
      assert.equal(r.location.kind, 'file');
      assert.equal(r.fallbackReason, 'SVC_KEYRING=off');
      assert.equal(ring.loads(), 0);
    });
  }

  test('describe says where each key is stored', async () => {
    const ring = stubKeyring();
    const { keys, profiles } = await open({}, ring.loader);
    await keys.write('shop', 'v2', V2);
    await keys.write('shop', 'v1', V1, { fileOnly: 'test' });
    const p = profiles.get('shop');
    assert.match(keys.describe('shop', p, 'v2') ?? '', /^OS keyring: .*, service "svc \(.*\)", account "shop:v2"$/);
    assert.equal(keys.describe('shop', p, 'v1'), `config file ${profiles.path} (mode 0600)`);
    assert.equal(keys.describe('none', undefined, 'v1'), undefined);
  });
});

describe("key store: this machine's real keyring", () => {
  const noSessionBus = process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS;

  test('@napi-rs/keyring loads here (its prebuilt binary ships in the registry package)', async () => {
    const ring = await loadOsKeyring();
    assert.equal(typeof ring.get, 'function');
  });

  test('without a Secret Service, a key goes to the config file', {
    skip: !noSessionBus && 'this machine has a session bus',
  }, async () => {
    const { keys, file } = await open();
    const r = await keys.write('shop', 'v2', V2);
    assert.equal(r.location.kind, 'file');
    assert.equal(r.fallbackReason, 'no OS keyring available (the Secret Service did not answer)');
    assert.ok(file().includes(V2));
  });
});
