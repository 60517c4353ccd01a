// TypeScript for `npm run test:unit` (scripts/test-unit.mjs, `--import ./scripts/ts-hooks.mjs`):
// in-thread module hooks (module.registerHooks) that turn src/ and test/ .ts files into
// JavaScript with esbuild's transform (no bundle, one file at a time), cached by content hash in
// node_modules/.cache/svc-test-unit/js, so a run transforms only the files edited since the last
// one and a file keeps its own path (import.meta.url, fixtures next to it, stack traces).
// A `./x.js` import of a file that exists only as x.ts or x.tsx resolves to it (NodeNext style).
// The transform options are the build's (scripts/build.mjs): tsconfig's jsx, ES2022 classes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync, version } from 'esbuild';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const cacheDir = join(root, 'node_modules', '.cache', 'svc-test-unit', 'js');
mkdirSync(cacheDir, { recursive: true });
const OPTIONS = {
  format: 'esm',
  target: 'node22',
  sourcemap: 'inline',
  tsconfigRaw: { compilerOptions: { jsx: 'react-jsx', target: 'ES2022', verbatimModuleSyntax: false } },
};
// A new esbuild or new options make new keys: an old entry is never read again.
const SALT = `${version}:${JSON.stringify(OPTIONS)}:`;
const TS = /\.tsx?$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.endsWith('.js') && specifier.startsWith('.') && context.parentURL?.startsWith('file:')) {
      const url = new URL(specifier, context.parentURL);
      if (!existsSync(url))
        for (const ext of ['.ts', '.tsx']) {
          const ts = new URL(url.href.replace(/\.js$/, ext));
          if (existsSync(ts)) return { url: ts.href, format: 'module', shortCircuit: true };
        }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !TS.test(url) || url.includes('/node_modules/')) return nextLoad(url, context);
    const path = fileURLToPath(url);
    return { format: 'module', source: javascript(path), shortCircuit: true };
  },
});
// Stack traces name the .ts lines (the inline source maps).
process.setSourceMapsEnabled(true);

function javascript(path) {
  const source = readFileSync(path, 'utf8');
  const key = createHash('sha256').update(SALT).update(path).update('\0').update(source).digest('hex');
  const cached = join(cacheDir, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const { code } = transformSync(source, { ...OPTIONS, loader: path.endsWith('x') ? 'tsx' : 'ts', sourcefile: path });
    // Written whole then renamed: processes running side by side may write the same entry.
    const tmp = `${cached}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, cached);
    return code;
  }
}
