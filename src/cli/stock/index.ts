// svc stock: credential imports for automatic delivery.
import type { Command } from 'commander';
import { examples, type Runtime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  add: async () => (await import('./add.js')).registerAdd,
  jobs: async () => (await import('./jobs.js')).registerJobs,
  status: async () => (await import('./status.js')).registerStatus,
  refill: async () => (await import('./refill.js')).registerRefill,
  pool: async () => (await import('./pool.js')).registerPool,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerStock(program: Command, rt: Runtime, verb?: string): Promise<void> {
  const stock = program.command('stock').description('restock automatic delivery from credential files and pools; stock levels; import jobs');
  examples(stock, [
    'svc stock add 101 --file creds.txt',
    'svc stock jobs',
    'svc stock status --below 20 --fail-below',
    'svc stock refill 101 --pool batch.csv --target 50',
    'svc stock pool batch.csv',
  ]);
  await registerVerbs(stock, rt, VERBS, verb);
}
