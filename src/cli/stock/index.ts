// svc stock: credential imports for automatic delivery.
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerAdd } from './add.js';
import { registerJobs } from './jobs.js';

export function registerStock(program: Command, rt: Runtime): void {
  const stock = program.command('stock').description('restock automatic delivery from credential files; list import jobs');
  examples(stock, [
    'svc stock add 101 --file creds.txt',
    'svc stock jobs',
  ]);
  registerAdd(stock, rt);
  registerJobs(stock, rt);
}
