// svc stock: credential imports for automatic delivery, stock levels and refills from a pool.
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerStock = defineNoun(
  'stock',
  'restock automatic delivery from credential files and pools; stock levels; import jobs',
  [
    'svc stock add 101 --file creds.txt',
    'svc stock jobs',
    'svc stock status --below 20 --fail-below',
    'svc stock refill 101 --pool batch.csv --target 50',
    'svc stock pool batch.csv',
  ],
  {
    add: () => import('./add.js'),
    jobs: () => import('./jobs.js'),
    status: () => import('./status.js'),
    refill: () => import('./refill.js'),
    pool: () => import('./pool.js'),
  },
);
