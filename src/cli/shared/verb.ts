// The verb contract: a verb is `run(deps, opts, args)`, and each of its options is
// declared once: flags, help line and zod schema side by side. The commander options and the zod
// object are both built from that one list, so a verb never sees the commander object and a test
// can call `verb.run(deps, opts, args)` (or `main(argv, { transport })`) without a process.
// (gh: NewCmdX(f, runF) with an options struct; Pastel: zod as the option source.)
import { Option, type Command } from 'commander';
import { z } from 'zod';
import { UsageError } from '../../api/errors.js';
import { jitOptions } from '../../api/zod-jit.js';
import { commandPath, examples, type CliRuntime } from './command.js';
import { asFeature } from '../../api/feature.js';
import { depsOf, type Deps } from './context.js';
import { parseGlobals } from './globals.js';
import { verbExit } from './lifecycle.js';
import { optionIssues } from './option-words.js';
import { ISO_DATE_MESSAGE, isIsoDate } from './date-range.js';
import type { KindDecl, KindOutput } from './option-kinds.js';

// The common kinds, for verbs that import everything from here (the lane's verbs import option-kinds.ts).
export { choice, date, flag, pagingOptions } from './option-kinds.js';
import { runWithJq } from './jq-run.js';

/** One option: its commander flags and help line, and the zod schema of its value. */
export interface ZodDecl<S extends z.ZodType = z.ZodType> {
  flags: string;
  description: string;
  schema: S;
  /** commander's default (a string, shown in help as `(default: "…")`). */
  default?: string;
  /** commander's choices (shown in help; a value outside them is a commander usage error). */
  choices?: readonly string[];
  /** commander refuses the command when the option is missing (`requiredOption`). */
  mandatory?: boolean;
  /** Help line of a `--no-…` flag sharing this value (`--resume <job>` and `--no-resume`). */
  negate?: string;
}

/** An option: a zod schema of its own, or one of the common kinds (option-kinds.ts, zod-free). */
export type OptionDecl = ZodDecl | KindDecl;
export type OptionDecls = Record<string, OptionDecl>;
type ValueOf<D> = D extends ZodDecl<infer S> ? z.output<S> : KindOutput<D>;
type OptionalKeys<O> = { [K in keyof O]: undefined extends ValueOf<O[K]> ? K : never }[keyof O];
/** The parsed options of a verb: like zod's object output, a key that may be undefined is optional. */
export type OptsOf<O extends OptionDecls> = {
  [K in Exclude<keyof O, OptionalKeys<O>>]: ValueOf<O[K]>;
} & { [K in OptionalKeys<O>]?: ValueOf<O[K]> };

/** An option with a value (or a plain flag when `schema` is a boolean). */
export function option<S extends z.ZodType>(
  flags: string,
  description: string,
  schema: S,
  more: Omit<ZodDecl, 'flags' | 'description' | 'schema'> = {},
): ZodDecl<S> {
  return { flags, description, schema, ...more };
}

/**
 * The zod schema of an option: its own, or its kind's (the schemas the verbs wrote by hand before
 * the kinds existed, so the full path checks and words a value exactly as it did).
 */
function schemaOf(d: OptionDecl): z.ZodType {
  if ('schema' in d) return d.schema;
  switch (d.kind) {
    case 'text':
      return d.choices ? z.enum(d.choices as [string, ...string[]]).optional() : z.string().optional();
    case 'count':
      return z.coerce.number().int().positive().optional();
    case 'flag':
      return z.boolean().optional();
    case 'date':
      return z.string().refine(isIsoDate, { message: ISO_DATE_MESSAGE }).optional();
  }
}

/** `--report <file.csv>` of the bulk jobs. */
export function reportOption(help = 'write the input rows with status, code and message') {
  return option('--report <file.csv>', help, z.string().optional());
}

/** `--resume <job>` paired with `--no-resume` (a job id, or false) of every resumable job. */
export function resumeOption(
  help = 'finish an interrupted job (same file)',
  noHelp = 'start a new job even if an unfinished one exists for this file',
) {
  return option('--resume <job>', help, z.union([z.string(), z.boolean()]).optional(), { negate: noHelp });
}

type VerbRun<O extends OptionDecls> = (deps: Deps, opts: OptsOf<O>, args: string[]) => Promise<number | undefined>;

