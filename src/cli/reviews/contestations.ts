import type { Deps } from '../shared/context.js';
import { defineVerb, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { contestationColumns, type ContestationRow } from './columns.js';

// A2: reviews and contestations take only page and limit.
const options = pagingOptions('contestations');

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  await readList<ContestationRow>(
    deps,
    (await deps.api()).reviews.contestations({ page: o.page }),
    { limit: o.limit, all: o.all },
    contestationColumns,
    'no contestations yet',
  );
  return 0;
}

export const contestationsVerb = defineVerb({
  name: 'contestations',
  description: 'list your contestations of reviews and their status (v2)',
  options,
  examples: ['svc reviews contestations', 'svc reviews contestations --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [contestationsVerb];
