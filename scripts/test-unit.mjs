// The inner loop (issue 28): every test file that does not spawn the built CLI, run straight
// from the TypeScript sources (tsx), with no build first, a process per file, two files per
// core at once (most wait on sockets and files). Not in one process (--experimental-test-
// isolation=none): the files share process state (mock timers, env, signal handlers) and hung
// there. `npm test` stays the whole suite (build, every file, secret scan); this is for the
// edit-test loop, see CONTRIBUTING.md.
// Extra arguments filter the files by path, like scripts/test.mjs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const filters = process.argv.slice(2);
// Folders and files that spawn bin/svc.js (the built bundle), or measure the package.
const NEEDS_BUILD = ['test/e2e/', 'test/package/', 'test/reliability/', 'test/cli/completion.test.ts'];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}
const tests = files(join(root, 'test'))
  .map((p) => relative(root, p))
  .filter((p) => !NEEDS_BUILD.some((n) => p.startsWith(n)))
  .filter((p) => filters.length === 0 || filters.some((f) => p.includes(f)))
  .sort();
if (tests.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${availableParallelism() * 2}`,
    '--test-timeout=180000',
    '--test-reporter=dot',
    ...tests,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, SVC_TEST_UNIT: '1' } },
);
process.exit(r.status ?? 1);
