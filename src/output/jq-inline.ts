// --jq in the calling thread, for an input small enough that jq is done long before a worker
// thread would have started (a worker took 31-46 ms to run its first line on Node 22 here, more
// than the whole read; docs/PERFORMANCE.md). The thread is idle while the command's requests are
// in flight, so jq-wasm's WebAssembly compiles beside them (V8 compiles it off the thread).
// The bounds hold as in the worker (docs/DECISIONS.md "--jq bounded"): the run is stopped by V8
// after its budget (inlineBudgetMs; node:vm's timeout interrupts WebAssembly too), and output
// past the cap is dropped; either way the result is thrown away and the worker runs the filter
// under the full limits (jq.ts), so a long or large filter ends exactly as before, only later by
// its budget. Ctrl-C and SIGTERM arriving during the run are handled when it returns.
import { dirname } from 'node:path';
import { type CodeCache, type Kept, preparedRuntime, runtimeFunction } from './jq-runtime.js';

/** What the calling thread takes: larger inputs, longer runs or more output go to the worker. */
export const JQ_INLINE = { maxInputChars: 2 * 1024 * 1024, timeMs: 500, outputBytes: 32 * 1024 * 1024, startMs: 2_000 };

type RawSync = (input: string, expr: string, flags: string[]) => string;
type Module = { exports: { default?: Factory } & Factory };
type Factory = (opts: { wasmBinary?: Uint8Array }) => Promise<unknown>;

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

/**
 * What `started` gives, or undefined when it fails or has not settled within `ms`. jq's start takes
 * 10-30 ms; one that never settles (a kept runtime damaged so that it never calls back) left the
 * run waiting on nothing: the event loop emptied and svc exited 1 with nothing printed. The timer
 * keeps the loop alive meanwhile; the caller then prepares jq again or hands it to the worker.
 */
async function settledWithin<T>(started: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([started.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
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
  let raw = await settledWithin(start(kept), JQ_INLINE.startMs);
  // a kept runtime that does not start (a damaged cache folder): prepared again, and kept anew.
  // One only slow (a starved thread) is prepared twice: rare, as it starts while the request is out.
  if (!raw && kept?.kept) raw = await settledWithin(start(preparedRuntime(jqPath, cache, false)), JQ_INLINE.startMs);
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
