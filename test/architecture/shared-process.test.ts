// npm run test:unit runs many test files in one process. A top-level beforeEach or
// afterEach belongs to the run's root test, so there it runs around every test of every file
// loaded after it: a file's fake clock (mock.timers) once froze every later file's timers and
// the run hung. Hooks go inside the file's describe, or the test takes t.mock / t.after.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const TEST = join(import.meta.dirname, '..');
// Files that spawn the built CLI run a process each, in npm test only (scripts/test-unit.mjs).
const OWN_PROCESS = ['e2e/', 'package/', 'reliability/', 'cli/completion.test.ts'];
const ROOT_EACH_HOOK = /^(beforeEach|afterEach)\s*\(/m;

/** The files whose top level registers a hook that runs around every test of the process. */
function rootEachHooks(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([, text]) => ROOT_EACH_HOOK.test(text))
    .map(([name]) => name);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('no test file or helper of npm run test:unit has a top-level beforeEach or afterEach', () => {
  const files = Object.fromEntries(
    tsFiles(TEST)
      .map((p) => relative(TEST, p))
      .filter((p) => !OWN_PROCESS.some((o) => p.startsWith(o)))
      .map((p) => [p, readFileSync(join(TEST, p), 'utf8')]),
  );
  assert.ok(Object.keys(files).length > 50, 'the test folder was read');
  assert.deepEqual(rootEachHooks(files), []);
});

test('the check sees a top-level hook and leaves one inside a describe alone', () => {
  const found = rootEachHooks({
    'a.test.ts': "beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));\n",
    'b.test.ts': 'import { afterEach } from "node:test";\nafterEach (() => reset());\n',
    'c.test.ts':
      "describe('x', () => {\n  beforeEach(() => mock.timers.enable());\n  afterEach(() => mock.timers.reset());\n});\n",
  });
  assert.deepEqual(found, ['a.test.ts', 'b.test.ts']);
});
