#!/usr/bin/env node
// svc entry. `--version` and `--help` are answered from dist/help.json without loading the
// CLI bundle (rule 6: fast start). Everything else loads dist/main.cjs through a V8 code
// cache (Node 20 has no module.enableCompileCache), which saves about a third of the start.
// This file is CommonJS (bin/package.json): an ES module entry costs Node ~5 ms more to start.
'use strict';
const { readFileSync, writeFileSync, renameSync } = require('node:fs');
const { createRequire, Module } = require('node:module');
const { join } = require('node:path');

const dist = join(__dirname, '..', 'dist');
const argv = process.argv.slice(2);

function prebuiltHelp() {
  try { return JSON.parse(readFileSync(join(dist, 'help.json'), 'utf8')); } catch { return undefined; }
}

// Fast paths: only plain forms; anything else goes through commander as usual.
const words = argv.filter((a) => a !== '--help' && a !== '-h');
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const help = prebuiltHelp();
  if (help) { process.stdout.write(`${help.version}\n`); process.exit(0); }
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
// ~60 ms of background compilation that also holds up exit. A CLI parses a few responses:
// the baseline compiler is plenty (also for Ink's yoga layout).
require('node:v8').setFlagsFromString('--liftoff-only');

const file = join(dist, 'main.cjs');
const cacheFile = join(dist, 'main.cjs.cache');
// latin1, not utf8: the build makes sure the bundle is ASCII (scripts/build.mjs), where the two
// read the same, and latin1 skips the UTF-8 decoding of a megabyte (~2 ms).
const source = readFileSync(file, 'latin1');
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch { /* first run */ }
const script = new (require('node:vm').Script)(Module.wrap(source), {
  filename: file,
  cachedData,
  // import() inside the bundle (node: builtins, the Ink UI bundle by absolute URL) goes through
  // this module's loader; Node 20's vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER is not honoured here.
  importModuleDynamically: (specifier) => import(specifier),
});
// Code compiled from a V8 code cache loses its import() callback on Node 20 ("A dynamic import
// callback was not specified"), so the bundle loads the Ink UI through this module's own import().
globalThis.__svcImport = (specifier) => import(specifier);
const mod = { exports: {} };
script.runInThisContext().call(mod.exports, mod.exports, createRequire(file), mod, file, dist);
const cli = mod.exports;

async function run() {
  let code = 0;
  if (argv[0] === '__warm-cache') {
    await cli.warmCache();
  } else {
    code = await cli.main(argv);
  }
  // Write the cache after the run, so it holds the functions this run compiled. Only when asked
  // (the build) or when V8 rejected the old one; a read-only install just goes without.
  if (process.env.SVC_WRITE_CODE_CACHE === '1' || (cachedData && script.cachedDataRejected)) {
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch { /* not writable: fine */ }
  }

  // Leave as soon as the output is flushed: after an HTTP request, V8 otherwise spends ~90 ms
  // finishing background work on undici's WebAssembly parser before the process may exit.
  await Promise.all([process.stdout, process.stderr].map((s) => new Promise((resolve) => s.write('', resolve))));
  process.exit(code);
}
run();
