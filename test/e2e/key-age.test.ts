// spec 5.5: any command warns on stderr, at most once a day, when the key in use is older than
// 90 days; the age comes from the profile's stored-at time, or the key's creation time once svc
// has seen it (keys list); the stamp lives in SVC_STATE_DIR.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOWN_V1, KNOWN_V2, startTestSandbox, svc, tempDirs, type RunResult, type TestSandbox } from './harness.js';

const DAY = 86_400_000;
const WARNING =
  /warning: the v2 key of profile "default" is (\d+) days old; keys should be rotated every 90 days: rotate it with `svc keys rotate --version v2`/;
let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** A profile holding the demo v2 key, stored `daysAgo` days ago. */
async function profileStored(daysAgo: number) {
  const dirs = tempDirs();
  const env = { SVC_BASE_URL: sb.url, SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir };
  assert.equal((await svc(['auth', 'login'], { env, input: KNOWN_V2 })).code, 0);
  const file = join(dirs.configDir, 'config.json');
  const cfg = JSON.parse(readFileSync(file, 'utf8'));
  cfg.profiles.default.v2KeyStoredAt = new Date(Date.now() - daysAgo * DAY).toISOString();
  writeFileSync(file, JSON.stringify(cfg));
  return {
    env,
    dirs,
    run: (args: string[], extra: Record<string, string> = {}) => succeeded(svc(args, { env: { ...env, ...extra } })),
  };
}

/** A run that must succeed: "no warning" means nothing when the command failed. */
async function succeeded(run: Promise<RunResult>): Promise<RunResult> {
  const r = await run;
  assert.equal(r.code, 0, r.stderr);
  return r;
}

describe('key age warning', { concurrency: true }, () => {
  test('a key stored 100 days ago is warned about on stderr, once a day only', async () => {
    const p = await profileStored(100);
    const first = await p.run(['reviews', 'stats', '--json']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(WARNING.exec(first.stderr)?.[1], '100');
    assert.doesNotThrow(() => JSON.parse(first.stdout), 'stdout stays clean');
    const second = await p.run(['reviews', 'stats', '--json']);
    assert.doesNotMatch(second.stderr, /warning/);
  });

  test('a day after the last warning, it warns again', async () => {
    const p = await profileStored(100);
    await p.run(['reviews', 'stats']);
    const stamp = join(p.dirs.stateDir, 'key-age.json');
    const state = JSON.parse(readFileSync(stamp, 'utf8'));
    for (const k of Object.keys(state.warnedAt)) state.warnedAt[k] = new Date(Date.now() - DAY - 60_000).toISOString();
    writeFileSync(stamp, JSON.stringify(state));
    assert.match((await p.run(['reviews', 'stats'])).stderr, WARNING);
  });

  test('a key stored 89 days ago is not warned about', async () => {
    const p = await profileStored(89);
    assert.doesNotMatch((await p.run(['reviews', 'stats'])).stderr, /warning/);
  });

  test('--quiet silences the warning', async () => {
    const p = await profileStored(100);
    assert.doesNotMatch((await p.run(['reviews', 'stats', '-q'])).stderr, /warning/);
  });

  test('commands that make no request (help, auth profiles) do not warn', async () => {
    const p = await profileStored(100);
    assert.doesNotMatch((await p.run(['auth', 'profiles'])).stderr, /warning/);
  });

  test('the state file holds neither key, only truncated hashes', async () => {
    const p = await profileStored(100);
    await p.run(['reviews', 'stats']);
    const text = readFileSync(join(p.dirs.stateDir, 'key-age.json'), 'utf8');
    assert.ok(!text.includes(KNOWN_V2) && !text.includes(KNOWN_V2.slice(10)));
  });

  test('the creation time seen by `keys list` dates a key from SVC_API_KEY (the demo keys date from 2025-01-10)', async () => {
    const dirs = tempDirs();
    const env = {
      SVC_BASE_URL: sb.url,
      SVC_API_KEY: KNOWN_V1,
      SVC_CONFIG_DIR: dirs.configDir,
      SVC_STATE_DIR: dirs.stateDir,
    };
    const before = await succeeded(svc(['orders', 'list'], { env }));
    assert.doesNotMatch(before.stderr, /warning/, 'nothing known about the age yet');
    await succeeded(svc(['keys', 'list'], { env }));
    const after = await succeeded(svc(['orders', 'list'], { env }));
    assert.match(
      after.stderr,
      /warning: the v1 key in SVC_API_KEY is \d+ days old; .*create a new one with `svc keys create`/,
    );
  });

  test('`svc me` dates a v2 key from SVC_API_KEY with me.keyCreatedAt, at no extra request', async () => {
    const dirs = tempDirs();
    const env = {
      SVC_BASE_URL: sb.url,
      SVC_API_KEY: KNOWN_V2,
      SVC_CONFIG_DIR: dirs.configDir,
      SVC_STATE_DIR: dirs.stateDir,
    };
    await succeeded(svc(['me'], { env }));
    assert.match(
      (await succeeded(svc(['reviews', 'stats'], { env }))).stderr,
      /warning: the v2 key in SVC_API_KEY is \d+ days old/,
    );
  });
});
