// Build: the CLI as CommonJS chunks (dist/main.cjs and dist/chunks/, loaded through a per-Node-line
// V8 code cache by bin/svc.js), one ESM bundle for the Ink UI (loaded only when rendering to a
// terminal), the help texts that bin/svc.js prints without loading either, and a warm-up run.
import { build, transform } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInThisContext } from 'node:vm';
import { checkNames, ownNames } from './own-names.mjs';
import { startupShims } from './shims/index.mjs';
import { inkTableEdits } from './shims/ink-table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
mkdirSync(dist, { recursive: true });

// Each output is written to a temporary name and renamed into place, and dist/ is never
// emptied first: a test run that spawns bin/svc.js while another build runs still sees
// whole files.
function writeAtomic(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}
async function bundle(options) {
  const result = await build({ ...options, write: false });
  for (const out of result.outputFiles) writeAtomic(out.path, out.contents);
}

/** What node:module's Module.wrap puts before a CommonJS module's text (bin/svc.js looks for it). */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const LARGE_TEXT = 132 * 1024;

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  minify: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { __SVC_VERSION__: JSON.stringify(pkg.version) },
};

// The UI bundle: ink 6 is ESM with top-level await (yoga), so this one stays ESM.
const uiExternal = {
  name: 'ui-external',
  setup(b) {
    // src/ui/load.ts's import('./index.js'), or any other path to src/ui/index.ts
    const uiIndex = join(root, 'src', 'ui', 'index.js');
    b.onResolve({ filter: /index\.js$/ }, (args) =>
      resolvePath(args.resolveDir, args.path) === uiIndex ? { path: 'ui-bundle', external: true } : undefined,
    );
    // src/ui/load.ts's import('./table-render.js'): the table's bundle, dist/table.cjs.
    const tableEntry = join(root, 'src', 'ui', 'table-render.js');
    b.onResolve({ filter: /table-render\.js$/ }, (args) =>
      resolvePath(args.resolveDir, args.path) === tableEntry ? { path: 'table-bundle', external: true } : undefined,
    );
  },
};
// the pt-BR catalogue is a JSON file beside the bundle, read only when the language is
// Portuguese (src/i18n/load.ts): the English start-up does not parse ~70 KB it never uses.
const ptExternal = {
  name: 'pt-br-external',
  setup(b) {
    const ptIndex = join(root, 'src', 'i18n', 'pt-BR', 'index.js');
    b.onResolve({ filter: /pt-BR\/index\.js$/ }, (args) =>
      resolvePath(args.resolveDir, args.path) === ptIndex && args.importer.endsWith(join('i18n', 'load.ts'))
        ? { path: 'svc-pt-br-from-json', external: true }
        : undefined,
    );
  },
};
{
  const out = await build({
    ...common,
    entryPoints: [join(root, 'src/i18n/pt-BR/index.ts')],
    format: 'cjs',
    write: false,
  });
  const mod = { exports: {} };
  new Function('module', 'exports', out.outputFiles[0].text)(mod, mod.exports);
  writeAtomic(join(dist, 'pt-BR.json'), JSON.stringify(mod.exports.PT_BR));
}
// The CLI: split into chunks. Every import() in src (a command group, a verb, the
// sandbox, the webhook receiver, YAML, the warm-up...) becomes a chunk of its own that is read and
// compiled only when that import() runs, so a read compiles only what it runs. esbuild splits
// ES modules only: it bundles as ESM, then each output is turned into CommonJS (a static import
// becomes a require, an import() a require inside a promise) and every require of another output
// becomes `__svcRequire("chunks/NAME.cjs")`, which bin/svc.js answers through its per-Node-line
// code cache (docs/ARCHITECTURE.md "Chunks and the code cache").
// the terminal table's Ink bundle, CommonJS (scripts/shims/ink-table.mjs), loaded by
// bin/svc.js's __svcRequire through the code cache; its text is part of the build's id.
const tableCode = await bundleTable();
await bundleCli(tableCode);
await bundle({
  ...common,
  entryPoints: [join(root, 'src/ui/index.ts')],
  outfile: join(dist, 'ui.mjs'),
  format: 'esm',
  jsx: 'automatic',
  // commander-free, but some of ink's dependencies are CJS and call require().
  banner: {
    js: "import{createRequire as __svcCreateRequire}from'node:module';const require=__svcCreateRequire(import.meta.url);",
  },
  // ink imports react-devtools-core only when DEV=true; never in svc.
  alias: { 'react-devtools-core': join(root, 'scripts/devtools-stub.mjs') },
  define: { ...common.define, 'process.env.NODE_ENV': '"production"' },
});

