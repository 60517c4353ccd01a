// svc reviews list (v2); options and run in list-run.ts (the read lane loads it alone).
import { defineVerb } from '../shared/verb.js';
import { options, run } from './list-run.js';

export const listVerb = defineVerb({
  name: 'list',
  description: 'list the reviews buyers left you (v2)',
  options,
  examples: ['svc reviews list', 'svc reviews list --all -o csv > reviews.csv'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
