// The inner loop: every test file that does not spawn the built CLI, run straight
// from the TypeScript sources (tsx), with no build first. `npm test` stays the whole suite
// (build, every file, a process per file, secret scan); this is for the edit-test loop, see
// CONTRIBUTING.md. Extra arguments filter the files by path, like scripts/test.mjs.
//
// Where the time went (docs/PERFORMANCE.md, "Codebase: the inner loop"): a process per file
// paid Node, the test runner and tsx, then loaded the same sources again, 78 times (~1 s of CPU
// a file before its first test). Here the files share a few processes instead
// (--experimental-test-isolation=none: every file of a process is imported into it, its tests
// run one after another), so each module loads once per process. The processes run side by
// side (one more than the cores: most tests wait on sockets and timers part of the time), and
// the files are shared out between them by their time in the last run (longest first, each to
// the process with the least so far). Files sharing a process must put back what they change
// (env, the language, hooks: test/architecture/shared-process.test.ts checks the hooks).
// The tests' temp folders go under one folder, in memory (/dev/shm) where there is one: the
// input and job tests write, fsync and remove thousands of files, slow on a disk.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { registerHooks } from 'node:module';
import { availableParallelism, tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const filters = process.argv.slice(2);
// Folders and files that spawn bin/svc.js (the built bundle), or measure the package.
const NEEDS_BUILD = ['test/e2e/', 'test/package/', 'test/release/', 'test/reliability/', 'test/cli/completion.test.ts'];
// Two per core: much of a unit file's time is a wait (sandbox rate windows, retry schedules,
// sockets), which another process's work fills (4 against 3 on this 2-core machine: 15.4 against 16.7 s).
const PROCESSES = Number(process.env.SVC_TEST_UNIT_PROCESSES ?? availableParallelism() * 2);
const TEST_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 10 * 60_000;
const CACHE = join(root, 'node_modules', '.cache', 'svc-test-unit', 'timings.json');
// module.registerHooks came in Node 22.15 (the floor is 22.19); a Node without it (a contributor's older one) falls back to tsx.
const LOADER =
  process.env.SVC_TEST_UNIT_LOADER ??
  (typeof registerHooks === 'function' ? pathToFileURL(join(root, 'scripts', 'ts-hooks.mjs')).href : 'tsx');
// What every process prints without saying anything: the mock timers' experimental warning and
// the terminal's cursor shown again.
const NOISE =
  /^(\(node:\d+\) ExperimentalWarning: The MockTimers API|\(Use `node --trace-warnings|\s*(\x1b\[\?25h)?\s*$)/;

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

// scripts/ts-hooks.mjs keeps one entry per version of each file; past a few thousand (many
// edits), start again: transforming all of src/ and test/ costs about a second.
const jsCache = join(root, 'node_modules', '.cache', 'svc-test-unit', 'js');
if (existsSync(jsCache) && readdirSync(jsCache).length > 4000) rmSync(jsCache, { recursive: true, force: true });

const started = performance.now();
const shm = '/dev/shm';
const tmpRoot = mkdtempSync(join(existsSync(shm) ? shm : tmpdir(), 'svc-test-unit-'));
const killers = [];
const cleanUp = () => {
  for (const kill of killers) kill();
  rmSync(tmpRoot, { recursive: true, force: true });
};
process.on('exit', cleanUp);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));
const runTimer = setTimeout(() => {
  console.error(`test:unit: still running after ${RUN_TIMEOUT_MS / 60_000} min; killing it`);
  process.exit(1);
}, RUN_TIMEOUT_MS);

const groups = share(tests, lastTimes(), Math.min(PROCESSES, tests.length));
const results = await Promise.all(groups.map((group, i) => runGroup(group, i)));
clearTimeout(runTimer);
report(results);

/** The files' times in the last run (ms by path), for sharing them out; unknown files count 1 s. */
function lastTimes() {
  try {
    return JSON.parse(readFileSync(CACHE, 'utf8'));
  } catch {
    return {};
  }
}

/** Longest first, each file to the group with the least time so far. */
function share(list, times, n) {
  const groups = Array.from({ length: n }, () => ({ files: [], ms: 0 }));
  const cost = (f) => times[f] ?? 1000;
  for (const f of [...list].sort((a, b) => cost(b) - cost(a))) {
    const g = groups.reduce((a, b) => (b.ms < a.ms ? b : a));
    g.files.push(f);
    g.ms += cost(f);
  }
  return groups.map((g) => g.files.sort());
}

/** One process for the group's files; its dots go to the terminal, the rest is kept for the end. */
function runGroup(group, i) {
  const out = join(tmpRoot, `timings-${i}.json`);
  const tmp = join(tmpRoot, `tmp-${i}`);
  mkdirSync(tmp);
  // tsx keeps its transform cache in TMPDIR/tsx-<uid>: the tests that spawn `node --import tsx`
  // (and the tsx fallback) find the one of the last runs there, not an empty folder.
  const tsxCache = join(root, 'node_modules', '.cache', 'svc-test-unit', 'tsx');
  mkdirSync(tsxCache, { recursive: true });
  symlinkSync(tsxCache, join(tmp, `tsx-${process.geteuid?.() ?? userInfo().username}`));
  const args = [
    '--import',
    LOADER,
    '--test',
    '--experimental-test-isolation=none',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    // The files' tests are done: exit even if something one started still holds the loop.
    '--test-force-exit',
    '--test-reporter=dot',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'scripts', 'test-unit-timings.mjs')}`,
    `--test-reporter-destination=${out}`,
    ...group,
  ];
  const env = { ...process.env, SVC_TEST_UNIT: '1', TMPDIR: tmp };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  killers.push(() => {
    try {
      process.kill(-child.pid, 'SIGKILL'); // the group: whatever a test started goes with it
    } catch {
      /* already gone */
    }
  });
  let kept = '';
  child.stdout.on('data', (chunk) => {
    const text = chunk.toString('utf8');
    if (/^[.X\n]*$/.test(text) && kept === '') process.stdout.write(text.replaceAll('\n', ''));
    else kept += text;
  });
  child.stderr.on('data', (chunk) => {
    kept += chunk.toString('utf8');
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      let timings = { files: {}, tests: 0, failed: 0, skipped: 0 };
      try {
        timings = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        /* the process died before its reporter wrote: its code says so */
      }
      resolve({ group, code: signal ? 1 : (code ?? 1), kept, timings });
    });
  });
}

function report(results) {
  process.stdout.write('\n');
  for (const r of results) {
    const kept = r.kept.split('\n').filter((line) => !NOISE.test(line));
    if (kept.join('').trim()) process.stdout.write(`${kept.join('\n')}\n`);
  }
  const times = {};
  for (const r of results)
    for (const [file, t] of Object.entries(r.timings.files)) times[relative(root, file)] = Math.round(t.ms);
  const sum = (k) => results.reduce((n, r) => n + r.timings[k], 0);
  const failed = results.filter((r) => r.code !== 0);
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${tests.length} files in ${results.length} processes, ${wall} s: ${sum('tests')} tests, ${sum('failed')} failed, ${sum('skipped')} skipped`,
  );
  const slow = Object.entries(times)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  console.log(`slowest files: ${slow.map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  for (const r of failed) console.log(`process for ${r.group.length} files exited ${r.code}: ${r.group.join(' ')}`);
  if (failed.length === 0) {
    mkdirSync(join(CACHE, '..'), { recursive: true });
    writeFileSync(CACHE, JSON.stringify({ ...lastTimes(), ...times }, null, 1));
  }
  process.exitCode = failed.length ? 1 : 0;
}
