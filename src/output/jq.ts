// `--jq EXPR` (gh's --jq): a jq expression applied to the WHOLE json result of a
// command, after every page is joined (`--all` pages are one array first), never page by page.
// The command writes its json into a buffer instead of stdout; at the end the buffer goes
// through jq and jq's output goes to stdout. Strings print raw and values compact, as gh does,
// so `--jq '.[].id'` gives one id a line for a shell loop.
//
// jq itself is jq-wasm (jq 1.7 compiled to WebAssembly, MIT, no dependencies, installed from
// the registry with no download step), loaded from node_modules only when --jq is given: no
// other run pays for it (rule 6). See docs/DECISIONS.md "Language and scripting".
// It runs in a worker thread (jq-worker.ts), bounded in time, output and heap, and stopped by
// Ctrl-C and SIGTERM (docs/DECISIONS.md "--jq bounded").
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { InterruptedError, SvcError, UsageError } from '../api/errors.js';
import type { IO, Writable } from './io.js';
import { JQ_WORKER } from './jq-worker.js';

/** The run's IO with stdout captured for jq; `text()` is everything the command printed. */
function captureForJq(io: IO): { io: IO; text(): string } {
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

/** A jq worker started for one expression: loading jq-wasm while the command reads. */
interface JqRun {
  expr: string;
  worker: Worker;
  /** The worker's first word: its answer, a size stop, or its crash. */
  answer: Promise<{ kind: string; out?: string; message?: string; err?: Error }>;
}

/**
 * Start the worker for `expr` before the command runs, so that loading jq-wasm (tens of ms)
 * overlaps the command's own start and requests. Unreferenced until its input is given: a
 * command that fails first does not wait for it; stopJq ends it either way.
 */
function startJq(expr: string): JqRun {
  // node:worker_threads loaded here, not at import: a read without --jq does not pay for it (~2 ms)
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const worker = new Worker(JQ_WORKER, {
    eval: true,
    workerData: { jqPath: jqRuntimePath(), expr, flags: JQ_FLAGS, maxOutput: JQ_LIMITS.outputBytes },
    resourceLimits: { maxOldGenerationSizeMb: JQ_LIMITS.heapMb },
    stdout: true,
    stderr: true,
  });
  worker.unref();
  const answer = new Promise<{ kind: string; out?: string; message?: string; err?: Error }>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', (err) => resolve({ kind: 'crash', err }));
  });
  return { expr, worker, answer };
}

/** End the worker (the command failed, or jq has answered). */
function stopJq(run: JqRun | undefined): void {
  if (run) void run.worker.terminate();
}

/**
 * Give the started worker `input` and wait for jq's output. The worker keeps the process free to
 * hear Ctrl-C and SIGTERM (jq-wasm runs synchronously) and is stopped (terminate) on a signal,
 * on the time limit, or when its output passes the size limit.
 */
function runJq(run: JqRun, input: string, signal?: AbortSignal): Promise<string> {
  const { expr, worker } = run;
  return new Promise<string>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      stopJq(run);
    };
    const stop = (err: Error) => {
      finish();
      reject(err);
    };
    const onAbort = () => stop(new InterruptedError('interrupted'));
    const timer = setTimeout(
      () => stop(new UsageError(`--jq ${JSON.stringify(expr)}: stopped after ${JQ_LIMITS.timeMs / 1000} s`, JQ_HINT)),
      JQ_LIMITS.timeMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.ref();
    worker.postMessage(input);
    void run.answer.then((m) => {
      if (m.kind === 'ok') {
        finish();
        resolve(m.out ?? '');
      } else if (m.kind === 'too-large')
        stop(
          new UsageError(
            `--jq ${JSON.stringify(expr)}: output over ${JQ_LIMITS.outputBytes / 1024 / 1024} MB`,
            JQ_HINT,
          ),
        );
      else if (m.kind === 'crash') stop(crashError(m.err!, expr));
      else stop(jqError(new Error(m.message ?? 'jq failed'), expr));
    });
  });
}

/** The worker died: out of its heap, or another failure said as jq's. */
function crashError(err: Error, expr: string): SvcError {
  return /memory|heap/i.test(err.message)
    ? new UsageError(`--jq ${JSON.stringify(expr)}: out of memory (${JQ_LIMITS.heapMb} MB)`, JQ_HINT)
    : jqError(err, expr);
}

const JQ_HINT = 'narrow the filter, or use -o json and a jq of your own';

/** jq-wasm's raw(), which the worker calls: its flags, checked against the package's types. */
type JqRaw = typeof import('jq-wasm')['raw'];
const JQ_FLAGS: Parameters<JqRaw>[2] = ['-r', '-c'];

/** Run jq (`expr`, or a worker started for it) over the command's json output and print the result. */
export async function printThroughJq(io: IO, output: string, jq: string | JqRun, signal?: AbortSignal): Promise<void> {
  const run = typeof jq === 'string' ? startJq(jq) : jq;
  if (output.trim() === '') return stopJq(run); // nothing printed (an empty table message went to stderr)
  const result = await runJq(run, output, signal);
  io.stdout.write(result.endsWith('\n') || result === '' ? result : `${result}\n`);
}

/**
 * A command run with --jq (the full path's verb.ts and the read lane alike): the format checked,
 * the worker started before the command, the command's json captured, jq over the whole of it
 * printed after. Without --jq the command runs on `io` as it is.
 */
export async function withJq<T>(
  io: IO,
  jq: { expr: string | undefined; output: string | undefined; signal?: AbortSignal },
  command: (io: IO) => Promise<T>,
): Promise<T> {
  if (jq.expr === undefined) return command(io);
  checkJqFormat(jq.output);
  const run = startJq(jq.expr);
  try {
    const capture = captureForJq(io);
    const result = await command(capture.io);
    await printThroughJq(io, capture.text(), run, jq.signal);
    return result;
  } finally {
    stopJq(run);
  }
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
  if (/compile error|syntax error/.test(text)) {
    return new UsageError(`--jq ${JSON.stringify(expr)}: ${first}`, 'see https://jqlang.org/manual/ for the syntax');
  }
  return new SvcError(`--jq ${JSON.stringify(expr)}: ${first}`);
}

/** --jq works on json: with -o json, --json or no -o at all; any other -o is a usage error. */
function checkJqFormat(output: string | undefined): void {
  if (output !== undefined && output !== 'json') {
    throw new UsageError(`--jq works on json output, not -o ${output}`, 'drop -o, or use -o json');
  }
}
