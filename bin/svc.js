#!/usr/bin/env node
// svc entry. `--version` and `--help` are answered from dist/help.json without loading the
// CLI bundle (rule 6: fast start). Everything else loads dist/main.cjs, and the chunks it needs,
// through a V8 code cache made on this Node line.
// This file is CommonJS (bin/package.json): an ES module entry costs Node ~5 ms more to start.
'use strict';
const { readFileSync, writeFileSync, renameSync } = require('node:fs');
const { join, sep } = require('node:path');

// Node 22.19 is the floor (node:sqlite without a flag, the compile cache; 22.19 for undici 8: docs/
// DECISIONS.md); say so plainly instead of failing later on a missing built-in.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 22 || (nodeMajor === 22 && nodeMinor < 19)) {
  process.stderr.write(`${oldNodeText(process.env, process.versions.node)}\n`);
  process.exit(1);
}

/**
 * The one text said before the catalogue can load, in the seller's language (the same order
 * as src/i18n: SVC_LANG, LC_ALL, LC_MESSAGES, LANG), marked in the marked mode like any text.
 */
function oldNodeText(env, version) {
  const lang = ['SVC_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG'].map((n) => env[n]?.trim()).find(Boolean) ?? '';
  const pt = /^pt([_-]|$|\.)/i.test(lang);
  const m = /^(1|on|true)$/i.test(env.SVC_LANG_MARKS?.trim() ?? '') ? (s) => `\u206a${s}\u206b` : (s) => s;
  return pt
    ? `${m('erro:')} ${m('o svc precisa do Node.js')} 22.19 ${m('ou mais novo; este é o Node.js')} v${version}`
    : `${m('error:')} ${m('svc needs Node.js')} 22.19 ${m('or newer; this is Node.js')} v${version}`;
}

