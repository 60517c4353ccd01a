// svc products: the noun file only wires its verbs.
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  get: async () => (await import('./get.js')).registerGet,
  'bulk-price': async () => (await import('./bulk-price.js')).registerBulkPrice,
  'bulk-status': async () => (await import('./bulk-status.js')).registerBulkStatus, // also activate, deactivate
  activate: async () => (await import('./bulk-status.js')).registerBulkStatus,
  deactivate: async () => (await import('./bulk-status.js')).registerBulkStatus,
  create: async () => (await import('./create.js')).registerCreate,
  update: async () => (await import('./update.js')).registerUpdate,
  variants: async () => (await import('./variants.js')).registerVariants,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerProducts(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const products = program.command('products').description('list, read, create and edit listings; bulk price and status jobs');
  examples(products, [
    'svc products list --status active',
    'svc products bulk-price prices.csv --report report.csv',
    'svc products update 101 --price 19.90',
  ]);
  await registerVerbs(products, rt, VERBS, verb);
}
