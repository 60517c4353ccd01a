// --jq in the calling thread, for an input small enough that jq is done long before a worker
// thread would have started (a worker took 31-46 ms to run its first line on Node 22 here, more
// than the whole read; docs/PERFORMANCE.md). The thread is idle while the command's requests are
// in flight, so jq-wasm's WebAssembly compiles beside them (V8 compiles it off the thread).
// The bounds hold as in the worker (docs/DECISIONS.md "--jq bounded"): the run is stopped by V8
// after its budget (inlineBudgetMs; node:vm's timeout interrupts WebAssembly too), and output
// past the cap is dropped; either way the result is thrown away and the worker runs the filter
// under the full limits (jq.ts), so a long or large filter ends exactly as before, only later by
// its budget. Ctrl-C and SIGTERM arriving during the run are handled when it returns.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { JQ_PREPARE, JQ_RUNTIME_PARAMS } from './jq-worker.js';

/** What the calling thread takes: larger inputs, longer runs or more output go to the worker. */
export const JQ_INLINE = { maxInputChars: 2 * 1024 * 1024, timeMs: 500, outputBytes: 32 * 1024 * 1024 };

type RawSync = (input: string, expr: string, flags: string[]) => string;
/** jq-wasm's runtime patched (jq-worker.ts): its JavaScript and its WebAssembly. */
type Prepared = { src: string; wasmBinary: Uint8Array };
/** A prepared runtime, its name in the cache folder, and whether it was read from there. */
type Kept = Prepared & { key?: string; kept: boolean };
type Module = { exports: { default?: Factory } & Factory };
type Factory = (opts: { wasmBinary?: Uint8Array }) => Promise<unknown>;
type RuntimeFn = (...args: unknown[]) => void;
/** bin/svc.js's code cache (undefined when run from the sources). */
type CodeCache = {
  dir(): string | null;
  compile(source: string, name: string, filename: string): { runInThisContext(): unknown };
};

/** jq's output, jq's error, or undefined: not run here (too large, too long): the worker runs it. */
type InlineResult = { out: string } | { error: Error } | undefined;

export interface InlineJq {
  run(input: string, expr: string, flags: string[]): InlineResult;
}

const HOOK = Symbol.for('svc.jq.inline');

/**
 * The wall time a run may take here: JQ_INLINE.timeMs, and 1 ms more a KB of input. jq-wasm took
 * 350-480 ms over 1 MB (2,000 listings) at load 12 on 2 cores, in this thread as in the worker:
 * a flat 500 ms sent such a run to the worker half-way, to start again there.
 */
function inlineBudgetMs(inputChars: number): number {
  return JQ_INLINE.timeMs + Math.ceil(inputChars / 1024);
}

/** jq-wasm read and compiled in this thread; undefined when its runtime could not be patched. */
export async function loadInlineJq(
  jqPath: string,
  limits: { timeMs: number; outputBytes: number },
): Promise<InlineJq | undefined> {
  let over = false;
  const port = { postMessage: () => (over = true) };
  const cache = (globalThis as { __svcCodeCache?: CodeCache }).__svcCodeCache;
  const maxOutput = Math.min(limits.outputBytes, JQ_INLINE.outputBytes);
  const start = async (runtime: Kept | undefined): Promise<RawSync | undefined> => {
    if (!runtime) return undefined; // another jq-wasm, not patched: the worker runs it as it is
    const mod: Module = { exports: {} as Module['exports'] };
    const holder: { fn?: RawSync } = {};
    const builtin = (id: string) => process.getBuiltinModule(id);
    runtimeFunction(runtime, jqPath, cache)(
      builtin,
      mod,
      mod.exports,
      jqPath,
      dirname(jqPath),
      maxOutput,
      port,
      holder,
    );
    await (mod.exports.default ?? mod.exports)({ wasmBinary: runtime.wasmBinary });
    return holder.fn;
  };
  const kept = preparedRuntime(jqPath, cache, true);
  let raw = await start(kept).catch(() => undefined);
  // a kept runtime that does not start (a damaged cache folder): prepared again, and kept anew
  if (!raw && kept?.kept) raw = await start(preparedRuntime(jqPath, cache, false));
  if (!raw) return undefined;
  let used = false;
  return {
    run(input, expr, flags) {
      // one run a load: a run stopped half-way leaves the runtime in no known state
      if (used || input.length > JQ_INLINE.maxInputChars) return undefined;
      used = true;
      let result: InlineResult;
      (globalThis as Record<symbol, unknown>)[HOOK] = () => {
        try {
          result = { out: raw(input, expr, flags) };
        } catch (err) {
          result = { error: err as Error };
        }
      };
      try {
        const { runInThisContext } = process.getBuiltinModule('node:vm');
        runInThisContext('globalThis[Symbol.for("svc.jq.inline")]()', {
          timeout: Math.min(limits.timeMs, inlineBudgetMs(input.length)),
        });
      } catch {
        result = undefined; // stopped at the time limit
      } finally {
        delete (globalThis as Record<symbol, unknown>)[HOOK];
      }
      return over ? undefined : result;
    },
  };
}

/**
 * jq-wasm's runtime, patched: from svc's cache folder when this jq-wasm file's (by its place, size,
 * times and number) was kept there, else read and patched now and kept. Reading the 1.3 MB runtime, cutting
 * out and decoding its base64 WebAssembly and patching it took 6-8 ms of each --jq run; the kept
 * files are read in 1-2 ms. Undefined when the patches do not apply (another jq-wasm).
 */
function preparedRuntime(jqPath: string, cache: CodeCache | undefined, useKept: boolean): Kept | undefined {
  const dir = cache?.dir() ?? null;
  let key: string | undefined;
  try {
    const st = statSync(jqPath);
    // by where the file is (two installs of one build share the cache folder), and by its size,
    // times and number on the disk (a reinstall or an upgrade makes another file)
    key = `${runtimePrefix(jqPath)}${st.size}-${Math.trunc(st.mtimeMs)}-${Math.trunc(st.ctimeMs)}-${st.ino}`;
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
  if (dir && key) keep(dir, runtimePrefix(jqPath), key, src, wasmBinary);
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
function runtimeFunction(
  runtime: Prepared & { key?: string },
  jqPath: string,
  cache: CodeCache | undefined,
): RuntimeFn {
  if (!cache || !runtime.key) return new Function(...JQ_RUNTIME_PARAMS, runtime.src) as RuntimeFn;
  const wrapped = `(function (${JQ_RUNTIME_PARAMS.join(', ')}) {${runtime.src}\n})`;
  return cache.compile(wrapped, runtime.key, jqPath).runInThisContext() as RuntimeFn;
}