export interface VerbSpec<O extends OptionDecls> {
  name: string;
  description: string;
  /** commander arguments, `[syntax, help]`, e.g. `['<id>', 'listing id']`. */
  args?: readonly (readonly [string, string])[];
  options?: O;
  /** Text after the options in `--help`, before the examples. */
  helpAfter?: string;
  examples?: readonly string[];
  /** Verbs under this one (`products variants set`, `sandbox sell`). */
  subcommands?: readonly AnyVerb[];
  run: VerbRun<O>;
}

/** A verb whatever its options, as the tables that register verbs hold them. */
export interface AnyVerb {
  register(parent: Command, rt: CliRuntime): Command;
}

export interface Verb<O extends OptionDecls> extends VerbSpec<O> {
  /** The zod object of the options, built from the declarations. */
  readonly schema: z.ZodObject;
  /** Parse raw option values (commander's `opts()`); a bad one is a usage error (exit 2). */
  parse(raw: Record<string, unknown>, path?: string): OptsOf<O>;
  /** Add the command under `parent`, its action bound to `rt`; returns it (for subcommands). */
  register(parent: Command, rt: CliRuntime): Command;
}

export function defineVerb<O extends OptionDecls = Record<never, OptionDecl>>(spec: VerbSpec<O>): Verb<O> {
  const decls = Object.entries(spec.options ?? {}) as [string, OptionDecl][];
  const schema = z.object(Object.fromEntries(decls.map(([k, d]) => [k, schemaOf(d)])));
  const longOf = new Map(decls.map(([k, d]) => [k, new Option(d.flags).long ?? `--${k}`]));
  const verb: Verb<O> = {
    ...spec,
    schema,
    parse(raw, path) {
      const r = schema.safeParse(raw, jitOptions(schema));
      if (r.success) return r.data as OptsOf<O>;
      // in svc's words, naming the flag as typed, the value and the allowed range.
      throw new UsageError(optionIssues(r.error, raw, longOf), path ? `see \`svc ${path} --help\`` : undefined);
    },
    register(parent, rt) {
      const cmd = parent.command(spec.name).description(spec.description);
      for (const [syntax, help] of spec.args ?? []) cmd.argument(syntax, help);
      for (const [key, d] of decls) {
        for (const o of commanderOptions(d)) {
          if (o.attributeName() !== key) throw new Error(`svc ${spec.name}: option ${d.flags} is declared as "${key}"`);
          cmd.addOption(o);
        }
      }
      cmd.action(act(rt, verb));
      if (spec.helpAfter) cmd.addHelpText('after', spec.helpAfter);
      if (spec.examples) examples(cmd, [...spec.examples]);
      for (const sub of spec.subcommands ?? []) sub.register(cmd, rt);
      return cmd;
    },
  };
  return verb;
}

function commanderOptions(d: OptionDecl): Option[] {
  const o = new Option(d.flags, d.description);
  if (d.choices) o.choices([...d.choices]);
  if (!('schema' in d)) return [o];
  if (d.default !== undefined) o.default(d.default);
  if (d.mandatory) o.makeOptionMandatory();
  if (d.negate === undefined) return [o];
  const long = o.long!.replace(/^--/, '');
  return [o, new Option(`--no-${long}`, d.negate)];
}

/** The commander action: the dependencies from the parsed globals, the options parsed once, the exit code recorded. */
function act<O extends OptionDecls>(rt: CliRuntime, verb: Verb<O>): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    const { jq, output } = cmd.optsWithGlobals() as { jq?: string; output?: string };
    let incomplete: string | undefined;
    const code = await runWithJq(rt.io, { expr: jq, output, signal: rt.signal }, async (io) => {
      const deps = depsOf({
        io,
        env: rt.env,
        globals: parseGlobals(cmd.optsWithGlobals()),
        signal: rt.signal,
        transport: rt.transport,
      });
      const opts = verb.parse(cmd.opts(), commandPath(cmd));
      // The verb's requests are counted under its name (src/api/feature.ts), unless a part of it says otherwise.
      const made = await asFeature(commandPath(cmd), () => verb.run(deps, opts, cmd.args));
      incomplete = deps.incomplete;
      return made;
    });
    rt.exitCode = verbExit(code, incomplete); // a list not read to its end exits 1
  };
}
