// `--jq EXPR` (issue 27, gh's --jq): a jq expression applied to the WHOLE json result of a
// command, after every page is joined (`--all` pages are one array first), never page by page.
// The command writes its json into a buffer instead of stdout; at the end the buffer goes
// through jq and jq's output goes to stdout. Strings print raw and values compact, as gh does,
// so `--jq '.[].id'` gives one id a line for a shell loop.
//
// jq itself is jq-wasm (jq 1.7 compiled to WebAssembly, MIT, no dependencies, installed from
// the registry with no download step), loaded from node_modules only when --jq is given: no
// other run pays for it (rule 6). See docs/DECISIONS.md "Language and scripting (issue 27)".
import { SvcError, UsageError } from '../api/errors.js';
import type { IO, Writable } from './io.js';

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

interface JqModule {
  raw(data: string | object, filter: string, flags?: string[]): Promise<string>;
}

/** jq-wasm, required from node_modules at run time (an external of the bundle, scripts/build.mjs). */
async function loadJq(): Promise<JqModule> {
  try {
    const mod = (await import('jq-wasm')) as unknown as JqModule & { default?: JqModule };
    return typeof mod.raw === 'function' ? mod : mod.default!;
  } catch (err) {
    throw new SvcError(
      `--jq needs the jq-wasm package, which could not be loaded (${(err as Error).message.split('\n')[0]})`,
      'reinstall svc (docs/guides/install.md), or use -o json and a jq of your own',
    );
  }
}

/** Run `expr` over the command's json output and print the result. Returns the exit code. */
export async function printThroughJq(io: IO, output: string, expr: string): Promise<void> {
  if (output.trim() === '') return; // nothing printed (an empty table message went to stderr)
  const jq = await loadJq();
  let result: string;
  try {
    result = await jq.raw(output, expr, ['-r', '-c']);
  } catch (err) {
    throw jqError(err, expr);
  }
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
  if (/compile error|syntax error/.test(text)) {
    return new UsageError(`--jq ${JSON.stringify(expr)}: ${first}`, 'see https://jqlang.org/manual/ for the syntax');
  }
  return new SvcError(`--jq ${JSON.stringify(expr)}: ${first}`);
}

/** --jq works on json: with -o json, --json or no -o at all; any other -o is a usage error. */
export function checkJqFormat(output: string | undefined): void {
  if (output !== undefined && output !== 'json') {
    throw new UsageError(`--jq works on json output, not -o ${output}`, 'drop -o, or use -o json');
  }
}
