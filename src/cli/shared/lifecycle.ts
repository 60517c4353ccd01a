// One run of svc around whatever parses it: the IO, Ctrl-C and a closed stdout, the
// language, every failure mapped to its exit code, the transport closed (or, when the process
// ends right after, left to the exit). main.ts (commander) and
// the read lane (src/cli/lane) both run through here, so a read says and exits the same way on
// either path. No zod, no commander.
import { EXIT, InterruptedError } from '../../api/errors.js';
import { closeTransport, TransportError, type Transport } from '../../api/transport.js';
import { initLanguage } from '../../i18n/load.js';
import { runningJobs } from '../../jobs/running.js';
import { processIO, type IO } from '../../output/io.js';
import { printError } from '../../output/reporter.js';
import { traceUi } from '../../ui/load.js';
import type { CliRuntime } from './command.js';

export interface MainOptions {
  io?: IO;
  env?: NodeJS.ProcessEnv;
  transport?: Transport;
  signal?: AbortSignal;
  /**
   * The process ends as soon as the run returns (bin/svc.js): the pools' kept-alive sockets are
   * left for the exit to close. Destroying each one would build process.stderr, which Node's net
   * compares every socket it destroys against.
   */
  processExits?: boolean;
}

/** Run `body` with the runtime of one invocation; its failure is printed and becomes the exit code. */
export async function runInvocation(
  argv: readonly string[],
  opts: MainOptions,
  body: (rt: CliRuntime) => Promise<number>,
): Promise<number> {
  const env = opts.env ?? process.env;
  const io =
    opts.io ??
    processIO(
      {
        noColor: argv.includes('--no-color'),
        wide: argv.includes('--wide'),
        quiet: argv.includes('-q') || argv.includes('--quiet'),
      },
      env,
    );
  const controller = new AbortController();
  const signal = opts.signal ?? controller.signal;
  const rt: CliRuntime = { io, env, signal, transport: opts.transport, exitCode: 0 };
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted); // second Ctrl-C: leave now
    controller.abort(new InterruptedError('interrupted'));
  };
  if (!opts.signal) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // bin/svc.js calls this when the reader of stdout went away (EPIPE): nothing more is written
    // there; a read is done (exit 0), a running job stops like on Ctrl-C (journal, resume command).
    (globalThis as { __svcStdoutClosed?: () => void }).__svcStdoutClosed = () => {
      process.stdout.write = (() => true) as typeof process.stdout.write;
      if (runningJobs.count === 0) process.exit(EXIT.ok);
      controller.abort(new InterruptedError('stdout was closed'));
    };
  }
  traceUi(env);
  await initLanguage(env); // before anything is said
  try {
    return await body(rt);
  } catch (err) {
    const json = { json: wantsJson(argv) };
    if (signal.aborted || (err instanceof TransportError && err.kind === 'aborted')) {
      return err instanceof InterruptedError || err instanceof TransportError
        ? printError(io, new InterruptedError('interrupted'), json)
        : printError(io, err, json);
    }
    return printError(io, err, json);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!opts.processExits) await closeTransport();
  }
}

/**
 * Errors as data: -o json, --output json, --json or --jq ask for json, and a failure
 * then also writes one JSON object on stderr. Read from argv: a failure may come before parsing.
 */
export function wantsJson(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--json' || a === '--jq' || a.startsWith('--jq=')) return true;
    if ((a === '-o' || a === '--output') && argv[i + 1] === 'json') return true;
    if (a === '-ojson' || a === '--output=json') return true;
  }
  return false;
}

/** The exit code of a verb's run: a list not read to its end makes a success exit 1. */
export function verbExit(code: number | undefined, incomplete: string | undefined): number {
  const c = code ?? 0;
  return c === 0 && incomplete ? EXIT.failed : c;
}
