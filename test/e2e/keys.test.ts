// keys list / create / revoke / usage / rotate against the sandbox (spec 4.4, 5.5;
// A10: key routes take the v1 key). A key is printed once, by `keys create`, and never again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOWN_V1, KNOWN_V2, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';

let shared: TestSandbox;
before(async () => {
  shared = await startTestSandbox();
});
after(async () => {
  await shared.close();
});
const run = (args: string[], key = KNOWN_V1, sb: TestSandbox = shared) =>
  svc(args, { env: svcEnv(sb, tempDirs(), key) });
const listKeys = async (sb: TestSandbox) =>
  (await sb.api('GET', '/api/api-keys', undefined, KNOWN_V1)).body.data as any[];

/** A profile "default" holding both demo keys, stored through `svc auth login`. */
async function profileWithKeys(sb: TestSandbox) {
  const dirs = tempDirs();
  const env = { SVC_BASE_URL: sb.url, SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir };
  for (const key of [KNOWN_V1, KNOWN_V2]) {
    const r = await svc(['auth', 'login'], { env, input: key });
    assert.equal(r.code, 0, r.stderr);
  }
  const profile = () => JSON.parse(readFileSync(join(dirs.configDir, 'config.json'), 'utf8')).profiles.default;
  return { env, profile, run: (args: string[]) => svc(args, { env }) };
}

