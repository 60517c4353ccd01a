// The test command of the README: builds if needed (end-to-end tests spawn the built
// bin/svc.js), then runs node's own test runner over every test file. Node 20's --test does
// not expand ** globs, so the files are listed here. Extra arguments filter the files by path.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
// One folder for everything the run leaves behind (config and state folders, captured output),
// so the secret scan below can search all of it.
const runRoot = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
const env = { ...process.env, SVC_E2E_ROOT: runRoot, SVC_E2E_CAPTURE: join(runRoot, 'capture.log') };
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...tests], { stdio: 'inherit', cwd: root, env });
if (r.status !== 0) process.exit(r.status ?? 1);

const { secretScan } = await import('./secret-scan.mjs');
const scan = secretScan(runRoot);
console.log(`secret scan: ${scan.files} files of the run searched (every CLI output, journal, report, store, config), ${scan.hits.length} hits; ${scan.configs} config files, ${scan.badModes.length} not 0600`);
for (const h of [...scan.hits, ...scan.badModes].slice(0, 50)) console.log(`  ${h}`);
if (scan.hits.length || scan.badModes.length) {
  console.log(`the run's files are kept in ${runRoot}`);
  process.exit(1);
}
rmSync(runRoot, { recursive: true, force: true });
process.exit(0);
