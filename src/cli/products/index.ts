// svc products: the noun file only wires its verbs.
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerProducts = defineNoun(
  'products',
  'list, read, create and edit listings; bulk price and status jobs',
  [
    'svc products list --status active',
    'svc products bulk-price prices.csv --report report.csv',
    'svc products update 101 --price 19.90',
    'svc products reprice --rules rules.yaml --dry-run',
  ],
  {
    list: () => import('./list.js'),
    get: () => import('./get.js'),
    'bulk-price': () => import('./bulk-price.js'),
    reprice: () => import('./reprice.js'),
    'bulk-status': () => import('./bulk-status.js'),
    activate: () => import('./bulk-status.js'),
    deactivate: () => import('./bulk-status.js'),
    create: () => import('./create.js'),
    update: () => import('./update.js'),
    variants: () => import('./variants.js'),
  },
);