// Whether process.stderr was made: Node builds its stream on first touch (0.6-1 ms on a pipe or a
// terminal), a run that succeeds says nothing there (src/output/io.ts asks the descriptor whether
// it is a terminal), and the end of the run flushes it only if made.
// A module preloaded with -r, --require, --import or --loader may have made it (Node's console
// keeps the stream it got), so then it is flushed as always.
const nodeFlags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
const preloaded = /(^|\s)(-r|--require|--import|--loader|--experimental-loader)(\s|=|$)/.test(nodeFlags);
let stderrMade = true;
const stderrProperty = Object.getOwnPropertyDescriptor(process, 'stderr');
if (!preloaded && stderrProperty?.get && stderrProperty.configurable) {
  stderrMade = false;
  Object.defineProperty(process, 'stderr', {
    ...stderrProperty,
    get() {
      stderrMade = true;
      return stderrProperty.get.call(this);
    },
  });
}
// For tests: SVC_TRACE_STDERR=FILE writes at exit whether the run made process.stderr and flushed it.
let stderrFlushed = false;
if (process.env.SVC_TRACE_STDERR) {
  const trace = process.env.SVC_TRACE_STDERR;
  process.on('exit', () =>
    writeFileSync(trace, `${stderrMade ? 'made' : 'unmade'}${stderrFlushed ? ' flushed' : ''}\n`),
  );
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

// The help in the seller's language. The same rule as src/i18n/index.ts detectLanguage:
// SVC_LANG, then LC_ALL, LC_MESSAGES, LANG; any Portuguese locale is pt-BR.
function helpFile() {
  // the marked mode (src/i18n/marks.ts) neither: each text of the help is marked
  if (/^(1|on|true)$/i.test((process.env.SVC_LANG_MARKS || '').trim())) return undefined;
  for (const name of ['SVC_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = (process.env[name] || '').trim();
    // the pseudo-locale (src/i18n/pseudo.ts) has no prebuilt help: commander writes it
    if (name === 'SVC_LANG' && v === 'pseudo') return undefined;
    if (v) return /^pt([_-]|$|\.)/i.test(v) ? 'help.pt-BR.json' : 'help.json';
  }
  return 'help.json';
}

function prebuiltHelp() {
  if (helpFile() === undefined) return undefined;
  try {
    return JSON.parse(readFileSync(join(dist, helpFile()), 'utf8'));
  } catch {
    return undefined;
  }
}

// Whether the help of `words` may be what is asked: help or a topic asked for, or a group without
// its verb (`svc products`). Not `svc products list`: a command runs, without reading help.json.
function helpMayAnswer(words) {
  if (words.length < argv.length || argv.length === 0 || words[0] === 'help') return true;
  try {
    return JSON.parse(readFileSync(join(dist, 'groups.json'), 'latin1')).includes(words.join(' '));
  } catch {
    return true; // a dist/ without the list: help.json says
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
} else if (words.every((w) => /^[a-z][a-z0-9-]*$/.test(w)) && helpMayAnswer(words)) {
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

// One V8 flag, for --jq: jq-wasm's WebAssembly is not tiered up to V8's optimising compiler. It is a
// large program run once a process, and compiling its hot functions again cost a one-page --jq
// more than it gave back on every Node line (jq's own run 21 against 10 ms on Node 22 and 24; 2,000
// listings 148 against 79 ms on Node 24: docs/DECISIONS.md). The worker that takes the largest
// inputs sets the default back first (src/output/jq.ts). Set before anything compiles, so every
// code cache of such a run is made and used under the same flags; V8 checks a cache against a hash
// of its flags, so those caches are filed apart (`flagsTag`). Any other run sets no flag: loading
// node:v8 costs 2-4 ms here.
let flagsTag = '';
const endOfFlags = argv.indexOf('--'); // a `--jq` after `--` is an argument, not the flag
if ((endOfFlags < 0 ? argv : argv.slice(0, endOfFlags)).some((a) => a === '--jq' || a.startsWith('--jq='))) {
  require('node:v8').setFlagsFromString('--wasm-tiering-budget=2147483647');
  flagsTag = 'jq';
}
// Code that sets a V8 flag during the run (`stock add`'s memory, src/jobs/memory.ts; jq's worker,
// src/output/jq.ts) calls this first, naming the change (not for a GC flag, which V8 leaves out of
// that hash: src/jobs/v8-flags.ts). The caches this run still owes are dropped, not written: they would
// hold only what has compiled so far, and be kept so by the next run. What compiles after is
// cached apart under the change's name, made and used by runs that change the flags alike.
globalThis.__svcBeforeV8Flags = (tag) => {
  unCached.length = 0;
  flagsTag = flagsTag ? `${flagsTag}-${tag}` : tag;
};

// The bundle loads the Ink UI (an ES module) through this. Node's own compile cache is turned on
// for it first (an ES module cannot go through the code cache below).
globalThis.__svcImport = (specifier) => {
  try {
    require('node:module').enableCompileCache?.(join(userCacheDir(), 'compile-cache'));
  } catch {
    /* no cache: only slower */
  }
  return import(specifier);
};

// The CLI is CommonJS (scripts/build.mjs): the read lane's one bundle, dist/lane.cjs,
// and the full CLI, dist/main.cjs and dist/chunks/*.cjs, each chunk loaded only when a require or
// import() of it runs, all through __svcRequire. Each is
// compiled with a V8 code cache made on this Node line after a run that used it, so the functions
// a read runs are not compiled again (Node's compile cache keeps only what a module compiles
// eagerly). A missing or rejected cache only makes that run compile as usual and write the cache
// after its output is flushed; no cache problem changes output or exit code (docs/DECISIONS.md,
// "Code cache per Node line").
const vm = require('node:vm');
const chunks = new Map();
const unCached = [];
let cacheDir;
// For tests: SVC_TRACE_CHUNKS=FILE writes the chunks this run loaded, one a line, at exit.
const traced = process.env.SVC_TRACE_CHUNKS ? [] : undefined;
if (traced) process.on('exit', () => writeFileSync(process.env.SVC_TRACE_CHUNKS, `${traced.join('\n')}\n`));

function codeCacheDir() {
  if (cacheDir !== undefined) return cacheDir;
  cacheDir = null;
  if (process.env.SVC_CODE_CACHE === 'off') return cacheDir;
  try {
    const { id } = JSON.parse(readFileSync(join(dist, 'build.json'), 'latin1'));
    // V8 rejects a cache made with other flags; NODE_OPTIONS or node's own flags get their own folder.
    let h = 5381;
    for (let i = 0; i < nodeFlags.length; i++) h = (h * 33 + nodeFlags.charCodeAt(i)) >>> 0;
    cacheDir = join(userCacheDir(), 'code-cache', `${id}-${process.version}-${process.arch}-${h.toString(36)}`);
  } catch {
    /* a dist/ without build.json: no cache */
  }
  return cacheDir;
}

/**
 * A script of dist/ compiled through the code cache of this Node line (made after a run without
 * one). `kind` names the run that makes and uses the cache, where runs of one script differ.
 */
function compileCached(rel, wrapped, file, kind) {
  const dir = codeCacheDir();
  // after a V8 flag change (flagsTag, above), under that change's name: V8 would reject the others
  const name = `${rel.replace(/[/\\]/g, '_')}${kind ? `.${kind}` : ''}${flagsTag ? `.${flagsTag}` : ''}`;
  const cacheFile = dir && join(dir, `${name}.v8`);
  let cachedData;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      /* not made yet on this Node line */
    }
  }
  // No importModuleDynamically: no chunk calls import() (the build turns each into a require and
  // fails on one left, scripts/build.mjs); asking for it loaded Node's ES module loader on every run.
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) unCached.push({ script, cacheFile });
  return script;
}

/**
 * Whether argv names a command of the read lane (dist/lane.json): then dist/lane.cjs decides.
 * `NOUN VERB` are the first two words that are neither a flag nor the value of a global flag
 * that takes one (`svc --profile sandbox products list`, the README's form). Any other command
 * goes straight to main.cjs: it does not pay for the lane, and the lane's code cache is made by
 * a read, not by whichever command ran first (a cache once made is kept as it is, so a cache
 * made by `svc stock add` would leave a read compiling its functions).
 */
function laneMayRun() {
  if (argv.length < 2) return false;
  let lane;
  try {
    lane = JSON.parse(readFileSync(join(dist, 'lane.json'), 'latin1'));
  } catch {
    return false; // a dist/ without the list: everything goes the full way
  }
  const words = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    if (!argv[i].startsWith('-')) words.push(argv[i]);
    else if (lane.valueFlags.includes(argv[i])) i++;
  }
  return words.length === 2 && lane.paths.includes(`${words[0]} ${words[1]}`);
}

