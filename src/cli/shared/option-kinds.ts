// The common kinds of option value: plain text, one of a list, a whole number of 1 or
// more, an ISO date, a switch. A verb declared with these kinds only loads no zod: its options module can be
// imported by the read lane (src/cli/lane), which parses them without commander. defineVerb
// (verb.ts) turns each kind into the same zod schema a verb wrote by hand before, so the full
// path checks and words them as it always did; the lane accepts a subset of what that schema
// accepts and leaves everything else to it (src/cli/lane/argv.ts).

/** What a kind's value is once parsed. */
interface KindValue {
  text: string;
  count: number;
  flag: boolean;
  /** An ISO 8601 date or date-time (date-range.ts), kept as typed. */
  date: string;
}

export interface KindDecl<K extends keyof KindValue = keyof KindValue, C extends string = string> {
  flags: string;
  description: string;
  kind: K;
  /** The allowed values of a `choice` (commander shows and checks them). */
  choices?: readonly C[];
}

/** The parsed value of a kind option (absent when not given). */
export type KindOutput<D> =
  D extends KindDecl<'text', infer C>
    ? string extends C
      ? string | undefined
      : C | undefined
    : D extends KindDecl<infer K>
      ? KindValue[K] | undefined
      : never;

/** Free text, such as `--game <id>`. */
export function text(flags: string, description: string): KindDecl<'text'> {
  return { flags, description, kind: 'text' };
}

/** One of a fixed list, optional: commander shows and checks the choices. */
export function choice<const T extends readonly [string, ...string[]]>(
  flags: string,
  description: string,
  values: T,
): KindDecl<'text', T[number]> {
  return { flags, description, kind: 'text', choices: values };
}

/** A whole number of 1 or more, such as `--limit <n>`. */
function count(flags: string, description: string): KindDecl<'count'> {
  return { flags, description, kind: 'count' };
}

/** An ISO 8601 date such as `--from <date>` (A2), checked by date-range.ts isIsoDate. */
export function date(flags: string, description: string): KindDecl<'date'> {
  return { flags, description, kind: 'date' };
}

/** A boolean switch such as `--all`. */
export function flag(flags: string, description: string): KindDecl<'flag'> {
  return { flags, description, kind: 'flag' };
}

/** `--limit`, `--page`, `--all` of every list (A2), `what` in the help line of `--limit`. */
export function pagingOptions(what: string) {
  return {
    limit: count('--limit <n>', `at most N ${what} (default 20)`),
    page: count('--page <n>', 'page to start from'),
    all: flag('--all', 'follow every page'),
  };
}
