// svc mediations list: GET /api/v2/mediations (A2: status open|closed); --all follows pages.
// Options and run in list-run.ts (the read lane loads it alone).
import { defineVerb } from '../shared/verb.js';
import { options, run } from './list-run.js';

export const listVerb = defineVerb({
  name: 'list',
  description: 'list the mediations opened on your sales (v2)',
  options,
  examples: ['svc mediations list --status open', 'svc mediations list --all --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