/**
 * Which kind of read this is, for the lane's code cache: the cache holds the functions of the run
 * that made it, and a cache made by another kind of read leaves this one compiling its own (a
 * README-form read, its profile from the config file, took 4.3 ms more with a cache made by a read
 * with SVC_API_KEY; 60 interleaved runs). So each kind has its cache, made by its first read: how it
 * prints (json, --jq, a table on a terminal, text) and where its key comes from (the environment or
 * a profile). A guess that is wrong only costs that compiling.
 */
function laneKind() {
  // The build's warm-up (src/warm-cache.ts) runs a --json and a piped read with the key in the
  // environment, whatever the builder's own terminal and environment: filed as the first of them.
  if (argv[0] === '__warm-cache') return 'json-env';
  let out = process.stdout.isTTY ? 'table' : 'text';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a === '--jq' || a.startsWith('--jq=')) out = 'jq';
    else if (out !== 'jq' && (a === '--json' || a === '-ojson' || a === '--output=json')) out = 'json';
    else if (out !== 'jq' && (a === '-o' || a === '--output')) out = argv[i + 1] === 'json' ? 'json' : 'text';
  }
  const env = process.env;
  const fromEnv =
    !!env.SVC_API_KEY?.trim() &&
    !env.SVC_PROFILE?.trim() &&
    !argv.some((a) => a === '--profile' || a.startsWith('--profile='));
  return `${out}-${fromEnv ? 'env' : 'profile'}`;
}

/**
 * A chunk's text as a CommonJS function, as node:module's Module.wrap makes it (without loading
 * node:module). dist/lane.cjs is written so already (scripts/build.mjs laneScript): as it is, its
 * text is the one copy a read keeps.
 */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
function wrap(source) {
  return source.startsWith(WRAP_HEAD) ? source : `${WRAP_HEAD}${source}\n});`;
}

