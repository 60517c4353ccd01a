import type { Deps } from '../shared/context.js';
import { defineVerb, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { reviewColumns, type ReviewRow } from './columns.js';

// A2: reviews and contestations take only page and limit.
const options = pagingOptions('reviews');

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  await readList<ReviewRow>(
    deps,
    (await deps.api()).reviews.list({ page: o.page }),
    { limit: o.limit, all: o.all },
    reviewColumns,
    'no reviews yet',
  );
  return 0;
}

export const listVerb = defineVerb({
  name: 'list',
  description: 'list the reviews buyers left you (v2)',
  options,
  examples: ['svc reviews list', 'svc reviews list --all -o csv > reviews.csv'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
