// `--jq EXPR` (gh's --jq): a jq expression applied to the WHOLE json result of a
// command, after every page is joined (`--all` pages are one array first), never page by page.
// The command writes its json into a buffer instead of stdout; at the end the buffer goes
// through jq and jq's output goes to stdout. Strings print raw and values compact, as gh does,
// so `--jq '.[].id'` gives one id a line for a shell loop.
//
// jq itself is jq-wasm (jq 1.7 compiled to WebAssembly, MIT, no dependencies, installed from
// the registry with no download step), loaded from node_modules only when --jq is given: no
// other run pays for it (rule 6). See docs/DECISIONS.md "Language and scripting".
// A small input is filtered in the calling thread (jq-inline.ts); anything larger, longer or
// louder runs in a worker thread (jq-worker.ts), bounded in time, output and heap, and stopped by
// Ctrl-C and SIGTERM (docs/DECISIONS.md "--jq bounded", "--jq in the calling thread").
import { dirname, join } from 'node:path';
import { InterruptedError, SvcError, UsageError } from '../api/errors.js';
import { setV8Flag } from '../jobs/v8-flags.js';
import type { IO, Writable } from './io.js';
import { loadInlineJq } from './jq-inline.js';
import { JQ_WORKER } from './jq-worker.js';

/** V8's own default, the same on Node 22, 24 and 26 (`node --v8-options`). */
const V8_WASM_TIERING_BUDGET = 13_000_000;

/** The run's IO with stdout captured for jq; `text()` is everything the command printed. */
export function captureForJq(io: IO): { io: IO; text(): string } {
  const parts: string[] = [];
  const sink: Writable = {
    write(chunk: string) {
      parts.push(String(chunk));
      return true;
    },
  };
  // A view of the same IO (its lazy getters intact) whose stdout is the buffer: never a table,
  // never a live view on stdout.
  const captured = Object.create(io, {
    stdout: { value: sink },
    stdoutIsTTY: { value: false },
    colorStdout: { value: false },
    tableWidth: { value: undefined },
  }) as IO;
  return { io: captured, text: () => parts.join('') };
}

/**
 * Where --jq stops (docs/DECISIONS.md "--jq bounded"): a filter that runs longer than this, or
 * prints more than this, is stopped with an error (exit 2: the expression is the user's input).
 */
export const JQ_LIMITS = { timeMs: 60_000, outputBytes: 256 * 1024 * 1024, heapMb: 1024 };

/** jq-wasm's runtime (dist/build/jq.js): read as text by the worker, which patches its I/O. */
function jqRuntimePath(): string {
  // dist/, from bin/svc.js (this code may sit in a chunk); the sources' tests run from the repo.
  const dist = (globalThis as { __svcDist?: string }).__svcDist;
  const from = dist ? join(dist, 'main.cjs') : join(process.cwd(), 'svc.js');
  try {
    const { createRequire } = process.getBuiltinModule('node:module');
    return join(dirname(createRequire(from).resolve('jq-wasm')), 'build', 'jq.js');
  } catch (err) {
    throw new SvcError(
      `--jq needs the jq-wasm package, which could not be loaded (${(err as Error).message.split('\n')[0]})`,
      'reinstall svc (docs/guides/install.md), or use -o json and a jq of your own',
    );
  }
}

/** jq started before the command's json exists: its worker loads jq-wasm while the command reads. */
export interface JqRun {
  /** Run the expression over the whole json text; the time limit counts from here. */
  run(input: string): Promise<string>;
  /** Stop the worker (after a run, or when the command failed and nothing is to be filtered). */
  stop(): void;
}

/**
 * Start jq for `expr` at once: jq-wasm's runtime is read, patched and compiled in this thread
 * while the command makes its requests (jq-inline.ts), and a small input is filtered here. An
 * input too large for that, a run over JQ_INLINE's time or output, goes to a worker thread under
 * the full limits (the filter runs again there from the start: jq has printed nothing yet).
 */
export function startJq(expr: string, signal?: AbortSignal): JqRun {
  const jqPath = jqRuntimePath();
  const inline = loadInlineJq(jqPath, JQ_LIMITS).catch(() => undefined);
  let worker: JqRun | undefined;
  return {
    run: async (input) => {
      const here = await inline;
      const result = signal?.aborted ? undefined : here?.run(input, expr, JQ_FLAGS ?? []);
      if (result && 'out' in result) return result.out;
      if (result) throw jqError(result.error, expr);
      worker = startWorker(jqPath, expr, signal);
      return worker.run(input);
    },
    stop: () => worker?.stop(),
  };
}

let tiered = false;

/**
 * V8 as it is by default, for the worker's long run, once a process: jq's WebAssembly tiered up to
 * the optimising compiler again (bin/svc.js turns that off for the short run in this thread; a 20
 * MB input took 3.1 against 2.4 s on Node 24 without it, docs/DECISIONS.md).
 */
