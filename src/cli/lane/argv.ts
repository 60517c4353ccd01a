// The read lane's argv: `NOUN VERB` then options, in the forms a seller and a script
// write (`--flag`, `--flag value`, `--flag=value`, `-o json`). It accepts a SUBSET of what
// commander and the verb's zod schemas accept, with the same result, and says "not mine"
// (undefined) for everything else, which then goes the full way (main.ts) and is parsed, refused
// or worded there as it always was: an unknown or repeated flag, `--`, a positional word, a value
// that starts with `-` or is empty, `--dry-run`, help and version, a value outside the
// lane's narrower test (`--limit 1e3`, `--timeout 0.5`). test/cli/lane-argv.test.ts checks the
// subset against commander and zod on generated argvs.
import { baseUrlProblem } from '../../api/base-url.js';
import { isIsoDate } from '../shared/date-range.js';
import type { GlobalOptions } from '../shared/globals.js';
import type { KindDecl } from '../shared/option-kinds.js';

export interface LaneArgs {
  globals: GlobalOptions;
  opts: Record<string, unknown>;
}

/** How a flag sets its value: where it goes (globals or the verb's options), its key, its test. */
interface FlagRule {
  global: boolean;
  key: string;
  /** A switch: true (or false for `--no-…`); else the value's test and parsed form. */
  value: boolean | ((raw: string) => unknown);
}

const text = (raw: string): unknown => raw;
/** commander's choices of --api. */
const apiVersion = (raw: string): unknown => (raw === 'v1' || raw === 'v2' ? raw : undefined);
/** zod: coerce.number().positive().max(3600); the lane takes whole seconds only. */
const seconds = (raw: string): unknown => (/^[1-9]\d{0,3}$/.test(raw) && Number(raw) <= 3600 ? Number(raw) : undefined);
/** globals.ts: the same scheme and host check as the zod schema's refinement. */
const baseUrl = (raw: string): unknown => (baseUrlProblem(raw) ? undefined : raw);

/** The global options of cli-spec 1 the lane takes (program.ts); the rest go the full way. */
const GLOBAL_RULES: Record<string, FlagRule> = {
  '--profile': { global: true, key: 'profile', value: text },
  '--base-url': { global: true, key: 'baseUrl', value: baseUrl },
  '--api': { global: true, key: 'api', value: apiVersion },
  '-o': { global: true, key: 'output', value: text },
  '--output': { global: true, key: 'output', value: text },
  '--json': { global: true, key: 'json', value: true },
  // jq's expression as written; commander takes any non-empty value that does not start with '-'.
  '--jq': { global: true, key: 'jq', value: text },
  '-q': { global: true, key: 'quiet', value: true },
  '--quiet': { global: true, key: 'quiet', value: true },
  '--verbose': { global: true, key: 'verbose', value: true },
  '--no-color': { global: true, key: 'color', value: false },
  '--wide': { global: true, key: 'wide', value: true },
  '-y': { global: true, key: 'yes', value: true },
  '--yes': { global: true, key: 'yes', value: true },
  '--timeout': { global: true, key: 'timeout', value: seconds },
  '--no-wait': { global: true, key: 'wait', value: false },
  '--insecure-http': { global: true, key: 'insecureHttp', value: true },
};

/** commander's defaults of the negatable globals (`--no-color` alone means color is true). */
const GLOBAL_DEFAULTS: GlobalOptions = { color: true, wait: true };

/** The test of a kind's value: a subset of the zod schema verb.ts gives that kind. */
function kindValue(d: KindDecl): FlagRule['value'] {
  switch (d.kind) {
    case 'flag':
      return true;
    case 'count':
      // zod: coerce.number().int().positive(); the lane takes plain digits, no sign, no exponent
      return (raw) => (/^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined);
    case 'date':
      return (raw) => (isIsoDate(raw) ? raw : undefined);
    case 'text':
      return d.choices ? (raw) => (d.choices!.includes(raw) ? raw : undefined) : text;
  }
}

