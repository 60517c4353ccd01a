// The test command of the README: builds if needed (end-to-end tests spawn the built
// bin/svc.js), then runs node's own test runner over every test file. Node 20's --test does
// not expand ** globs, so the files are listed here. Extra arguments filter the files by path.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
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
const srcNewest = newest([
  ...files(join(root, 'src'), () => true),
  join(root, 'package.json'),
  join(root, 'scripts', 'build.mjs'),
  join(root, 'scripts', 'own-names.mjs'),
  ...files(join(root, 'scripts', 'shims'), () => true),
  join(root, 'bin', 'svc.js'),
]);
if (!existsSync(built) || statSync(built).mtimeMs < srcNewest) {
  // (the build's warm-up writes its cache where the caller's runs would find it, as any build does;
  // the guard below counts only what the tests add)
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
// The tests' own temp folders (os.tmpdir() in every test and every CLI they spawn) go under one
// folder that is removed when the run ends, pass or fail: a run leaves nothing in the temp folder.
const tmpRoot = mkdtempSync(join(tmpdir(), 'svc-test-tmp-'));
process.on('exit', () => rmSync(tmpRoot, { recursive: true, force: true }));
// The CLIs' code caches (bin/svc.js) go there too, not to the user's cache folder: a test that
// loads a probe through NODE_OPTIONS gets a cache folder of its own (V8 flags key it), and one run
// of the suite left ~126 folders, ~170 MB, in ~/.cache/svc, kept until 30 days unused. (On Linux,
// where XDG_CACHE_HOME is read; a test of the cache itself sets its own.)
const env = {
  ...process.env,
  TMPDIR: tmpRoot,
  XDG_CACHE_HOME: join(tmpRoot, 'cache'),
  SVC_E2E_ROOT: runRoot,
  SVC_E2E_CAPTURE: join(runRoot, 'capture.log'),
};
// This build's cache folders in the user's cache folder, before the run: the run adds none.
const userCodeCache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc', 'code-cache');
const buildId = JSON.parse(readFileSync(join(root, 'dist', 'build.json'), 'utf8')).id;
const userCacheFolders = () =>
  process.platform !== 'linux' || !existsSync(userCodeCache)
    ? []
    : readdirSync(userCodeCache).filter((d) => d.startsWith(`${buildId}-`));
const userCacheBefore = new Set(userCacheFolders());
// A suite that cannot hang: every test has a timeout of its own, and the whole run
// has one too. The runner gets a process group of its own, so when the run times out (or this
// script is interrupted) everything it started (CLIs, listeners, sandboxes) is killed with it.
const TEST_TIMEOUT_MS = Number(process.env.SVC_TEST_TIMEOUT_MS ?? 180_000);
const RUN_TIMEOUT_MS = Number(process.env.SVC_TEST_RUN_TIMEOUT_MS ?? 15 * 60_000);
const timings = [];
const unfinished = new Set();
const status = await new Promise((resolve) => {
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    // Not --test-force-exit: on Node 22.23 it ended a file's process while one of its suites still
    // ran, and the tests not yet run were simply missing, the run passing (12 runs of
    // test/cli/completion.test.ts: 4 reported 19-23 of its 28 tests; without it, 12 of 12 whole). A
    // file closes what it starts; one that does not is ended by the run's timeout, as a failure.
    // TAP whatever the terminal: CI reads its closing lines, and the slowest tests are read from it.
    '--test-reporter=tap',
    ...tests,
  ];
  const child = spawn(process.execPath, args, {
    stdio: ['inherit', 'pipe', 'inherit'],
    cwd: root,
    env,
    detached: true,
  });
  const tap = tapLines([tapTimings(timings), tapOpenSuites(unfinished)]);
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    tap(chunk);
  });
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const runTimer = setTimeout(() => {
    console.error(`test run: still running after ${RUN_TIMEOUT_MS / 60_000} min; killing it and everything it started`);
    killGroup();
  }, RUN_TIMEOUT_MS);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(sig, () => {
      killGroup();
      process.exit(130);
    });
  child.on('close', (code, signal) => {
    clearTimeout(runTimer);
    killGroup(); // a test that leaked a process (a listener, a CLI) cannot keep the run alive
    resolve(signal ? 1 : (code ?? 1));
  });
});
timings.sort((a, b) => b.ms - a.ms);
console.log(`slowest ${Math.min(10, timings.length)} of ${timings.length} tests:`);
for (const t of timings.slice(0, 10)) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
if (status !== 0) process.exit(status);
// A file's process that ended half-way (a test calling process.exit, a runner that stops early)
// drops the tests it had not run yet, and the runner counts what it saw as a pass: fail instead.
if (unfinished.size > 0) {
  console.log(
    `the run ended ${unfinished.size} suites half-way (their remaining tests never ran): ${[...unfinished].join('; ')}`,
  );
  process.exit(1);
}

const leaked = userCacheFolders().filter((d) => !userCacheBefore.has(d));
if (leaked.length) {
  console.log(`the run made ${leaked.length} code cache folders in ${userCodeCache}: ${leaked.slice(0, 5).join(', ')}`);
  process.exit(1);
}

const { secretScan } = await import('./secret-scan.mjs');
const scan = secretScan(runRoot);
console.log(
  `secret scan: ${scan.files} files of the run searched (every CLI output, journal, report, store, config), ${scan.hits.length} hits; ${scan.configs} config files, ${scan.ledgers} pool ledgers, ${scan.badModes.length} not 0600`,
);
for (const h of [...scan.hits, ...scan.badModes].slice(0, 50)) console.log(`  ${h}`);
if (scan.hits.length || scan.badModes.length) {
  console.log(`the run's files are kept in ${runRoot}`);
  process.exit(1);
}
rmSync(runRoot, { recursive: true, force: true });
process.exit(0);

/** TAP as it streams, cut into whole lines, each handed to every reader in turn. */
function tapLines(readers) {
  let buf = '';
  return (chunk) => {
    buf += chunk.toString('utf8');
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const line of lines) for (const read of readers) read(line);
  };
}

/** The top-level suites begun (`# Subtest: NAME`) and not yet ended (`ok N - NAME`). */
function tapOpenSuites(open) {
  return (line) => {
    const begun = /^# Subtest: (.*)$/.exec(line);
    if (begun) open.add(begun[1]);
    const ended = /^(?:not )?ok \d+ - (.*?)(?: # (?:SKIP|TODO)\b.*)?$/.exec(line);
    if (ended) open.delete(ended[1]);
  };
}

/** Each test's name and duration_ms (suites left out: their time is their tests'). */
function tapTimings(out) {
  let last; // the latest `ok`/`not ok` line, until its YAML block says duration and type
  return (line) => {
    const ok = /^\s*(?:not )?ok \d+ - (.*)$/.exec(line);
    if (ok) {
      last = { name: ok[1], ms: undefined };
      return;
    }
    const d = /^\s*duration_ms: ([\d.]+)/.exec(line);
    if (d && last) {
      last.ms = Number(d[1]);
      out.push(last);
      return;
    }
    if (/^\s*type: 'suite'/.test(line) && last && out.at(-1) === last) out.pop();
    if (/^\s*\.\.\.$/.test(line)) last = undefined;
  };
}