describe('keys', { concurrency: true }, () => {
  describe('keys list, create, revoke, usage', { concurrency: true }, () => {
    test('list marks the key in use and never prints a key', async () => {
      const r = await run(['keys', 'list', '-o', 'table']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^\s*1\s+demo v1\s+v1\s+svc_sk_e2e2…e2e2\s+yes\s+SVC_API_KEY/m);
      assert.match(r.stdout, /^\s*2\s+demo v2\s+v2\s+svc_v2_sk_E2Ek…6789\s+yes\s{2,}catalog:read/m);
      assert.ok(!r.stdout.includes(KNOWN_V1) && !r.stdout.includes(KNOWN_V2) && !r.stderr.includes(KNOWN_V1));
    });

    test('key routes need a v1 key: with only a v2 key, exit 4 before anything is sent', () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'list'], KNOWN_V2, sb);
        assert.equal(r.code, 4);
        assert.match(r.stderr, /needs a v1 key/);
        assert.equal((await routeRequests(sb, 'listKeys')).length, 0);
      }));

    test('create prints the new key alone on stdout, once, and the key works', () =>
      ownSandbox(async (sb) => {
        const r = await run(
          ['keys', 'create', '--name', 'ci', '--version', 'v2', '--scope', 'orders:read,reviews:read'],
          KNOWN_V1,
          sb,
        );
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /^svc_v2_sk_[A-Za-z0-9_-]{16,}\n$/);
        const key = r.stdout.trim();
        assert.ok(!r.stderr.includes(key));
        assert.match(r.stderr, /created v2 key #\d+ "ci" with scopes orders:read, reviews:read/);
        assert.match(r.stderr, /only time the key is shown/);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, key)).status, 200);
        assert.deepEqual((await listKeys(sb)).at(-1).scopes, ['orders:read', 'reviews:read']);
      }));

    test("`keys create --version v1` reaches the verb, not the program's --version", () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'create', '--name', 'v1 backup', '--version', 'v1'], KNOWN_V1, sb);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /^svc_sk_[0-9a-f]{64}\n$/);
      }));

    test('a v2 key without a scope, or with an unknown scope, is a usage error and nothing is sent', () =>
      ownSandbox(async (sb) => {
        const none = await run(['keys', 'create', '--name', 'x', '--version', 'v2'], KNOWN_V1, sb);
        assert.equal(none.code, 2);
        assert.match(none.stderr, /v2 keys need at least one --scope/);
        const bad = await run(
          ['keys', 'create', '--name', 'x', '--version', 'v2', '--scope', 'orders:write'],
          KNOWN_V1,
          sb,
        );
        assert.equal(bad.code, 2);
        assert.match(bad.stderr, /unknown scope "orders:write"/);
        assert.equal((await routeRequests(sb, 'createKey')).length, 0);
      }));

    test('create --save stores the key in the profile and does not print it', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        const r = await p.run([
          'keys',
          'create',
          '--name',
          'saved',
          '--version',
          'v2',
          '--scope',
          'orders:read',
          '--save',
        ]);
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, '');
        const stored = p.profile().v2Key;
        assert.notEqual(stored, KNOWN_V2);
        assert.ok(!r.stderr.includes(stored));
        assert.match(r.stderr, /stored it in profile "default"/);
        assert.match(r.stderr, /held before \(svc_v2_sk_…6789\) is still active/);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, stored)).status, 200);
      }));

    test('a sixth active key is refused with KEY_LIMIT and its hint', () =>
      ownSandbox(async (sb) => {
        for (let i = 0; i < 3; i++)
          assert.equal((await run(['keys', 'create', '--name', `k${i}`, '--version', 'v1'], KNOWN_V1, sb)).code, 0);
        const r = await run(['keys', 'create', '--name', 'sixth', '--version', 'v1'], KNOWN_V1, sb);
        assert.equal(r.code, 1);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, /\(409 KEY_LIMIT\)/);
        assert.match(r.stderr, /hint: at most 5 active keys: revoke one with `svc keys revoke ID` first/);
      }));

    test('revoke without a terminal needs --yes: exit 2 and no DELETE sent', () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'revoke', '2'], KNOWN_V1, sb);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /add --yes/);
        assert.equal((await routeRequests(sb, 'revokeKey')).length, 0);
        assert.equal((await listKeys(sb)).find((k) => k.id === 2).active, true);
      }));

    test('revoke --yes revokes the key: it stops working', () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'revoke', '2', '--yes'], KNOWN_V1, sb);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stderr, /revoked v2 key #2 "demo v2" \(svc_v2_sk_E2Ek…6789\)/);
        assert.equal((await listKeys(sb)).find((k) => k.id === 2).active, false);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, KNOWN_V2)).status, 401);
      }));

    test('revoking the key svc is using says so', () =>
      ownSandbox(async (sb) => {
        await sb.api('POST', '/api/api-keys', { name: 'spare', version: 'v1' }, KNOWN_V1);
        const r = await run(['keys', 'revoke', '1', '--yes'], KNOWN_V1, sb);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stderr, /this is the v1 key svc is using now \(SVC_API_KEY\)/);
      }));

    test('revoke of an unknown key id: exit 1, nothing sent', () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'revoke', '999', '--yes'], KNOWN_V1, sb);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /no key #999 on this account/);
        assert.equal((await routeRequests(sb, 'revokeKey')).length, 0);
      }));

    test("usage shows the key's last requests, newest first", () =>
      ownSandbox(async (sb) => {
        await sb.api('GET', '/api/v1/stats', undefined, KNOWN_V1);
        await sb.api('GET', '/api/v1/balance', undefined, KNOWN_V1);
        const r = await run(['keys', 'usage', '1', '--json'], KNOWN_V1, sb);
        assert.equal(r.code, 0, r.stderr);
        const paths = JSON.parse(r.stdout).map((e: any) => e.path);
        assert.ok(paths.indexOf('/api/v1/balance') < paths.indexOf('/api/v1/stats'), paths.join(','));
        const limited = await run(['keys', 'usage', '1', '--limit', '1', '-o', 'tsv'], KNOWN_V1, sb);
        assert.equal(limited.stdout.trim().split('\n').length, 2);
      }));
  });

  describe('keys rotate', { concurrency: true }, () => {
    test('creates a key with the same version and scopes, stores it, checks it, then revokes the old one', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        await sb.control('DELETE', 'requests');
        const r = await p.run(['keys', 'rotate', '--yes']);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(
          ((await sb.control('GET', 'requests')) as any[]).map((x) => `${x.route} ${x.status}`),
          ['listKeys 200', 'createKey 201', 'me 200', 'revokeKey 200'],
        );
        const stored = p.profile().v2Key;
        assert.notEqual(stored, KNOWN_V2);
        assert.ok(!r.stdout.includes(stored) && !r.stderr.includes(stored));
        const keys = await listKeys(sb);
        const fresh = keys.at(-1);
        assert.equal(keys.find((k) => k.id === 2).active, false);
        assert.deepEqual(fresh.scopes, keys.find((k) => k.id === 2).scopes);
        assert.match(fresh.name, /^demo v2 \(rotated \d{4}-\d{2}-\d{2}\)$/);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, stored)).status, 200);
      }));

    test('rotates the v1 key too, revoking the old one through the new key', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        const r = await p.run(['keys', 'rotate', '--version', 'v1', '--yes']);
        assert.equal(r.code, 0, r.stderr);
        const stored = p.profile().v1Key;
        assert.match(stored, /^svc_sk_[0-9a-f]{64}$/);
        assert.notEqual(stored, KNOWN_V1);
        assert.equal((await sb.api('GET', '/api/v1/stats', undefined, KNOWN_V1)).status, 401);
        assert.equal((await sb.api('GET', '/api/v1/stats', undefined, stored)).status, 200);
      }));

    test('without a terminal it needs --yes, and nothing is created', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        const r = await p.run(['keys', 'rotate']);
        assert.equal(r.code, 2);
        assert.equal((await routeRequests(sb, 'createKey')).length, 0);
        assert.equal(p.profile().v2Key, KNOWN_V2);
      }));

    test('when the new key cannot be created, the old key stays stored and working', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        for (let i = 0; i < 3; i++)
          await sb.api('POST', '/api/api-keys', { name: `fill${i}`, version: 'v1' }, KNOWN_V1);
        const r = await p.run(['keys', 'rotate', '--yes']);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /KEY_LIMIT/);
        assert.equal(p.profile().v2Key, KNOWN_V2);
        assert.equal((await p.run(['me', '--json'])).code, 0);
      }));

    test('when the new key fails its check, the old key is stored again and works, and the new one is revoked', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        await sb.control('POST', 'faults', {
          match: { route: 'me' },
          fault: { type: 'status', status: 401 },
          times: 1,
        });
        const r = await p.run(['keys', 'rotate', '--yes']);
        assert.equal(r.code, 1);
        assert.match(
          r.stderr,
          /the new key failed its check .*: the old key svc_v2_sk_…6789 is stored again and still works/,
        );
        assert.equal(p.profile().v2Key, KNOWN_V2);
        const keys = await listKeys(sb);
        assert.equal(keys.find((k) => k.id === 2).active, true);
        assert.equal(keys.at(-1).active, false, 'the unused new key is revoked');
        assert.equal((await p.run(['me', '--json'])).code, 0);
      }));

    test('when only the revoke fails, the new checked key stays stored and the old key is named for revoking', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        await sb.control('POST', 'faults', {
          match: { route: 'revokeKey' },
          fault: { type: 'status', status: 403 },
          times: 1,
        });
        const r = await p.run(['keys', 'rotate', '--yes']);
        assert.equal(r.code, 1);
        assert.match(r.stderr, /old key #2 \(svc_v2_sk_E2Ek…6789\) is still active/);
        assert.match(r.stderr, /hint: revoke it with `svc keys revoke 2`/);
        const stored = p.profile().v2Key;
        assert.notEqual(stored, KNOWN_V2);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, stored)).status, 200);
        assert.equal((await sb.api('GET', '/api/v2/me', undefined, KNOWN_V2)).status, 200);
      }));

    test('a key from SVC_API_KEY is not rotated: exit 2, nothing sent', () =>
      ownSandbox(async (sb) => {
        const r = await run(['keys', 'rotate', '--version', 'v1', '--yes'], KNOWN_V1, sb);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /comes from SVC_API_KEY/);
        assert.equal(((await sb.control('GET', 'requests')) as any[]).length, 0);
      }));

    test('--dry-run prints the plan and sends nothing but the read of the key list', () =>
      ownSandbox(async (sb) => {
        const p = await profileWithKeys(sb);
        await sb.control('DELETE', 'requests');
        const r = await p.run(['keys', 'rotate', '--dry-run']);
        assert.equal(r.code, 0, r.stderr);
        assert.match(
          r.stdout,
          /^dry run: nothing sent\nPOST \/api\/api-keys: create v2 key "demo v2 \(rotated .*\)" with scopes .*\nGET \/api\/v2\/me: check the new key, once stored in profile "default"\nDELETE \/api\/api-keys\/2: revoke key #2 /,
        );
        assert.deepEqual(
          ((await sb.control('GET', 'requests')) as any[]).map((x) => x.route),
          ['listKeys'],
        );
      }));
  });
});

// a key stored in several profiles stops working everywhere when rotate revokes it.
describe('keys rotate with the key in other profiles', { concurrency: true }, () => {
  test('names the other profiles in the question, and warns after with the fix', () =>
    ownSandbox(async (sb) => {
      const p = await profileWithKeys(sb);
      for (const name of ['shop2', 'ci']) {
        const r = await svc(['auth', 'login', '--profile', name], { env: p.env, input: KNOWN_V2 });
        assert.equal(r.code, 0, r.stderr);
      }
      const asked = await p.run(['keys', 'rotate']);
      assert.equal(asked.code, 2);
      assert.match(
        asked.stderr,
        /the same key is also stored in profiles "shop2", "ci", which will stop working: confirmation needed/,
      );
      assert.equal((await routeRequests(sb, 'createKey')).length, 0);
      const r = await p.run(['keys', 'rotate', '--yes']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stderr,
        /warning: profile "shop2" still holds the revoked key: store the new one with `svc auth login --profile shop2`/,
      );
      assert.match(r.stderr, /warning: profile "ci" still holds the revoked key/);
    }));
});
