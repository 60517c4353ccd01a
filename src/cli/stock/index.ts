// svc stock: credential imports for automatic delivery.
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerStock = defineNoun('stock', 'restock automatic delivery from credential files; list import jobs', [
  'svc stock add 101 --file creds.txt',
  'svc stock jobs',
], {
  add: () => import('./add.js'), jobs: () => import('./jobs.js'),
});
