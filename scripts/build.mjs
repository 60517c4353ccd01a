// Build: one CJS bundle for the CLI (loaded through a V8 code cache by bin/svc.js), one ESM
// bundle for the Ink UI (loaded only when rendering to a terminal), the help texts that
// bin/svc.js prints without loading either, and the code cache itself.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupShims } from './shims/index.mjs';

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
    // src/ui/load.ts's import('./index.js'), or any other path to src/ui/index.ts
    const uiIndex = join(root, 'src', 'ui', 'index.js');
    b.onResolve({ filter: /index\.js$/ }, (args) =>
      resolvePath(args.resolveDir, args.path) === uiIndex ? { path: 'ui-bundle', external: true } : undefined,
    );
  },
};
// issue 27: the pt-BR catalogue is a JSON file beside the bundle, read only when the language is
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
await bundle({
  ...common,
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(dist, 'main.cjs'),
  format: 'cjs',
  // import() does not survive the V8 code cache (bin/svc.js): builtins become require(), and
  // the UI bundle is loaded through globalThis.__svcImport (src/ui/load.ts).
  supported: { 'dynamic-import': false },
  define: {
    ...common.define,
    __SVC_UI_BUNDLE__: JSON.stringify('ui.mjs'),
    __SVC_PT_BR_JSON__: JSON.stringify('pt-BR.json'),
  },
  plugins: [uiExternal, ptExternal, ...startupShims(root)],
  // A native addon (its prebuilt binary ships in the registry package): required from
  // node_modules at run time, and only when a stored key is read or written (src/config/key-store.ts).
  // jq-wasm (1.3 MB, jq as WebAssembly): required only when --jq is given (src/output/jq.ts).
  external: ['@napi-rs/keyring', 'jq-wasm'],
});
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

// bin/svc.js reads the bundle as text on every run: ASCII-only text is a one-byte string, which
// reads in half the time of one with a single non-ASCII character (esbuild escapes them in
// strings, not inside regular-expression literals: write those as \u escapes).
const nonAscii = readFileSync(join(dist, 'main.cjs'), 'latin1').search(/[^\x00-\x7f]/);
if (nonAscii >= 0)
  throw new Error(`dist/main.cjs has a non-ASCII character at offset ${nonAscii}; escape it in its source`);

// Help texts for bin/svc.js's fast path (--help never loads the bundle).
const require = createRequire(import.meta.url);
const { helpTexts } = require(join(dist, 'main.cjs'));
writeAtomic(join(dist, 'help.json'), JSON.stringify(await helpTexts('en')));
// issue 27: the same in pt-BR, which bin/svc.js prints when the language is Portuguese.
writeAtomic(join(dist, 'help.pt-BR.json'), JSON.stringify(await helpTexts('pt-BR')));

// Warm the V8 code cache so the first real run already uses it.
execFileSync(process.execPath, [join(root, 'bin/svc.js'), '__warm-cache'], {
  stdio: 'inherit',
  env: { ...process.env, SVC_WRITE_CODE_CACHE: '1' },
});
console.log(`built svc ${pkg.version} into dist/`);