function longRunFlags(): void {
  if (tiered) return;
  tiered = true;
  setV8Flag(`--wasm-tiering-budget=${V8_WASM_TIERING_BUDGET}`, 'tiered');
}

/**
 * jq in a worker thread, for an input or a run too large for the calling thread: the worker
 * keeps the process alive only while it runs; a signal stops it (jq-wasm runs synchronously, so
 * only the parent can), as do the time and size limits.
 */
function startWorker(jqPath: string, expr: string, signal?: AbortSignal): JqRun {
  // node:worker_threads loaded here, not at import: a read without --jq does not pay for it (~2 ms)
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  if (!signal?.aborted) longRunFlags();
  const worker = new Worker(JQ_WORKER, {
    eval: true,
    workerData: { jqPath, expr, flags: JQ_FLAGS, maxOutput: JQ_LIMITS.outputBytes },
    resourceLimits: { maxOldGenerationSizeMb: JQ_LIMITS.heapMb },
    stdout: true,
    stderr: true,
  });
  worker.unref();
  let settle: { resolve(out: string): void; reject(err: Error): void } | undefined;
  let early: Error | undefined;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    void worker.terminate();
  };
  const fail = (err: Error) => {
    stop();
    if (settle) settle.reject(err);
    else early ??= err;
  };
  const onAbort = () => fail(new InterruptedError('interrupted'));
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  worker.on('message', (m: { kind: string; out?: string; message?: string }) => {
    if (m.kind === 'ok') {
      stop();
      settle?.resolve(m.out ?? '');
    } else if (m.kind === 'too-large')
      fail(
        new UsageError(`--jq ${JSON.stringify(expr)}: output over ${JQ_LIMITS.outputBytes / 1024 / 1024} MB`, JQ_HINT),
      );
    else fail(jqError(new Error(m.message ?? 'jq failed'), expr));
  });
  worker.on('error', (err) =>
    fail(
      /memory|heap/i.test(err.message)
        ? new UsageError(`--jq ${JSON.stringify(expr)}: out of memory (${JQ_LIMITS.heapMb} MB)`, JQ_HINT)
        : jqError(err, expr),
    ),
  );
  return {
    run: (input) =>
      new Promise<string>((resolve, reject) => {
        if (early) return reject(early);
        settle = { resolve, reject };
        worker.ref();
        timer = setTimeout(
          () =>
            fail(new UsageError(`--jq ${JSON.stringify(expr)}: stopped after ${JQ_LIMITS.timeMs / 1000} s`, JQ_HINT)),
          JQ_LIMITS.timeMs,
        );
        worker.postMessage({ input });
      }),
    stop,
  };
}

const JQ_HINT = 'narrow the filter, or use -o json and a jq of your own';

/** jq-wasm's raw(), which the worker calls: its flags, checked against the package's types. */
type JqRaw = typeof import('jq-wasm')['raw'];
const JQ_FLAGS: Parameters<JqRaw>[2] = ['-r', '-c'];

/** Run `expr` over the command's json output and print the result. */
export async function printThroughJq(io: IO, output: string, expr: string, signal?: AbortSignal): Promise<void> {
  const jq = startJq(expr, signal);
  try {
    await printJqRun(io, output, jq);
  } finally {
    jq.stop();
  }
}

/** Print what a started jq makes of the command's json output. */
export async function printJqRun(io: IO, output: string, jq: JqRun): Promise<void> {
  if (output.trim() === '') return; // nothing printed (an empty table message went to stderr)
  const result = await jq.run(output);
  io.stdout.write(result.endsWith('\n') || result === '' ? result : `${result}\n`);
}

/** jq's own message, said as svc's: a compile error is a usage error (exit 2), a run error exit 1. */
function jqError(err: unknown, expr: string): SvcError {
  const text = String((err as Error)?.message ?? err)
    .replace(/^Failed to execute raw query: /, '')
    .trim();
  const first =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.replace(/^jq: error(?: \(at [^)]*\))?: /, '') ?? text;
  // jq's own words stay quoted, as data: they are jq's, not svc's, and have no translation
  // (printError says svc's part in the run's language)
  const said = `--jq ${JSON.stringify(expr)}`;
  if (/compile error|syntax error/.test(text)) {
    return new UsageError(
      `${said}: not a valid jq expression (jq: ${JSON.stringify(first)})`,
      'see https://jqlang.org/manual/ for the syntax',
    );
  }
  return new SvcError(`${said}: jq stopped (jq: ${JSON.stringify(first)})`);
}

/** --jq works on json: with -o json, --json or no -o at all; any other -o is a usage error. */
export function checkJqFormat(output: string | undefined): void {
  if (output !== undefined && output !== 'json') {
    throw new UsageError(`--jq works on json output, not -o ${output}`, 'drop -o, or use -o json');
  }
}