function svcRequire(rel) {
  const known = chunks.get(rel);
  if (known) return known.exports;
  const file = join(dist, rel);
  // latin1, not utf8: the build makes sure each chunk is ASCII, where the two read the same, and
  // latin1 skips the UTF-8 decoding (~2 ms a megabyte).
  const kind = rel === 'lane.cjs' ? laneKind() : undefined;
  const factory = compileCached(rel, wrap(readFileSync(file, 'latin1')), file, kind).runInThisContext();
  const mod = { exports: {} };
  chunks.set(rel, mod);
  traced?.push(rel);
  factory.call(mod.exports, mod.exports, require, mod, file, join(file, '..'));
  return mod.exports;
}
globalThis.__svcRequire = svcRequire;
// For code in a chunk that compiles a script of its own through the code cache (the patched jq
// runtime, src/output/jq-inline.ts): the cache folder of this build and Node line, and the compile.
globalThis.__svcCodeCache = {
  dir: codeCacheDir,
  compile: (source, name, filename) => compileCached(name, source, filename),
};
// Where dist/ is, for code in a chunk that reads a file beside the bundle (the UI, the pt-BR catalogue).
globalThis.__svcDist = dist;

// After the run, for the chunks that had no usable cache: the cache then holds every function
// the run compiled. Written to a temporary name and renamed, so a concurrent run reads a whole
// file or none. Each build (dist/build.json, a hash of dist/) has its own folder, so two builds
// on one machine (a global install and a checkout) keep theirs; a folder no run has written to
// for CACHE_UNUSED_MS is of a build long gone, and is removed then.
const CACHE_UNUSED_MS = 30 * 24 * 3600 * 1000;
function writeCodeCaches() {
  if (unCached.length === 0) return;
  try {
    const { mkdirSync, readdirSync, rmSync, statSync } = require('node:fs');
    const dir = codeCacheDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const { script, cacheFile } of unCached) {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, cacheFile);
      } catch (err) {
        rmSync(tmp, { force: true }); // a full disk: no half-written cache left behind
        throw err;
      }
    }
    const parent = join(dir, '..');
    for (const other of readdirSync(parent)) {
      const folder = join(parent, other);
      if (folder !== dir && Date.now() - statSync(folder).mtimeMs > CACHE_UNUSED_MS)
        rmSync(folder, { recursive: true, force: true });
    }
  } catch {
    /* a read-only or full cache folder: the next run compiles again, nothing else changes */
  }
}

function userCacheDir() {
  // os.homedir() reads $HOME first on POSIX: node:os only when it is not set (or on Windows)
  const homedir = () => (process.platform !== 'win32' && process.env.HOME) || require('node:os').homedir();
  const base =
    process.platform === 'win32'
      ? process.env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local')
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Caches')
        : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'svc');
}

async function run() {
  // Until the run ends with its own code: a run whose event loop empties before it finishes (a
  // promise that never settles) exits 1, not 0 with nothing printed.
  process.exitCode = 1;
  let code = 0;
  if (argv[0] === '__warm-cache') {
    await svcRequire('main.cjs').warmCache(svcRequire('lane.cjs'));
  } else {
    // a one-shot read runs in the lane (dist/lane.cjs: no commander, zod or undici at
    // load); anything the lane does not take (undefined) goes to the full CLI, dist/main.cjs.
    code = laneMayRun() ? await svcRequire('lane.cjs').lane(argv, { processExits: true }) : undefined;
    if (code === undefined) {
      // The lane handed the command over: its cache is made by a run that reads, not by this one
      // (a cache once made is kept, and this run compiled little more than the lane's argv parse).
      const i = unCached.findIndex((u) => u.cacheFile.includes(`${sep}lane.cjs.`));
      if (i >= 0) unCached.splice(i, 1);
      code = await svcRequire('main.cjs').main(argv, { processExits: true });
    }
  }
  // Leave as soon as the output is flushed: after an HTTP request, V8 otherwise spends ~90 ms
  // finishing background work on undici's WebAssembly parser before the process may exit. stderr
  // only if the run made its stream: a run that said nothing there does not build it now.
  const opened = stderrMade ? [process.stdout, process.stderr] : [process.stdout];
  await Promise.all(opened.map((s) => new Promise((resolve) => s.write('', resolve))));
  stderrFlushed = opened.length === 2;
  writeCodeCaches();
  process.exit(code);
}
run();
