#!/usr/bin/env node
// svc entry. `--version` and `--help` are answered from dist/help.json without loading the
// CLI bundle (rule 6: fast start). Everything else loads dist/main.cjs through a compile cache:
// Node's own on Node >= 22.1, else the code cache the build wrote (about a third of the start).
// This file is CommonJS (bin/package.json): an ES module entry costs Node ~5 ms more to start.
'use strict';
const { readFileSync, writeFileSync, renameSync } = require('node:fs');
const { createRequire, Module } = require('node:module');
const { join } = require('node:path');

// Node 22.13 is the floor (node:sqlite without a flag, the compile cache); say so plainly instead of
// failing later on a missing built-in.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 22 || (nodeMajor === 22 && nodeMinor < 13)) {
  process.stderr.write(`error: svc needs Node.js 22.13 or newer; this is Node.js ${process.version}\n`);
  process.exit(1);
}

const dist = join(__dirname, '..', 'dist');
const argv = process.argv.slice(2);

// A closed stdout (`svc products list --all | head -2`): the reader has what it wanted. Without a
// handler Node prints `Error: write EPIPE` with a stack and exits 1. A read ends quietly with
// exit 0; while a bulk job runs, src/main.ts stops it at a chunk boundary (journal consistent,
// resume command on stderr).
process.stdout.on('error', (err) => {
  if (err.code !== 'EPIPE') throw err;
  const onClosed = globalThis.__svcStdoutClosed;
  if (typeof onClosed === 'function') onClosed();
  else process.exit(0);
});

// issue 27: the help in the seller's language. The same rule as src/i18n/index.ts detectLanguage:
// SVC_LANG, then LC_ALL, LC_MESSAGES, LANG; any Portuguese locale is pt-BR.
function helpFile() {
  for (const name of ['SVC_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = (process.env[name] || '').trim();
    if (v) return /^pt([_-]|$|\.)/i.test(v) ? 'help.pt-BR.json' : 'help.json';
  }
  return 'help.json';
}

function prebuiltHelp() {
  try {
    return JSON.parse(readFileSync(join(dist, helpFile()), 'utf8'));
  } catch {
    return undefined;
  }
}

// Fast paths: only plain forms; anything else goes through commander as usual.
const words = argv.filter((a) => a !== '--help' && a !== '-h');
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const help = prebuiltHelp();
  if (help) {
    process.stdout.write(`${help.version}\n`);
    process.exit(0);
  }
} else if (words.every((w) => /^[a-z][a-z0-9-]*$/.test(w))) {
  const asked = words.length < argv.length || argv.length === 0;
  const help = prebuiltHelp();
  const path = words.join(' ');
  // `svc --help`, `svc products list --help`, `svc`, `svc products` (a group without a verb)
  if (help && help.texts[path] !== undefined && (asked || help.groups.includes(path))) {
    process.stdout.write(help.texts[path]);
    process.exit(0);
  }
  // `svc help exit-codes` (a topic), `svc help products list` (a command), `svc help`
  const rest = words.slice(1).join(' ');
  const text = help && !asked && words[0] === 'help' ? (help.topics?.[rest] ?? help.texts[rest]) : undefined;
  if (text !== undefined) {
    process.stdout.write(text);
    process.exit(0);
  }
}

// undici parses HTTP with llhttp compiled to WebAssembly; V8's optimising tier for it costs
// ~60 ms of background compilation that also holds up exit. A CLI parses a few responses: the
// baseline compiler (Liftoff) is plenty, also for Ink's yoga layout. `--liftoff-only` is the flag
// that does it (measured on Node 20: 247 ms for a --json read, against 469-540 ms with the
// ordinary flags --no-wasm-tier-up, --no-wasm-opt or --no-wasm-dynamic-tiering). V8 lists it as a
// testing flag and prints an error for a flag it no longer knows, so it is set only on the V8
// majors it was checked on (11 to 14: Node 20 to 26); a newer V8 runs without it, only slower.
const v8Major = Number(process.versions.v8.split('.')[0]);
if (v8Major >= 11 && v8Major <= 14) require('node:v8').setFlagsFromString('--liftoff-only');

const file = join(dist, 'main.cjs');
// The bundle loads the Ink UI (an ES module) through this, whichever way the bundle was loaded.
globalThis.__svcImport = (specifier) => import(specifier);

function loadBundle() {
  // Node >= 22.1: Node's own compile cache, in the user's cache folder, invalidated by Node when
  // the bundle or Node itself changes. Nothing is written next to the installed package.
  if (typeof Module.enableCompileCache === 'function' && process.env.SVC_WRITE_CODE_CACHE !== '1') {
    try {
      Module.enableCompileCache(userCacheDir());
    } catch {
      /* no cache: only slower */
    }
    return { cli: require(file) };
  }
  // Node 20 has no compile cache: the build writes dist/main.cjs.cache (SVC_WRITE_CODE_CACHE=1,
  // scripts/build.mjs) and runs only read it. A cache V8 rejects (another V8, other flags) is
  // simply not used; it is never rewritten at run time.
  const cacheFile = join(dist, 'main.cjs.cache');
  // latin1, not utf8: the build makes sure the bundle is ASCII (scripts/build.mjs), where the two
  // read the same, and latin1 skips the UTF-8 decoding of a megabyte (~2 ms).
  const source = readFileSync(file, 'latin1');
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    /* not built with one */
  }
  // Code compiled from a V8 code cache loses its import() callback on Node 20 ("A dynamic import
  // callback was not specified"), which is why the bundle has no import() of its own: builtins
  // are require()d and the UI goes through globalThis.__svcImport above.
  const script = new (require('node:vm').Script)(Module.wrap(source), { filename: file, cachedData });
  const mod = { exports: {} };
  script.runInThisContext().call(mod.exports, mod.exports, createRequire(file), mod, file, dist);
  const writeCache = () => {
    const tmp = `${cacheFile}.${process.pid}`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  };
  return { cli: mod.exports, writeCache };
}

function userCacheDir() {
  const { homedir } = require('node:os');
  const base =
    process.platform === 'win32'
      ? process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local')
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Caches')
        : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'svc', 'compile-cache');
}

const { cli, writeCache } = loadBundle();

async function run() {
  let code = 0;
  if (argv[0] === '__warm-cache') {
    await cli.warmCache();
  } else {
    code = await cli.main(argv);
  }
  // The build alone writes the Node 20 code cache, after a warm-up run, so it holds the
  // functions that run compiled.
  if (process.env.SVC_WRITE_CODE_CACHE === '1' && writeCache) writeCache();

  // Leave as soon as the output is flushed: after an HTTP request, V8 otherwise spends ~90 ms
  // finishing background work on undici's WebAssembly parser before the process may exit.
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((resolve) => s.write('', resolve))));
  process.exit(code);
}
run();
