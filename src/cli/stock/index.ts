// svc stock: credential imports for automatic delivery.
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  add: async () => (await import('./add.js')).registerAdd,
  jobs: async () => (await import('./jobs.js')).registerJobs,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerStock(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const stock = program.command('stock').description('restock automatic delivery from credential files; list import jobs');
  examples(stock, [
    'svc stock add 101 --file creds.txt',
    'svc stock jobs',
  ]);
  await registerVerbs(stock, rt, VERBS, verb);
}
