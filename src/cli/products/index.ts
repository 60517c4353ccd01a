// svc products: the noun file only wires its verbs.
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerBulkPrice } from './bulk-price.js';
import { registerBulkStatus } from './bulk-status.js';
import { registerCreate } from './create.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerUpdate } from './update.js';
import { registerVariants } from './variants.js';

export function registerProducts(program: Command, rt: Runtime): void {
  const products = program.command('products').description('list, read, create and edit listings; bulk price and status jobs');
  examples(products, [
    'svc products list --status active',
    'svc products bulk-price prices.csv --report report.csv',
    'svc products update 101 --price 19.90',
  ]);
  registerList(products, rt);
  registerGet(products, rt);
  registerBulkPrice(products, rt);
  registerBulkStatus(products, rt);
  registerCreate(products, rt);
  registerUpdate(products, rt);
  registerVariants(products, rt);
}
