// ProfileStore reads the JSON file conf writes without loading conf (src/config/profiles.ts):
// what it reads must be what conf wrote, and a missing or broken file must read as before.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { SvcError } from '../../src/api/errors.js';
import { ProfileStore } from '../../src/config/profiles.js';

const root = mkdtempSync(join(tmpdir(), 'svc-profiles-read-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => join(root, String(++n));

test('a second store reads, without conf, exactly what the first wrote through conf', async () => {
  const dir = folder();
  const writer = await ProfileStore.open({ SVC_CONFIG_DIR: dir });
  await writer.update('shop', (p) => ({ ...p, baseUrl: 'https://m.example', v2Key: 'svc_v2_sk_abcdefghijklmnop' }));
  await writer.setDefault('shop');
  assert.equal(statSync(writer.path).mode & 0o777, 0o600, 'conf wrote it 0600');
  const reader = await ProfileStore.open({ SVC_CONFIG_DIR: dir });
  assert.equal(reader.path, writer.path);
  assert.equal(reader.defaultName(), 'shop');
  assert.deepEqual(reader.get('shop'), { baseUrl: 'https://m.example', v2Key: 'svc_v2_sk_abcdefghijklmnop' });
  assert.deepEqual(JSON.parse(readFileSync(reader.path, 'utf8')).profiles.shop, reader.get('shop'));
});

test('no file yet: no profiles, and reading creates nothing', async () => {
  const dir = folder();
  const store = await ProfileStore.open({ SVC_CONFIG_DIR: dir });
  assert.equal(store.defaultName(), 'default');
  assert.deepEqual(store.list(), []);
  assert.equal(existsSync(dir), false);
});

test('a file that is not JSON, or not a config, is reported as not valid', async () => {
  for (const text of ['{"profiles": {', '{"profiles": {"a": {"baseUrl": 5}}}']) {
    const dir = folder();
    const store = await ProfileStore.open({ SVC_CONFIG_DIR: dir });
    await store.update('a', (p) => p); // creates the folder and file through conf
    writeFileSync(store.path, text);
    const fresh = await ProfileStore.open({ SVC_CONFIG_DIR: dir });
    assert.throws(
      () => fresh.list(),
      (e: unknown) => e instanceof SvcError && /config file .* is not valid/.test(e.message),
      text,
    );
  }
});
