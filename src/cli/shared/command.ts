// Wiring shared by every verb: the runtime, the action wrapper, option parsing with zod, and
// help examples. A verb file reads like a paragraph: parse, call, print (style.md principle 1).
import { Command } from 'commander';
import type { z } from 'zod';
import { EXIT, UsageError } from '../../api/errors.js';
import type { Transport } from '../../api/transport.js';
import type { IO } from '../../output/io.js';
import { createDeps, type Deps } from './context.js';

export interface Runtime {
  io: IO;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  transport?: Transport;
  exitCode: number;
}

export type VerbRun = (deps: Deps, cmd: Command) => Promise<number | void>;

/** A commander action that builds the dependencies from the parsed globals and records the exit code. */
export function act(rt: Runtime, run: VerbRun): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    const deps = createDeps({ io: rt.io, env: rt.env, globals: cmd.optsWithGlobals(), signal: rt.signal, transport: rt.transport });
    const code = await run(deps, cmd);
    rt.exitCode = code ?? 0;
    if (rt.exitCode === 0 && deps.incomplete) rt.exitCode = EXIT.failed; // issue 14: a list not read to its end
  };
}

/** Parse a verb's own options with its zod schema; a bad value is a usage error (exit 2). */
export function parseOpts<S extends z.ZodType>(schema: S, cmd: Command): z.infer<S> {
  const r = schema.safeParse(cmd.opts());
  if (!r.success) {
    const msg = r.error.issues.map((i) => `${i.path.length ? `--${kebab(String(i.path[0]))}: ` : ''}${i.message}`).join('; ');
    throw new UsageError(msg, `see \`svc ${commandPath(cmd)} --help\``);
  }
  return r.data;
}

/** A positive integer id argument (listing, question, review ids). */
export function parseId(text: string | undefined, what = 'ID'): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) <= 0 || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`${what} must be a positive whole number, got "${text ?? ''}"`);
  }
  return Number(text);
}

export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
