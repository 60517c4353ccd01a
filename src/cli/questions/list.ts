// svc questions list: GET /api/v2/questions with the filters of A2 (status, productId, orderId).
// Options and run in list-run.ts (the read lane loads it alone).
import { defineVerb } from '../shared/verb.js';
import { options, run } from './list-run.js';

export const listVerb = defineVerb({
  name: 'list',
  description: "list buyers' questions on your listings (v2)",
  options,
  examples: [
    'svc questions list --status unanswered',
    'svc questions list --product 101 --all --json',
    'svc questions inbox            # answer them one by one',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
