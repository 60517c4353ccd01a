// One tool call runs its verb in this process, as `svc … -o json --yes` would: the verb's own
// option parsing (verb.parse, the CLI's words for a bad value), its own run, its json on a
// buffer instead of stdout (the server's stdout is the protocol), its messages on another.
import { PassThrough } from 'node:stream';
import type { Transport } from '../../api/transport.js';
import type { IO } from '../../output/io.js';
import { printError } from '../../output/reporter.js';
import { depsOf, type Deps } from '../shared/context.js';
import { verbExit } from '../shared/lifecycle.js';
import type { AnyDefinedVerb } from './tools.js';

export interface Invocation {
  /** The exit code the command would have ended with. */
  code: number;
  stdout: string;
  stderr: string;
}

export function bufferIO(): { io: IO; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const stdin = new PassThrough();
  stdin.end();
  const io: IO = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    color: false,
    interactive: false,
    quiet: false,
    columns: 100,
  };
  return { io, out: () => out, err: () => err };
}

export interface InvokeOptions {
  args: string[];
  options: Record<string, unknown>;
  dryRun: boolean;
  transport: Transport;
}

/** Run `verb` once; a failure is said on its stderr buffer as the CLI says it, with its exit code. */
export async function invoke(base: Deps, verb: AnyDefinedVerb, o: InvokeOptions): Promise<Invocation> {
  const buf = bufferIO();
  const deps = depsOf({
    io: buf.io,
    env: base.env,
    // The server's globals (--profile, --base-url, --api, --timeout) with json out and no prompt:
    // the confirmation of a write is the seller's apply_plan, never a question on a terminal.
    globals: { ...base.globals, output: 'json', json: undefined, jq: undefined, yes: true, dryRun: o.dryRun },
    signal: base.signal,
    transport: o.transport,
  });
  let code: number;
  try {
    code = verbExit(await verb.run(deps, verb.parse(o.options), o.args), deps.incomplete);
  } catch (err) {
    code = printError(buf.io, err);
  }
  return { code, stdout: buf.out(), stderr: buf.err() };
}
