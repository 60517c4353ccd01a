// svc products list: its options and run, without zod or commander: the read lane
// (src/cli/lane) imports this module alone; list.ts makes the verb of it for the full path.
import { PRODUCT_STATUS_FILTERS } from '../../api/assumptions.js';
import type { Listing } from '../../api/responses.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { choice, pagingOptions, text } from '../shared/option-kinds.js';
import type { OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { listingColumns } from './columns.js';

export const options = {
  status: choice('--status <status>', 'filter by status', PRODUCT_STATUS_FILTERS),
  game: text('--game <id>', 'filter by game id'),
  query: text('--query <text>', 'text in the title'),
  ...pagingOptions('listings'),
};

export async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  await readList<Listing>(
    deps,
    api.products.list({ status: o.status, game: o.game, q: o.query, page: o.page }),
    { limit: o.limit, all: o.all },
    listingColumns(v),
    'no listings match',
  );
  return 0;
}