// Help texts for bin/svc.js's fast path (--help never loads the bundle).
const require = createRequire(import.meta.url);
// Here the chunks load through plain require (bin/svc.js loads them through its code cache).
globalThis.__svcRequire = (rel) => require(join(dist, rel));
globalThis.__svcDist = dist;
const { helpTexts } = require(join(dist, 'main.cjs'));
// the commands the read lane may take; bin/svc.js loads dist/lane.cjs only for those.
writeAtomic(join(dist, 'lane.json'), JSON.stringify(requireWrapped('lane.cjs').laneCommands()));
const helpEn = await helpTexts('en');
writeAtomic(join(dist, 'help.json'), JSON.stringify(helpEn));
// The command groups alone (`svc products` prints its help), so that bin/svc.js need not read the
// whole help.json (~170 KB) to learn that `svc products list` is not one.
writeAtomic(join(dist, 'groups.json'), JSON.stringify(helpEn.groups));
// the same in pt-BR, which bin/svc.js prints when the language is Portuguese.
writeAtomic(join(dist, 'help.pt-BR.json'), JSON.stringify(await helpTexts('pt-BR')));

// The build's warm-up (src/warm-cache.ts): a help walk and reads through undici against a
// node:http stand-in. It checks the bundle runs, and writes the code cache of the Node line
// that builds into the builder's cache folder, like any first run of that line would.
execFileSync(process.execPath, [join(root, 'bin/svc.js'), '__warm-cache'], { stdio: 'inherit' });
console.log(`built svc ${pkg.version} into dist/`);

async function bundleTable() {
  const out = await build({
    ...common,
    entryPoints: [join(root, 'src/ui/table-render.ts')],
    format: 'cjs',
    jsx: 'automatic',
    write: false,
    outfile: join(dist, 'table.cjs'),
    plugins: [inkTableEdits(root)],
    alias: {
      // ink imports react-devtools-core only when DEV=true; never in svc.
      'react-devtools-core': join(root, 'scripts/devtools-stub.mjs'),
      // Only Ink's renderToString, Box and Text, not its live renderer (scripts/shims/ink-table-entry.mjs).
      ink: join(root, 'scripts/shims/ink-table-entry.mjs'),
      // Ink measures text with the layout's own width rule (src/ui/ink-string-width.ts).
      'string-width': join(root, 'src/ui/ink-string-width.ts'),
    },
    define: { ...common.define, 'process.env.NODE_ENV': '"production"' },
  });
  const code = out.outputFiles[0].text;
  const nonAscii = code.search(/[^\x00-\x7f]/);
  if (nonAscii >= 0) throw new Error(`dist/table.cjs has a non-ASCII character at offset ${nonAscii}`);
  writeAtomic(join(dist, 'table.cjs'), code);
  return code;
}

/** What the full CLI's chunks and the read lane's bundle are built with alike (`first`: plugins before). */
function cliCode(first = []) {
  return {
    metafile: true,
    write: false,
    // names only where they are read (scripts/own-names.mjs): src and commander's errors
    keepNames: false,
    define: {
      ...common.define,
      __SVC_UI_BUNDLE__: JSON.stringify('ui.mjs'),
      __SVC_TABLE_BUNDLE__: JSON.stringify('table.cjs'),
      __SVC_PT_BR_JSON__: JSON.stringify('pt-BR.json'),
    },
    plugins: [...first, uiExternal, ptExternal, ...startupShims(root), ownNames(root)],
    // A native addon (its prebuilt binary ships in the registry package): required from
    // node_modules at run time, and only when a stored key is read or written (src/config/key-store.ts).
    // jq-wasm (1.3 MB, jq as WebAssembly): required only when --jq is given (src/output/jq.ts).
    external: ['@napi-rs/keyring', 'jq-wasm'],
  };
}

