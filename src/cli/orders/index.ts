// svc orders: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerProfit } from './profit.js';

export function registerOrders(program: Command, rt: Runtime): void {
  const orders = program.command('orders').description('sales and purchases, their delivered items, and the profit of your sales');
  examples(orders, [
    'svc orders list --type sales --status delivered',
    'svc orders get ORD-5001',
    'svc orders profit --from 2026-11-01 --by listing',
  ]);
  registerList(orders, rt);
  registerGet(orders, rt);
  registerProfit(orders, rt);
}
