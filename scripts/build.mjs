// Build: one CJS bundle for the CLI (loaded through a V8 code cache by bin/svc.js), one ESM
// bundle for the Ink UI (loaded only when rendering to a terminal), the help texts that
// bin/svc.js prints without loading either, and the code cache itself.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
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
    b.onResolve({ filter: /\/ui\/index\.js$/ }, () => ({ path: 'ui-bundle', external: true }));
  },
};
// Builtins that a dependency requires at load but uses only on paths svc never takes: each is
// swapped, for that dependency only, for a shim that requires the builtin on first use. Each
// saves its load on every run (bench/startup; docs/PERFORMANCE.md).
const lazyBuiltins = [
  { builtin: 'node:child_process', importer: '/node_modules/commander/', shim: 'child-process.cjs' },
  { builtin: 'node:http2', importer: '/node_modules/undici/lib/dispatcher/client-h2.js', shim: 'http2.cjs' },
];
const require = createRequire(import.meta.url);
// The HTTP/2 shim's constants must be this Node's own, and undici must still use only them.
for (const [name, value] of Object.entries(require('./shims/http2.cjs').constants)) {
  if (require('node:http2').constants[name] !== value) throw new Error(`scripts/shims/http2.cjs: ${name} is not ${require('node:http2').constants[name]}`);
}
const h2Source = readFileSync(require.resolve('undici/lib/dispatcher/client-h2.js'), 'utf8');
const h2Used = new Set(h2Source.match(/\bhttp2\.\w+/g));
if ([...h2Used].some((u) => u !== 'http2.connect') || !h2Used.has('http2.connect')) throw new Error(`undici's client-h2.js uses ${[...h2Used]} of node:http2: update scripts/shims/http2.cjs`);
// zod re-exports its 40-odd locales as `z.locales` (and `z.core.locales`), so every run would
// evaluate them all; svc uses only the English messages zod sets up by itself. The namespace is
// cut down to `en` (~4 ms a run, bench/startup). Nothing in src/ may use another locale.
const zodLocalesPlugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.replaceAll('\\', '/').includes('/node_modules/zod/v4/') ? { path: 'zod-locales-en', namespace: 'svc-shim' } : undefined);
    b.onLoad({ filter: /^zod-locales-en$/, namespace: 'svc-shim' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: root,
    }));
  },
};
for (const file of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
  if (!file.isFile()) continue;
  const path = join(file.parentPath ?? file.path, file.name);
  if (/\blocales\b|\bz\.config\(/.test(readFileSync(path, 'utf8'))) throw new Error(`${path} uses zod's locales or config: the bundle keeps only the English locale (scripts/build.mjs)`);
}
const lazyBuiltinsPlugin = {
  name: 'lazy-builtins',
  setup(b) {
    for (const { builtin, importer, shim } of lazyBuiltins) {
      b.onResolve({ filter: new RegExp(`^${builtin}$`) }, (args) =>
        args.importer.replaceAll('\\', '/').includes(importer) ? { path: join(root, 'scripts/shims', shim) } : undefined);
    }
  },
};

await bundle({
  ...common,
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(dist, 'main.cjs'),
  format: 'cjs',
  // import() does not survive the V8 code cache (bin/svc.js): builtins become require(), and
  // the UI bundle is loaded through globalThis.__svcImport (src/output/format.ts).
  supported: { 'dynamic-import': false },
  define: { ...common.define, __SVC_UI_BUNDLE__: JSON.stringify('ui.mjs') },
  plugins: [uiExternal, lazyBuiltinsPlugin, zodLocalesPlugin],
  // A native addon (its prebuilt binary ships in the registry package): required from
  // node_modules at run time, and only when a stored key is read or written (src/config/key-store.ts).
  external: ['@napi-rs/keyring'],
});
await bundle({
  ...common,
  entryPoints: [join(root, 'src/ui/index.ts')],
  outfile: join(dist, 'ui.mjs'),
  format: 'esm',
  jsx: 'automatic',
  // commander-free, but some of ink's dependencies are CJS and call require().
  banner: { js: "import{createRequire as __svcCreateRequire}from'node:module';const require=__svcCreateRequire(import.meta.url);" },
  // ink imports react-devtools-core only when DEV=true; never in svc.
  alias: { 'react-devtools-core': join(root, 'scripts/devtools-stub.mjs') },
  define: { ...common.define, 'process.env.NODE_ENV': '"production"' },
});

// bin/svc.js reads the bundle as text on every run: ASCII-only text is a one-byte string, which
// reads in half the time of one with a single non-ASCII character (esbuild escapes them in
// strings, not inside regular-expression literals: write those as \u escapes).
const nonAscii = readFileSync(join(dist, 'main.cjs'), 'latin1').search(/[^\x00-\x7f]/);
if (nonAscii >= 0) throw new Error(`dist/main.cjs has a non-ASCII character at offset ${nonAscii}; escape it in its source`);

// Help texts for bin/svc.js's fast path (--help never loads the bundle).
const { helpTexts } = require(join(dist, 'main.cjs'));
writeAtomic(join(dist, 'help.json'), JSON.stringify(await helpTexts()));

// Warm the V8 code cache so the first real run already uses it.
execFileSync(process.execPath, [join(root, 'bin/svc.js'), '__warm-cache'], { stdio: 'inherit', env: { ...process.env, SVC_WRITE_CODE_CACHE: '1' } });
console.log(`built svc ${pkg.version} into dist/`);
