// A command group's verbs, each behind its own loader, so that a run evaluates only the verb
// it runs: `svc products list` never loads the job engine, the input readers or the request
// schemas of writes (style.md principle 5: heavy things load late; bench/startup). Help, an
// unknown verb and completion load them all, so commander still lists and suggests every one.
import type { Command } from 'commander';
import { examples as addExamples, type CliRuntime } from './command.js';
import type { AnyVerb } from './verb.js';

/** Command name → the loader of the module that defines it; a module exports its `verbs` (one module may define several). */
export type Verbs = Readonly<Record<string, () => Promise<{ verbs: readonly AnyVerb[] }>>>;

/** Registers a group, or with `verb`, just that verb of it (program.ts). */
export type RegisterGroup = (program: Command, rt: CliRuntime, verb?: string) => Promise<void>;

/** Register `verb` alone when it is one of `verbs`, else every verb, in table order. */
export async function registerVerbs(parent: Command, rt: CliRuntime, verbs: Verbs, verb?: string): Promise<void> {
  const loaders = verb !== undefined && Object.hasOwn(verbs, verb) ? [verbs[verb]!] : Object.values(verbs);
  // A module that defines several commands is named once per command: register its verbs once.
  const modules = new Set(await Promise.all(loaders.map((load) => load())));
  for (const v of new Set([...modules].flatMap((m) => m.verbs))) v.register(parent, rt);
}

/** A registered group that also shows its table of verbs (`svc mcp` makes its tools from these tables). */
export type NounGroup = RegisterGroup & { readonly verbs: Verbs };

/** A noun (`svc keys …`): its command, help line and examples, and its table of verbs. */
export function defineNoun(name: string, description: string, examples: string[], verbs: Verbs): NounGroup {
  const register: RegisterGroup = async (program, rt, verb) => {
    const noun = addExamples(program.command(name).description(description), examples);
    await registerVerbs(noun, rt, verbs, verb);
  };
  return Object.assign(register, { verbs });
}
