// What the completion scripts complete (cli-spec 2 `svc completion`), read off the commander
// tree: commands, subcommands, flags, the values a flag or argument takes. Profile names are
// never read here: every script asks `svc __complete profiles` when the user presses Tab.
import type { Argument, Command, Option } from 'commander';
import { HELP_TOPICS } from '../help/topics.js';

/** What to offer for a flag's value or a positional argument. */
export type ValueHint =
  | { kind: 'choices'; choices: string[] }
  | { kind: 'profile' }
  | { kind: 'file' }
  /** Some free value (a number, a URL): offer nothing rather than flags. */
  | { kind: 'any' };

export interface FlagSpec {
  /** `--status`, `-o`: every spelling of the flag. */
  names: string[];
  description: string;
  /** Takes a value (`<x>`, or `[x]` when `optional`). */
  value?: ValueHint & { optional: boolean };
}

interface ArgSpec {
  name: string;
  variadic: boolean;
  hint: ValueHint;
}

interface CommandSpec {
  /** Names from the program down: [] for the program, ['products', 'list']. */
  path: string[];
  description: string;
  /** The command's own flags; the program's (global) flags are in `globals` of the root. */
  flags: FlagSpec[];
  args: ArgSpec[];
  subcommands: CommandSpec[];
}

export interface CompletionSpec {
  root: CommandSpec;
  /** Flags valid on every command (cli-spec 1 globals, and -h/--help). */
  globals: FlagSpec[];
  /** Every command with its path, the program first. */
  all: CommandSpec[];
}

// `-o, --output <format>` says its values as `table|json|…` at the start of its description.
const LISTED_VALUES = /^([a-z0-9][a-z0-9_-]*(?:\|[a-z0-9][a-z0-9_-]*)+)(?=$|[\s,;)])/;
const FILE_PLACEHOLDER = /[<[](?:[^>\]]*file[^>\]]*|[^>\]]*\.[a-z]{2,5}(?:\|[a-z]{2,5})*)[>\]]/i;
const PROFILE_VALUE = new Set(['--profile', '--save']);

function isHidden(cmd: Command): boolean {
  return (cmd as unknown as { _hidden?: boolean })._hidden === true;
}

function listed(text: string | undefined): string[] | undefined {
  const m = text?.match(LISTED_VALUES);
  return m ? m[1]!.split('|') : undefined;
}

function flagSpec(opt: Option): FlagSpec {
  const names = [opt.short, opt.long].filter((n): n is string => Boolean(n));
  const spec: FlagSpec = { names, description: opt.description };
  if (!opt.required && !opt.optional) return spec;
  const choices = opt.argChoices ?? listed(opt.description);
  const hint: ValueHint = choices
    ? { kind: 'choices', choices }
    : opt.long && PROFILE_VALUE.has(opt.long)
      ? { kind: 'profile' }
      : FILE_PLACEHOLDER.test(opt.flags)
        ? { kind: 'file' }
        : { kind: 'any' };
  return { ...spec, value: { ...hint, optional: Boolean(opt.optional) } };
}

function argSpec(arg: Argument, topLevel: string[], path: string[]): ArgSpec {
  const choices = arg.argChoices ?? listed(arg.name()) ?? listed(arg.description);
  let hint: ValueHint = choices
    ? { kind: 'choices', choices }
    : /profile/.test(arg.description)
      ? { kind: 'profile' }
      : /file/.test(arg.name())
        ? { kind: 'file' }
        : { kind: 'any' };
  // `svc help <TAB>`: the topics, then the commands
  if (path.length === 1 && path[0] === 'help')
    hint = { kind: 'choices', choices: [...Object.keys(HELP_TOPICS), ...topLevel] };
  return { name: arg.name(), variadic: arg.variadic, hint };
}

const HELP_FLAG: FlagSpec = { names: ['-h', '--help'], description: 'show help' };

export function completionSpec(program: Command): CompletionSpec {
  const all: CommandSpec[] = [];
  const topLevel = program.commands.filter((c) => !isHidden(c)).map((c) => c.name());
  const walk = (cmd: Command, path: string[]): CommandSpec => {
    const spec: CommandSpec = {
      path,
      description: cmd.description(),
      flags: path.length === 0 ? [] : cmd.options.filter((o) => !o.hidden).map(flagSpec),
      args: cmd.registeredArguments.map((a) => argSpec(a, topLevel, path)),
      subcommands: [],
    };
    all.push(spec);
    spec.subcommands = cmd.commands.filter((c) => !isHidden(c)).map((c) => walk(c, [...path, c.name()]));
    return spec;
  };
  const root = walk(program, []);
  const globals = [...program.options.filter((o) => !o.hidden).map(flagSpec), HELP_FLAG];
  return { root, globals, all };
}

/** The global flags offered on a command (the version flag on the program only). */
export function globalFlags(spec: CompletionSpec, onProgram: boolean): FlagSpec[] {
  return onProgram ? spec.globals : spec.globals.filter((f) => !f.names.includes('--version'));
}
