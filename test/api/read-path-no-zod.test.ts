// a read must start near a bare node:http GET, so the modules it loads to send a request
// and check the answer and the config file (routes.ts, answers.ts, client.ts, profiles.ts) do not
// load zod on the success path: loading zod's chunk cost a read 11-17 ms and building the
// response schemas ~5 ms. Each case runs in a fresh Node (test/api/fixtures/read-path-loads.ts)
// that records every file of zod, responses.ts and profile-schema.ts it loads. The failure cases
// are the control: the same recorder sees zod when it is needed to explain a no.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');

function run(mode: string): { outcome: string; loaded: string[] } {
  const out = execFileSync(
    process.execPath,
    ['--import', './scripts/ts-hooks.mjs', 'test/api/fixtures/read-path-loads.ts', mode],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(out.trim().split('\n').pop()!);
}

const zodFiles = (loaded: string[]) => loaded.filter((u) => u.includes('/node_modules/zod/'));

test('a read with a good answer and a valid config file loads no zod and no schema module', () => {
  const { outcome, loaded } = run('good');
  assert.equal(outcome, 'ok');
  assert.deepEqual(loaded, [], 'zod or a schema module was loaded on the success path');
});

test('an answer that fails its shape loads zod to name the field (the recorder sees it)', () => {
  const { outcome, loaded } = run('bad');
  assert.match(outcome, /data\[0\]\.price is a string, expected a number/);
  assert.ok(zodFiles(loaded).length > 0, 'zod explains the no');
  assert.ok(loaded.some((u) => u.endsWith('/src/api/responses.ts')));
});

test('an error answer and a bad config file take zod or its wording without a crash', () => {
  const error = run('error');
  assert.match(error.outcome, /not found/i);
  assert.ok(zodFiles(error.loaded).length > 0, 'an error body is read by zod (lazily)');
  const badConfig = run('bad-config');
  assert.match(badConfig.outcome, /the config file .* is not valid/);
});