async function bundleCli(tableCode) {
  const result = await build({
    ...common,
    entryPoints: { main: join(root, 'src/main.ts') },
    outdir: dist,
    format: 'esm',
    splitting: true,
    // Content-hashed names: a chunk's name changes with its code, and the code cache is keyed by
    // the build (dist/build.json), so no cache is ever used with code it was not made from.
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.cjs' },
    ...cliCode(),
  });
  checkNames(root, result.metafile);
  const names = new Set(result.outputFiles.map((o) => relative(dist, o.path).replaceAll('\\', '/')));
  const hash = createHash('sha256');
  for (const out of result.outputFiles) {
    const rel = relative(dist, out.path).replaceAll('\\', '/');
    const cjs = await transform(out.text, {
      format: 'cjs',
      platform: 'node',
      target: 'node22',
      minifyWhitespace: true,
      minifySyntax: true,
      keepNames: false, // the names kept are already in the code (ownNames)
      supported: { 'dynamic-import': false },
      logLevel: 'error',
    });
    const code = requiresOfDist(rel, cjs.code, names);
    mkdirSync(dirname(out.path), { recursive: true });
    writeAtomic(out.path, code);
    hash.update(rel).update(code);
  }
  const lane = await bundleLane(result.metafile, names);
  hash.update('lane.cjs').update(lane);
  hash.update('table.cjs').update(tableCode);
  writeAtomic(join(dist, 'build.json'), JSON.stringify({ id: hash.digest('hex').slice(0, 16) }));
  // What went where (esbuild's metafile), for looking into a chunk's size: SVC_METAFILE=FILE.
  if (process.env.SVC_METAFILE) writeFileSync(process.env.SVC_METAFILE, JSON.stringify(result.metafile));
  removeStaleChunks(names);
  // The Node-20 era files of the single bundle, and the first lane pack of earlier builds, if still there.
  rmSync(join(dist, 'main.cjs.cache'), { force: true });
  rmSync(join(dist, 'lane-pack.cjs'), { force: true });
}

/**
 * A CommonJS output's requires of other outputs (`require("./x.cjs")`) made `__svcRequire("chunks/x.cjs")`,
 * which bin/svc.js answers through its code cache; and the checks every output passes.
 */
