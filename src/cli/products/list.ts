// svc products list: GET /api/v2/products or /api/v1/products, filters of A2, --all follows pages.
import { z } from 'zod';
import { PRODUCT_STATUS_FILTERS } from '../../api/assumptions.js';
import type { Listing } from '../../api/responses.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { choice, defineVerb, option, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { listingColumns } from './columns.js';

const options = {
  status: choice('--status <status>', 'filter by status', PRODUCT_STATUS_FILTERS),
  game: option('--game <id>', 'filter by game id', z.string().optional()),
  query: option('--query <text>', 'text in the title', z.string().optional()),
  ...pagingOptions('listings'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
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
