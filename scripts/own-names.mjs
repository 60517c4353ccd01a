// Names kept only where they are read (docs/PERFORMANCE.md, "reads through the read lane").
// The CLI bundle is minified; esbuild's keepNames restores each renamed function's and class's
// `name` with a `__name(fn, "name")` call at load. Over the whole bundle that is ~3,000 calls a
// read runs (zod alone ~1,450) for names nothing reads: zod, undici and the rest set the names
// they show themselves (`this.name = 'UndiciError'`, zod's $constructor). svc's own code reads
// them (src/api/errors.ts `this.name = new.target.name`, zod's messages naming a class it
// received), and so does commander
// (`this.name = this.constructor.name` in its errors). So the CLI bundle is built without
// keepNames, and only those files go through esbuild's transform with keepNames first; of svc's
// own, only the error classes' names are then kept (onlyErrorNames, below).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { transform } from 'esbuild';

/** Files of dependencies that read their own class names (checked by the build, below). */
const NAMED_DEPENDENCY_FILES = [/(^|[\\/])node_modules[\\/]commander[\\/]lib[\\/]error\.js$/];

/** The esbuild plugin: svc's sources and NAMED_DEPENDENCY_FILES keep their names. */
export function ownNames(root) {
  const src = join(root, 'src') + sep;
  const compilerOptions = readTsconfig(root);
  const keep = async (path, loader) => {
    const out = await transform(await readFile(path, 'utf8'), {
      loader,
      format: 'esm',
      target: 'node22',
      keepNames: true,
      sourcefile: path,
      tsconfigRaw: { compilerOptions },
      logLevel: 'error',
    });
    return { contents: loader === 'ts' ? onlyErrorNames(out.code) : out.code, loader: 'js' };
  };
  return {
    name: 'own-names',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) =>
        args.path.startsWith(src) && declaresClass(await readFile(args.path, 'utf8'))
          ? keep(args.path, 'ts')
          : undefined,
      );
      for (const filter of NAMED_DEPENDENCY_FILES) b.onLoad({ filter }, (args) => keep(args.path, 'js'));
    },
  };
}

/**
 * Whether a source declares a class: only classes' names are read (an error's `name` is its
 * class's, src/api/errors.ts), never a function's. keepNames on a file without a class only cost
 * each read its `__name` calls: each turns a function's properties into a dictionary (about 280
 * bytes), ~230 of them in the read lane's start, young garbage that pushed a read into a scavenge.
 */
function declaresClass(source) {
  return /\bclass\s+[A-Za-z_$]/.test(source);
}

/**
 * Of the names keepNames sets in svc's sources, only error classes' are read (an error's `name` is
 * its class's; each error class's name ends in "Error", test/package/class-names.test.ts). The
 * other calls go: each `__name` turns a function's properties into a dictionary, ~330 bytes of
 * young garbage and a map, 87 of them in a read's start, where a read is within ~60 KB of a
 * scavenge on Node 26 (docs/PERFORMANCE.md). Left: the names of functions made in an expression
 * or declared inside another function (rare, and only set when that code runs).
 */
function onlyErrorNames(code) {
  return code
    .replace(/^__name\([\w$]+, "[\w$]+"\);\n/gm, '')
    .replace(/\n[ \t]*static \{\n[ \t]*__name\(this, "([\w$]+)"\);\n[ \t]*\}/g, (block, name) =>
      /Error$/.test(name) ? block : '',
    );
}

function readTsconfig(root) {
  // the options the bundle reads from tsconfig.json (class fields, import elision) apply alike
  return JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions;
}

/**
 * Files of dependencies that read a class's or function's name and were checked not to need
 * keepNames: each reads a built-in's name or a name its library sets itself. A file not listed
 * here nor in NAMED_DEPENDENCY_FILES that starts to read names fails the build (checkNames).
 */
const READS_ONLY_SET_NAMES = [
  'zod/v4/core/util.js', // parsedType: the class of a non-plain value in a message (svc's own keep theirs)
  'zod/v4/core/schemas.js', // $ZodEncodeError(inst.constructor.name): $constructor names each class
  'zod/v4/classic/schemas.js', // the same
  'zod/v4/core/compile.js', // "AsyncFunction": a built-in
  'undici/lib/web/webidl/index.js', // typed arrays: built-ins
  'undici/lib/web/fetch/util.js', // Error, DOMException: built-ins
  'undici/lib/web/fetch/request.js', // browser globals (EnvironmentSettingsObject): never in Node
  'undici/lib/web/fetch/index.js', // browser globals (ServiceWorkerGlobalScope, Window)
];

/** After the build: no bundled dependency file reads a name unless it is listed above. */
export function checkNames(root, metafile) {
  for (const input of Object.keys(metafile.inputs)) {
    const i = input.lastIndexOf('node_modules/');
    if (i < 0 || NAMED_DEPENDENCY_FILES.some((r) => r.test(input))) continue;
    const rel = input.slice(i + 'node_modules/'.length);
    if (READS_ONLY_SET_NAMES.includes(rel)) continue;
    if (/\b(constructor|new\.target)\.name\b/.test(readFileSync(join(root, input), 'utf8')))
      throw new Error(`${input} reads a class name: list it in scripts/own-names.mjs (keep its names, or say why not)`);
  }
}
