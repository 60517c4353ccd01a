// svc products list: GET /api/v2/products or /api/v1/products, filters of A2, --all follows pages.
import type { Command } from 'commander';
import { Option } from 'commander';
import { z } from 'zod';
import { PRODUCT_STATUS_FILTERS } from '../../api/assumptions.js';
import { Listing } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { listingColumns } from './columns.js';

const Opts = z.object({
  status: z.enum(PRODUCT_STATUS_FILTERS).optional(),
  game: z.string().optional(),
  query: z.string().optional(),
  limit: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
  all: z.boolean().optional(),
});

export function registerList(products: Command, rt: Runtime): void {
  const cmd = products.command('list')
    .description('list your listings')
    .addOption(new Option('--status <status>', 'filter by status').choices([...PRODUCT_STATUS_FILTERS]))
    .option('--game <id>', 'filter by game id')
    .option('--query <text>', 'text in the title')
    .option('--limit <n>', 'at most N listings (default 20)')
    .option('--page <n>', 'page to start from')
    .option('--all', 'follow every page')
    .action(act(rt, run));
  examples(cmd, ['svc products list --status active', 'svc products list --all --json > listings.json', 'svc products list --game fortnite --query "skin" -o csv']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(Opts, cmd);
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  await readList<Listing>(deps, api.products.list({ status: o.status, game: o.game, q: o.query, page: o.page }), { limit: o.limit, all: o.all }, Listing, listingColumns(v), 'no listings match'); // issue 14: --all streams page by page
  return 0;
}
