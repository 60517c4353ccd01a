// Wiring shared by every verb: the runtime, id arguments and help examples. The verb contract
// itself (options declared once, `run(deps, opts, args)`) is ./verb.ts.
import type { Command } from 'commander';
import { UsageError } from '../../api/errors.js';
import type { Transport } from '../../api/transport.js';
import type { IO } from '../../output/io.js';

/** What every verb's action is built with (main.ts): not the sandbox's Runtime (src/sandbox/runtime.ts). */
export interface CliRuntime {
  io: IO;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  transport?: Transport;
  exitCode: number;
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
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}
