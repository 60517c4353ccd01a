// The test command of the README: builds if needed (end-to-end tests spawn the built
// bin/svc.js), then runs node's own test runner over every test file. Node 20's --test does
// not expand ** globs, so the files are listed here. Extra arguments filter the files by path.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const filters = process.argv.slice(2);

function files(dir, pred) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? files(p, pred) : pred(p) ? [p] : [];
  });
}
const newest = (list) => Math.max(0, ...list.map((f) => statSync(f).mtimeMs));

const built = join(root, 'dist', 'main.cjs');
const srcNewest = newest([...files(join(root, 'src'), () => true), join(root, 'package.json'), join(root, 'scripts', 'build.mjs'), join(root, 'bin', 'svc.js')]);
if (!existsSync(built) || statSync(built).mtimeMs < srcNewest) {
  const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const tests = files(join(root, 'test'), (p) => p.endsWith('.test.ts'))
  .map((p) => relative(root, p))
  .filter((p) => filters.length === 0 || filters.some((f) => p.includes(f)))
  .sort();
if (tests.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...tests], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
