// jq-wasm's runtime for a run in the calling thread (jq-inline.ts): read from jq-wasm and patched
// (jq-worker.ts JQ_PREPARE), kept in svc's code-cache folder so later runs read it there instead of
// the 1.3 MB file, and compiled through bin/svc.js's code cache.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JQ_PREPARE, JQ_RUNTIME_PARAMS } from './jq-worker.js';

/** jq-wasm's runtime patched: its JavaScript and its WebAssembly. */
type Prepared = { src: string; wasmBinary: Uint8Array };
/** A prepared runtime, its name in the cache folder, and whether it was read from there. */
export type Kept = Prepared & { key?: string; kept: boolean };
type RuntimeFn = (...args: unknown[]) => void;
/** bin/svc.js's code cache (undefined when run from the sources). */
export type CodeCache = {
  dir(): string | null;
  compile(source: string, name: string, filename: string): { runInThisContext(): unknown };
};

/**
 * jq-wasm's runtime, patched: from svc's cache folder when this jq-wasm file's (by its place, size,
 * times and number) was kept there, else read and patched now and kept. Reading the 1.3 MB runtime, cutting
 * out and decoding its base64 WebAssembly and patching it took 6-8 ms of each --jq run; the kept
 * files are read in 1-2 ms. Undefined when the patches do not apply (another jq-wasm).
 */
export function preparedRuntime(jqPath: string, cache: CodeCache | undefined, useKept: boolean): Kept | undefined {
  const dir = cache?.dir() ?? null;
  const prefix = runtimePrefix(jqPath);
  let key: string | undefined;
  try {
    const st = statSync(jqPath);
    // by where the file is (two installs of one build share the cache folder), and by its size,
    // times and number on the disk (a reinstall or an upgrade makes another file)
    key = `${prefix}${st.size}-${Math.trunc(st.mtimeMs)}-${Math.trunc(st.ctimeMs)}-${st.ino}`;
    if (dir && useKept)
      return {
        key,
        kept: true,
        src: readFileSync(join(dir, `${key}.js`), 'latin1'),
        wasmBinary: readFileSync(join(dir, `${key}.wasm`)),
      };
  } catch {
    /* not kept yet: prepared below */
  }
  const prepare = new Function('require', 'workerData', JQ_PREPARE) as (...args: unknown[]) => Prepared & {
    patched: boolean;
  };
  const { src, wasmBinary, patched } = prepare((id: string) => process.getBuiltinModule(id), { jqPath });
  if (!patched || !wasmBinary) return undefined;
  if (dir && key) keep(dir, prefix, key, src, wasmBinary);
  return { key, kept: false, src, wasmBinary };
}

/** The start of the kept runtime's names for the jq-wasm at `jqPath` (a short hash of the path). */
function runtimePrefix(jqPath: string): string {
  let h = 2166136261;
  for (let i = 0; i < jqPath.length; i++) h = Math.imul(h ^ jqPath.charCodeAt(i), 16777619) >>> 0;
  return `jq-runtime.${h.toString(36)}.`;
}

/**
 * The prepared runtime in the cache folder (0600, written whole: a concurrent run reads all or
 * nothing), in place of any kept from an earlier file at the same place (a reinstall) and of any
 * write left half-done.
 */
function keep(dir: string, prefix: string, key: string, src: string, wasm: Uint8Array): void {
  let tmp: string | undefined;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir))
      if (name.startsWith(prefix) && (!name.startsWith(`${key}.`) || name.endsWith('.tmp')))
        rmSync(join(dir, name), { force: true });
    for (const [file, data] of [
      [`${key}.wasm`, wasm],
      [`${key}.js`, Buffer.from(src, 'latin1')],
    ] as const) {
      tmp = join(dir, `${file}.${process.pid}.tmp`);
      writeFileSync(tmp, data, { mode: 0o600 });
      renameSync(tmp, join(dir, file));
      tmp = undefined;
    }
  } catch {
    // a read-only or full cache folder: prepared again next time, and nothing half-written left
    if (tmp) rmSync(tmp, { force: true });
  }
}

/** The runtime as a function, compiled through svc's code cache where there is one. */
export function runtimeFunction(runtime: Kept, jqPath: string, cache: CodeCache | undefined): RuntimeFn {
  if (!cache || !runtime.key) return new Function(...JQ_RUNTIME_PARAMS, runtime.src) as RuntimeFn;
  const wrapped = `(function (${JQ_RUNTIME_PARAMS.join(', ')}) {${runtime.src}\n})`;
  return cache.compile(wrapped, runtime.key, jqPath).runInThisContext() as RuntimeFn;
}
