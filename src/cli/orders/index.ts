// svc orders: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import type { Runtime } from '../command.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';
import { registerProfit } from './profit.js';

export function registerOrders(program: Command, rt: Runtime): void {
  const orders = program.command('orders').description('sales and purchases, their delivered items, and the profit of your sales');
  registerList(orders, rt);
  registerGet(orders, rt);
  registerProfit(orders, rt);
}
