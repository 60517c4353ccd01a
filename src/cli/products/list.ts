// svc products list: GET /api/v2/products or /api/v1/products, filters of A2, --all follows pages.
// Its options and run are in list-run.ts (the read lane loads that module alone).
import { defineVerb } from '../shared/verb.js';
import { options, run } from './list-run.js';

export const listVerb = defineVerb({
  name: 'list',
  description: 'list your listings',
  options,
  examples: [
    'svc products list --status active',
    'svc products list --all --json > listings.json',
    'svc products list --game fortnite --query "skin" -o csv',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
