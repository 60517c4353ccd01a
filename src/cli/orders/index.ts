// svc orders: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  get: async () => (await import('./get.js')).registerGet,
  profit: async () => (await import('./profit.js')).registerProfit,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerOrders(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const orders = program.command('orders').description('sales and purchases, their delivered items, and the profit of your sales');
  examples(orders, [
    'svc orders list --type sales --status delivered',
    'svc orders get ORD-5001',
    'svc orders profit --from 2026-11-01 --by listing',
  ]);
  await registerVerbs(orders, rt, VERBS, verb);
}
