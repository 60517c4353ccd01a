// A command group's verbs, each behind its own loader, so that a run evaluates only the verb
// it runs: `svc products list` never loads the job engine, the input readers or the request
// schemas of writes (style.md principle 5: heavy things load late; bench/startup). Help, an
// unknown verb and completion load them all, so commander still lists and suggests every one.
import type { Command } from 'commander';
import type { CliRuntime } from './command.js';

export type RegisterVerb = (parent: Command, rt: CliRuntime) => void;

/** Command name → the loader of the module that registers it (one module may register several). */
export type Verbs = Readonly<Record<string, () => Promise<RegisterVerb>>>;

/** Register `verb` alone when it is one of `verbs`, else every verb, in table order. */
export async function registerVerbs(parent: Command, rt: CliRuntime, verbs: Verbs, verb?: string): Promise<void> {
  const loaders = verb !== undefined && Object.hasOwn(verbs, verb) ? [verbs[verb]!] : Object.values(verbs);
  // A module that registers several commands is named once per command: register it once.
  for (const register of new Set(await Promise.all(loaders.map((load) => load())))) register(parent, rt);
}
