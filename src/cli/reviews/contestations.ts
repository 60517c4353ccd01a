// svc reviews contestations: GET /api/v2/contestations; --all follows pages.
import type { Command } from 'commander';
import { Contestation } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { contestationColumns, type ContestationRow } from './columns.js';
import { PagingOpts, withPaging } from './paging.js';

export function registerContestations(reviews: Command, rt: Runtime): void {
  const cmd = withPaging(reviews.command('contestations').description('list your contestations of reviews and their status (v2)'), 'contestations')
    .action(act(rt, run));
  examples(cmd, ['svc reviews contestations', 'svc reviews contestations --json']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(PagingOpts, cmd);
  await readList<ContestationRow>(deps, (await deps.api()).reviews.contestations({ page: o.page }), { limit: o.limit, all: o.all }, Contestation, contestationColumns, 'no contestations yet'); // issue 14: --all streams page by page
  return 0;
}
