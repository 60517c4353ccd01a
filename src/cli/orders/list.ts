// svc orders list: GET /api/v2/orders or /api/v1/orders with the filters of A2; --all follows pages.
// Options and run in list-run.ts (the read lane loads it alone).
import { defineVerb } from '../shared/verb.js';
import { options, run } from './list-run.js';

export const listVerb = defineVerb({
  name: 'list',
  description: 'list your sales and purchases',
  options,
  examples: [
    'svc orders list --type sales --status delivered',
    'svc orders list --from 2026-11-01 --to 2026-11-30 --all -o csv > november.csv',
    'svc orders list --type purchases --json',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
