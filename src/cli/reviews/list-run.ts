// svc reviews list: its options and run, without zod or commander (the read lane).
import type { Deps } from '../shared/context.js';
import { pagingOptions } from '../shared/option-kinds.js';
import type { OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { reviewColumns, type ReviewRow } from './columns.js';

// A2: reviews and contestations take only page and limit.
export const options = pagingOptions('reviews');

export async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  await readList<ReviewRow>(
    deps,
    (await deps.api()).reviews.list({ page: o.page }),
    { limit: o.limit, all: o.all },
    reviewColumns,
    'no reviews yet',
  );
  return 0;
}
