// The `case` tables bash and zsh share: which flags take a value, what each flag value and each
// positional argument completes to. The shells differ only in how a reply is written
// (`valueReply`), so the tables are built once here from the command tree (spec.ts).
import type { CompletionSpec, ValueHint } from './spec.js';

/** Single-quoted for the shell. */
export function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export interface CaseTables {
  /** Patterns `path|--flag` of flags that take a value (the next word is not a command). */
  takes: string[];
  /** `pattern) reply ;;` for flag values. */
  values: string[];
  /** `path|N) reply ;;` for positional arguments (`path|*` for a variadic one). */
  args: string[];
}

export function caseTables(spec: CompletionSpec, valueReply: (hint: ValueHint) => string): CaseTables {
  const takes: string[] = [];
  const values: string[] = [];
  const args: string[] = [];
  for (const cmd of spec.all) {
    const path = cmd.path.join(' ');
    for (const f of cmd.flags) {
      if (!f.value) continue;
      const pats = f.names.map((n) => sq(`${path}|${n}`)).join('|');
      if (!f.value.optional) takes.push(pats);
      values.push(`    ${pats}) ${valueReply(f.value)} ;;`);
    }
    cmd.args.forEach((a, i) => {
      if (a.hint.kind === 'any') return;
      args.push(`    ${a.variadic ? `${sq(`${path}|`)}*` : sq(`${path}|${i}`)}) ${valueReply(a.hint)} ;;`);
    });
  }
  for (const f of spec.globals) {
    if (!f.value) continue;
    const pats = f.names.map((n) => `*${sq(`|${n}`)}`).join('|');
    if (!f.value.optional) takes.push(pats);
    values.push(`    ${pats}) ${valueReply(f.value)} ;;`);
  }
  return { takes, values, args };
}
