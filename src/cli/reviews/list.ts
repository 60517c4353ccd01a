// svc reviews list: GET /api/v2/reviews; --all follows pages.
import type { Command } from 'commander';
import { Review } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { reviewColumns, type ReviewRow } from './columns.js';
import { PagingOpts, withPaging } from './paging.js';

export function registerList(reviews: Command, rt: Runtime): void {
  const cmd = withPaging(reviews.command('list').description('list the reviews buyers left you (v2)'), 'reviews').action(act(rt, run));
  examples(cmd, ['svc reviews list', 'svc reviews list --all -o csv > reviews.csv']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(PagingOpts, cmd);
  await readList<ReviewRow>(deps, (await deps.api()).reviews.list({ page: o.page }), { limit: o.limit, all: o.all }, Review, reviewColumns, 'no reviews yet'); // issue 14: --all streams page by page
  return 0;
}
