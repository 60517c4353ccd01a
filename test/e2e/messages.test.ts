// messages a new user reads. After `svc sandbox` wrote a `sandbox` profile, a command
// without a key names that profile and the two ways to use it; option values are judged in svc's
// words with the range; counts read right ("1 request").
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

describe('messages', () => {
  test('no key for "default" while a sandbox profile exists: the hint names it, --profile and auth use', async () => {
    const dirs = tempDirs();
    mkdirSync(dirs.configDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dirs.configDir, 'config.json'), JSON.stringify({ profiles: { sandbox: { baseUrl: sb.url } } }), {
      mode: 0o600,
    });
    const r = await svc(['products', 'list'], {
      env: { SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir },
    });
    assert.equal(r.code, 4, r.stderr);
    assert.match(r.stderr, /no API key for profile "default"/);
    assert.match(
      r.stderr,
      /hint: a profile exists: "sandbox"; use it with `--profile sandbox` or make it the default with `svc auth use sandbox`/,
    );
  });

  test('a bad option value is told in svc words, with the value and the range', async () => {
    const env = svcEnv(sb, tempDirs());
    const t = await svc(['products', 'list', '--timeout', 'abc'], { env });
    assert.equal(t.code, 2);
    assert.match(t.stderr, /^error: --timeout must be a number, got "abc"$/m);
    const m = await svc(['products', 'bulk-price', 'x.csv', '--max-change', '-3'], { env });
    assert.equal(m.code, 2);
    assert.match(m.stderr, /^error: --max-change must be greater than 0, got "-3"$/m);
    for (const r of [t, m]) assert.doesNotMatch(r.stderr, /Invalid input|received|Too small|expected/);
  });

  test('one price row: "1 row", "1 request"', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'one.csv', 'id,price\n101,251.00\n');
    const r = await svc(['products', 'bulk-price', file, '--yes'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /: 1 row, 1 applied, 0 unchanged, 0 refused, 1 request\b/);
  });
});