function requiresOfDist(rel, text, names) {
  const code = text
    .replace(/\brequire\("(\.\.?\/[^"]+)"\)/g, (_, spec) => {
      const target = posix.join(posix.dirname(rel), spec);
      if (!names.has(target)) throw new Error(`${rel}: require("${spec}") is not an output of the build`);
      return `__svcRequire(${JSON.stringify(target)})`;
    })
    // A chunk's exports are its namespace object itself, marked as an ES module, instead of a
    // copy with a second getter per export (esbuild's __toCommonJS): zod's chunk exports ~400
    // names, and every use of an export from another chunk went through two getters.
    .replace(
      'module.exports=__toCommonJS(stdin_exports)',
      'module.exports=__defProp(stdin_exports,"__esModule",{value:!0})',
    );
  if (/\brequire\("\.\.?\//.test(code)) throw new Error(`${rel}: a relative require was left`);
  // bin/svc.js compiles chunks without an import() callback (asking for one loads Node's
  // ES module loader on every run); a native import() left in a chunk would fail there.
  if (/(?<![\w$.])import\(/.test(code))
    throw new Error(`${rel}: a native import() was left (use a static import or __svcImport)`);
  // bin/svc.js reads each chunk as latin1: ASCII-only text is a one-byte string, which reads in
  // half the time of one with a single non-ASCII character (esbuild escapes them in strings,
  // not inside regular-expression literals: write those as \\u escapes).
  const nonAscii = code.search(/[^\x00-\x7f]/);
  if (nonAscii >= 0)
    throw new Error(`dist/${rel} has a non-ASCII character at offset ${nonAscii}; escape it in its source`);
  return code;
}

// the read lane as one bundle of its own, dist/lane.cjs (src/cli/lane: `products list`
// and the other one-shot reads, asked first by bin/svc.js). Without code splitting, its modules
// share one scope: each module's unused exports are dropped and no chunk has its own preamble,
// exports object and getters. What it loads only on some runs stays out of it:
// - zod's wording of a bad answer (src/api/answer-explain.ts), conf and the config file's schema
//   (a config write): the full CLI's chunks of them, loaded through __svcRequire; they hold no svc
//   error class (answer-explain returns plain data), so no class crosses the two bundles;
// - undici: the lane sends through node:http (src/api/http-transport.ts); a stub that fails
//   stands where transport.ts would load undici's Agent, which the lane never asks for;
// - the Ink UI and table (dist/ui.mjs, dist/table.cjs) and the pt-BR catalogue, as in the CLI.
// The lane and the full CLI never both run one command: the lane either runs it or hands it over
// before doing anything (undefined), so their two copies of a module never meet.
async function bundleLane(mainMetafile, names) {
  // The full CLI's chunk of a module, by the module's path (each is the entry of a lazy chunk there).
  const chunkOf = (entry) => {
    // (by its path's end: node_modules may be a link to elsewhere, as in a package test's clone)
    const out = Object.entries(mainMetafile.outputs).find(
      ([, o]) => o.entryPoint === entry || o.entryPoint?.endsWith(`/${entry}`),
    );
    if (!out) throw new Error(`lane: no chunk of ${entry} in the CLI build`);
    return `./${relative(dist, join(root, out[0])).replaceAll('\\', '/')}`;
  };
  // Loaded only on some runs, and holding no svc class that could meet the lane's own: zod's
  // wording of a bad answer (plain data back), and what only a config write loads (conf, the
  // config file's zod schema; a read never writes it).
  const fromCli = [
    [/answer-explain\.js$/, chunkOf('src/api/answer-explain.ts')],
    [/profile-schema\.js$/, chunkOf('src/config/profile-schema.ts')],
    [/^conf$/, chunkOf('node_modules/conf/dist/source/index.js')],
  ];
  const laneOnly = {
    name: 'lane-only',
    setup(b) {
      for (const [filter, path] of fromCli) b.onResolve({ filter }, () => ({ path, external: true }));
      b.onResolve({ filter: /^undici(\/|$)/ }, (args) => ({ path: args.path, namespace: 'not-in-lane' }));
      b.onLoad({ filter: /.*/, namespace: 'not-in-lane' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the read lane`)});`,
        loader: 'js',
      }));
    },
  };
  const result = await build({
    ...common,
    entryPoints: [join(root, 'src/cli/lane/index.ts')],
    outfile: join(dist, 'lane.cjs'),
    format: 'cjs',
    supported: { 'dynamic-import': false },
    ...cliCode([laneOnly]),
  });
  checkNames(root, result.metafile);
  const code = laneScript(requiresOfDist('lane.cjs', result.outputFiles[0].text, names));
  writeAtomic(join(dist, 'lane.cjs'), code);
  if (process.env.SVC_METAFILE) writeFileSync(`${process.env.SVC_METAFILE}.lane.json`, JSON.stringify(result.metafile));
  return code;
}

/**
 * dist/lane.cjs as bin/svc.js compiles it: already the function a CommonJS wrapper would make of
 * it, and at least LARGE_TEXT long. A read then keeps one copy of the lane's text, not a second one
 * made by wrapping it at each start, and V8 stores that text in its large-object space, which the
 * young generation's scavenges neither count nor copy: a README-form read allocated 271 KB less
 * there (1,338 against 1,067 KB on Node 26), out of the ~1 MB after which it scavenges.
 */
function laneScript(code) {
  const wrapped = `${WRAP_HEAD}${code}\n});`;
  // The rest a comment of spaces: the file stays a function expression, its text past V8's largest
  // regular object (128 KiB), which a lane well under it (~105 KB) would otherwise not be. V8 checks
  // a code cache against its script by the text's length alone: padded to one fixed length, every
  // build's lane would take any other build's cache, should a run pair a new lane with the old
  // build's cache folder (while a build writes dist/, or an upgrade in place). So the length also
  // carries 12 bits of the lane's own hash, as different texts mostly differed in length before.
  const spread = Number.parseInt(createHash('sha256').update(code).digest('hex').slice(0, 3), 16);
  const pad = Math.max(0, LARGE_TEXT + spread - wrapped.length - 5);
  return pad > 0 ? `${wrapped}\n/*${' '.repeat(pad)}*/` : wrapped;
}

/** A script of dist/ written as a wrapped function (laneScript), loaded as bin/svc.js loads it. */
function requireWrapped(rel) {
  const file = join(dist, rel);
  const factory = runInThisContext(readFileSync(file, 'latin1'), { filename: file });
  const mod = { exports: {} };
  factory.call(mod.exports, mod.exports, require, mod, file, dirname(file));
  return mod.exports;
}

// Chunks of earlier builds: removed once they are 10 minutes old, so that a run started just
// before this build (a test spawned while it ran) can still load the chunks it names.
function removeStaleChunks(current) {
  const dir = join(dist, 'chunks');
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!current.has(`chunks/${name}`) && Date.now() - statSync(file).mtimeMs > 10 * 60_000)
      rmSync(file, { force: true });
  }
}
