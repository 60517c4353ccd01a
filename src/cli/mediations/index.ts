// svc mediations: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  get: async () => (await import('./get.js')).registerGet,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerMediations(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const mediations = program.command('mediations').description('read the mediations opened on your sales (v2)');
  examples(mediations, [
    'svc mediations list --status open',
    'svc mediations get 5005',
  ]);
  await registerVerbs(mediations, rt, VERBS, verb);
}
