// svc orders: the noun file only wires its verbs (style.md).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerOrders = defineNoun(
  'orders',
  'sales and purchases, their delivered items, and the profit of your sales',
  [
    'svc orders list --type sales --status delivered',
    'svc orders get ORD-5001',
    'svc orders profit --from 2026-11-01 --by listing',
  ],
  {
    list: () => import('./list.js'),
    get: () => import('./get.js'),
    profit: () => import('./profit.js'),
    sync: () => import('./sync.js'),
    reconcile: () => import('./reconcile.js'),
  },
);
