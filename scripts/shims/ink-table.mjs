// The build-time edits that let the terminal table (src/ui/table-render.ts) be one CommonJS
// bundle, dist/table.cjs, loaded through bin/svc.js's per-Node-line V8 code cache like the CLI's
// chunks: Ink's ES modules have top-level awaits, which CommonJS cannot hold (the first three
// edits); and one edit for speed, kept because it buys more than 10 ms on the 70-row table.
// Five other speed edits (ansi-tokenize's style diffs and graphemes, yoga's base64, Ink's C1
// test) were dropped on ink 8: each bought 1-8 ms of CPU (docs/upstream/README.md). Each edit
// is checked against the installed package, so an upgrade that changes the text breaks the
// build instead of svc (ink 8.0.0, yoga-layout 3.2.1).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const EDITS = [
  {
    // yoga-layout/dist/src/index.js: `const Yoga = wrapAssembly(await loadYoga());`. The layout
    // engine is WebAssembly, instantiated asynchronously; Ink reads `Yoga` only when it lays out,
    // so the module exports an object filled in once the instance is made, and the promise is
    // kept on globalThis for src/ui/table-render.ts to wait on. Emscripten's loader asks
    // `typeof fetch` (to stream the binary from a URL) before it decodes the base64 it carries;
    // in Node that one question loads Node's whole built-in fetch (undici, tls, crypto: 50-300 ms),
    // so the global is hidden for that synchronous call and put back as it was.
    file: 'node_modules/yoga-layout/dist/src/index.js',
    find: 'const Yoga = wrapAssembly(await loadYoga());',
    replace: `const Yoga = {};
globalThis.__svcYogaReady = (() => {
  const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    return loadYoga();
  } finally {
    if (fetchProperty) Object.defineProperty(globalThis, 'fetch', fetchProperty);
    else delete globalThis.fetch;
  }
})().then((lib) => { Object.assign(Yoga, wrapAssembly(lib)); });`,
  },
  {
    // ink/build/reconciler.js (ink 7 and 8): `if (process.env['DEV'] === 'true') { ... await
    // import('./devtools.js') }`, the React devtools when DEV=true; never in svc (the UI bundle
    // stubs react-devtools-core too).
    file: 'node_modules/ink/build/reconciler.js',
    find: /\nif \(process\.env\['DEV'\] === 'true'\) \{\n {4}\/\/ Intentionally no warning[\s\S]*?await import\('\.\/devtools\.js'\);\n {4}\}\n\}\n/,
    replace: '\n',
  },
  {
    // ink/build/reconciler.js (ink 7 and 8): the package's name and version for the devtools, read only
    // when DEV=true (`if (process.env['DEV'] === 'true') { ... await loadPackageJson() ... }`).
    file: 'node_modules/ink/build/reconciler.js',
    find: /\nif \(process\.env\['DEV'\] === 'true'\) \{\n {4}try \{\n {8}const loaded = await loadPackageJson\(\);[\s\S]*?\n\}\n/,
    replace: '\n',
  },
  {
    // ink/build/output.js (ink 7 and 8): `get()` lays every write into a grid of cell objects, one per
    // column and row (~6,000 for a table, each a fresh object), then turns each row back into text
    // and trims its end; that grid and the garbage it leaves were most of what the table's render
    // still cost. A table is ONE write at the origin (one <Text>, src/ui/table.tsx) with no clip:
    // there each row of the grid is exactly the write's line, its styled characters put back into
    // text (`styledCharsToString`, which the grid path calls too) with the end trimmed; rows past
    // the write's lines are empty and lines past the height are dropped, as in the grid. Any other
    // shape of output (several writes, an offset, a clip) takes Ink's grid as before. A line with
    // no escape or control character skips the tokenizer: its styled text is the line itself, and
    // the tokenizer's Intl.Segmenter cost ~0.4 ms a line (a table's titles cut with …). Checked byte
    // for byte against the plain table on the sources (no edit) and on dist/table.cjs
    // (test/ui/table.test.ts, test/e2e/terminal.test.ts). The one edit kept for speed: it buys
    // 38 ms of CPU on the 70-row table; proposed upstream in docs/upstream/ink-output-single-write.md.
    file: 'node_modules/ink/build/output.js',
    find: '    get() {\n        // Initialize output array with a specific set of rows, so that margin/padding at the bottom is preserved\n        const output = [];\n',
    replace: `    get() {
        const only = this.operations.length === 1 ? this.operations[0] : undefined;
        if (only && only.type === 'write' && only.x === 0 && only.y === 0) {
            const lines = only.text.split('\\n');
            const rows = [];
            for (let y = 0; y < this.height; y++) {
                let line = lines[y];
                if (line === undefined) {
                    rows.push('');
                    continue;
                }
                for (const transformer of only.transformers) line = transformer(line, y);
                const text = /^[^\\u0000-\\u001f\\u007f-\\u009f]*$/.test(line) ? line : styledCharsToString(this.caches.getStyledChars(line));
                rows.push(text.trimEnd());
            }
            return { output: rows.join('\\n'), height: this.height };
        }
        const output = [];
`,
  },
];

/** The esbuild plugin that applies EDITS, for the table bundle only. */
export function inkTableEdits(root) {
  return {
    name: 'ink-table-edits',
    setup(b) {
      for (const file of new Set(EDITS.map((e) => e.file))) {
        const path = join(root, file);
        b.onLoad({ filter: new RegExp(`${file.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')}$`) }, () => {
          let text = readFileSync(path, 'utf8');
          for (const edit of EDITS.filter((e) => e.file === file)) {
            const found = typeof edit.find === 'string' ? text.includes(edit.find) : edit.find.test(text);
            if (!found) throw new Error(`scripts/shims/ink-table.mjs: ${file} changed; check the edit against it`);
            text = text.replace(edit.find, edit.replace);
          }
          // A top-level await left over fails the build: esbuild cannot write one as CommonJS.
          return { contents: text, loader: 'js', resolveDir: join(path, '..') };
        });
      }
    },
  };
}