/** The long (and short) flag of a declaration such as `-o, --output <format>` or `--limit <n>`. */
function flagNames(flags: string): string[] {
  return flags
    .split(/[ ,|]+/)
    .filter((w) => w.startsWith('-'))
    .map((w) => w.trim());
}

function rulesOf(options: Record<string, KindDecl>): Map<string, FlagRule> {
  const rules = new Map(Object.entries(GLOBAL_RULES));
  for (const [key, d] of Object.entries(options)) {
    for (const name of flagNames(d.flags)) {
      // A verb flag that shadows a global one: commander's resolution is not the lane's to copy.
      if (rules.has(name)) return new Map();
      rules.set(name, { global: false, key, value: kindValue(d) });
    }
  }
  return rules;
}

/** The global flags that take a value (bin/svc.js skips their values to find `NOUN VERB`). */
export function globalValueFlags(): string[] {
  return Object.entries(GLOBAL_RULES)
    .filter(([, rule]) => typeof rule.value !== 'boolean')
    .map(([name]) => name);
}

export interface LaneCommand {
  /** `NOUN VERB` */
  path: string;
  /** The global flags written before the verb (`svc --profile p products list`), as written. */
  before: string[];
  /** What follows the verb. */
  rest: string[];
}

/**
 * Finds `NOUN VERB` where commander finds them: after any global flags (the README's form,
 * `svc --profile sandbox products list --json`), and between the noun and the verb. Anything
 * but a global flag of the lane before the verb: not the lane's (undefined).
 */
export function splitCommand(argv: readonly string[]): LaneCommand | undefined {
  const before: string[] = [];
  const words: string[] = [];
  let i = 0;
  for (; i < argv.length && words.length < 2; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      words.push(arg);
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const rule = GLOBAL_RULES[eq > 0 ? arg.slice(0, eq) : arg];
    if (!rule) return undefined;
    before.push(arg);
    if (typeof rule.value !== 'boolean' && eq < 0) {
      if (i + 1 >= argv.length) return undefined;
      before.push(argv[++i]!);
    }
  }
  return words.length === 2 ? { path: words.join(' '), before, rest: argv.slice(i) } : undefined;
}

interface Parsed {
  globals: Record<string, unknown>;
  opts: Record<string, unknown>;
  seen: Set<string>;
}

/** Takes `tokens` by `rules` into `into`; false when one is not the lane's to take. */
function take(tokens: readonly string[], rules: ReadonlyMap<string, FlagRule>, into: Parsed): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const arg = tokens[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const rule = rules.get(name);
    if (!rule || into.seen.has(rule.key)) return false;
    into.seen.add(rule.key);
    const target = rule.global ? into.globals : into.opts;
    if (typeof rule.value === 'boolean') {
      if (eq > 0) return false; // `--json=1`: commander's error to give
      target[rule.key] = rule.value;
      continue;
    }
    const raw = eq > 0 ? arg.slice(eq + 1) : tokens[++i];
    if (raw === undefined || raw === '' || raw.startsWith('-')) return false;
    const value = rule.value(raw);
    if (value === undefined) return false;
    target[rule.key] = value;
  }
  return true;
}

const GLOBAL_ONLY: ReadonlyMap<string, FlagRule> = new Map(Object.entries(GLOBAL_RULES));

/**
 * The lane's parse of the global flags before the verb and what follows `NOUN VERB`, or
 * undefined when it is not the lane's to parse. Before the verb only global flags are taken (a
 * verb's own flag there is commander's error to give).
 */
export function parseLaneArgs(
  rest: readonly string[],
  options: Record<string, KindDecl>,
  before: readonly string[] = [],
): LaneArgs | undefined {
  const rules = rulesOf(options);
  if (rules.size === 0) return undefined;
  const parsed: Parsed = { globals: { ...GLOBAL_DEFAULTS }, opts: {}, seen: new Set() };
  if (!take(before, GLOBAL_ONLY, parsed) || !take(rest, rules, parsed)) return undefined;
  return { globals: parsed.globals as GlobalOptions, opts: parsed.opts };
}
