// An in-memory IO and runtime for running the CLI in-process (no TTY, no colour).
import { PassThrough } from 'node:stream';
import { buildProgram } from '../../src/cli/program.js';
import type { CliRuntime } from '../../src/cli/shared/command.js';
import { main } from '../../src/main.js';
import type { IO } from '../../src/output/io.js';

export function bufferIO(stdinText?: string): { io: IO; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const stdin = new PassThrough();
  stdin.end(stdinText);
  const io: IO = {
    stdout: {
      write: (s: string) => {
        out += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        err += s;
        return true;
      },
    },
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

/** Run `svc ARGS` in-process; returns the exit code and the captured streams. */
export async function runMain(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const b = bufferIO();
  const code = await main(args, { io: b.io, env, signal: new AbortController().signal });
  return { code, stdout: b.out(), stderr: b.err() };
}

/** The whole command tree, every group loaded. */
export async function fullProgram(env: NodeJS.ProcessEnv = {}) {
  const rt: CliRuntime = { io: bufferIO().io, env, signal: new AbortController().signal, exitCode: 0 };
  return { program: await buildProgram(rt), rt };
}
