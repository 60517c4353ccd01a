// Build-time swaps that keep what a run does not use out of its start (bench/startup;
// docs/PERFORMANCE.md). Each one is for one dependency only, and each is checked here against
// the installed dependency, so an upgrade that starts to need the real thing breaks the build
// instead of svc.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

// A module that a dependency imports at load but uses only on paths svc never takes, swapped for
// a shim that loads the real one on first use (or fails loudly, for conf-unused).
const SWAPS = [
  // commander: child_process only for executable subcommands; svc has none.
  { specifier: 'node:child_process', importer: '/node_modules/commander/', shim: 'child-process.cjs' },
  // undici: node:http2 (and with it tls) only for HTTP/2, which svc never turns on.
  { specifier: 'node:http2', importer: '/node_modules/undici/lib/dispatcher/client-h2.js', shim: 'http2.cjs' },
  // undici 8: its experimental Milo HTTP/1 parser, only behind useMilo / UNDICI_USE_MILO; llhttp parses.
  {
    specifier: './parser-h1.js',
    importer: '/node_modules/undici/lib/dispatcher/client-h1.js',
    shim: 'undici-parser-h1.cjs',
  },
  // undici: node:assert only for `assert(invariant)`; the real one loads when an invariant fails.
  { specifier: 'node:assert', importer: '/node_modules/undici/', shim: 'assert.cjs' },
  // conf: node:crypto only for encryptionKey; ajv, ajv-formats and semver only for schema and migrations.
  { specifier: 'node:crypto', importer: '/node_modules/conf/', shim: 'conf-crypto.cjs' },
  { specifier: 'ajv/dist/2020.js', importer: '/node_modules/conf/', shim: 'conf-unused.cjs' },
  { specifier: 'ajv-formats', importer: '/node_modules/conf/', shim: 'conf-unused.cjs' },
  { specifier: 'semver', importer: '/node_modules/conf/', shim: 'conf-unused.cjs' },
];

function checkSwaps(root) {
  // The HTTP/2 shim's constants must be this Node's own, and undici must still use only them.
  const h2 = require('./http2.cjs').constants;
  for (const [name, value] of Object.entries(h2)) {
    if (require('node:http2').constants[name] !== value)
      throw new Error(`scripts/shims/http2.cjs: ${name} is not ${require('node:http2').constants[name]}`);
  }
  const h2Used = new Set(
    readFileSync(require.resolve('undici/lib/dispatcher/client-h2.js'), 'utf8').match(/\bhttp2\.\w+/g),
  );
  if ([...h2Used].some((u) => u !== 'http2.connect') || !h2Used.has('http2.connect'))
    throw new Error(`undici's client-h2.js uses ${[...h2Used]} of node:http2: update scripts/shims/http2.cjs`);
  // undici must still reach Milo only through the two names the parser shim gives, behind
  // `client[kUseMilo] ?? getMiloEnabled()`, and svc must never pass useMilo.
  const h1 = readFileSync(require.resolve('undici/lib/dispatcher/client-h1.js'), 'utf8');
  const miloNames = h1.match(/\b(H1Parser|getMiloEnabled|parser-h1\.js)\b/g) ?? [];
  if (
    miloNames.join(' ') !== 'H1Parser getMiloEnabled parser-h1.js getMiloEnabled H1Parser' ||
    !h1.includes('(client[kUseMilo] ?? getMiloEnabled())\n    ? new H1Parser(client, socket)')
  )
    throw new Error(`undici's client-h1.js reaches Milo otherwise: update scripts/shims/undici-parser-h1.cjs`);
  for (const file of readdirSync(join(root, 'src'), { recursive: true })) {
    if (/\.tsx?$/.test(String(file)) && /\buseMilo\b/.test(readFileSync(join(root, 'src', String(file)), 'utf8')))
      throw new Error(`src/${file} passes undici's useMilo: drop the parser-h1 swap in scripts/shims/index.mjs`);
  }
  // undici must still call assert only as a function (the shim has no members).
  const undiciLib = join(dirname(require.resolve('undici/package.json')), 'lib');
  for (const file of readdirSync(undiciLib, { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    const member = readFileSync(join(undiciLib, String(file)), 'utf8').match(/\bassert\.\w+/);
    if (member) throw new Error(`undici's ${file} uses ${member[0]}: update scripts/shims/assert.cjs`);
  }
  // conf must still use ajv and semver only behind the options svc never passes.
  const conf = readFileSync(join(root, 'node_modules/conf/dist/source/index.js'), 'utf8');
  const semverUsed = new Set(conf.match(/\bsemver\.\w+/g));
  const stubbed = Object.keys(require('./conf-unused.cjs'));
  if ([...semverUsed].some((u) => !stubbed.includes(u.slice('semver.'.length))))
    throw new Error(`conf uses ${[...semverUsed]}: update scripts/shims/conf-unused.cjs`);
  const profiles = readFileSync(join(root, 'src/config/profiles.ts'), 'utf8');
  const used = ['schema', 'ajvOptions', 'rootSchema', 'migrations', 'encryptionKey'].filter((o) =>
    new RegExp(`\\b${o}\\s*:`).test(profiles),
  );
  if (used.length > 0)
    throw new Error(
      `src/config/profiles.ts passes conf's ${used.join(', ')}: drop its swap in scripts/shims/index.mjs`,
    );
  // zod: only the English locale is bundled (zodLocales below).
  for (const file of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const path = join(file.parentPath ?? file.path, file.name);
    if (/\blocales\b|\bz\.config\(/.test(readFileSync(path, 'utf8')))
      throw new Error(
        `${path} uses zod's locales or config: the bundle keeps only the English locale (scripts/shims/index.mjs)`,
      );
  }
}

const normal = (p) => p.replaceAll('\\', '/');

/** The esbuild plugins of the CLI bundle; throws when a swap no longer fits its dependency. */
export function startupShims(root) {
  checkSwaps(root);
  return [
    {
      name: 'lazy-modules',
      setup(b) {
        for (const { specifier, importer, shim } of SWAPS) {
          const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
          b.onResolve({ filter }, (args) =>
            normal(args.importer).includes(importer) ? { path: join(here, shim) } : undefined,
          );
        }
      },
    },
    {
      // zod re-exports its 40-odd locales as `z.locales` (and `z.core.locales`), so every run
      // would evaluate them all; svc uses only the English messages zod sets up by itself.
      name: 'zod-english-only',
      setup(b) {
        b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
          normal(args.importer).includes('/node_modules/zod/v4/')
            ? { path: 'zod-locales-en', namespace: 'svc-shim' }
            : undefined,
        );
        b.onLoad({ filter: /^zod-locales-en$/, namespace: 'svc-shim' }, () => ({
          contents: "export { default as en } from 'zod/v4/locales/en.js';",
          resolveDir: root,
        }));
      },
    },
  ];
}
