// svc reviews contestations: GET /api/v2/contestations; --all follows pages.
import type { Command } from 'commander';
import { Contestation } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { fetchList, printList } from '../shared/read.js';
import { contestationColumns, type ContestationRow } from './columns.js';
import { PagingOpts, withPaging } from './paging.js';

export function registerContestations(reviews: Command, rt: Runtime): void {
  const cmd = withPaging(reviews.command('contestations').description('list your contestations of reviews and their status (v2)'), 'contestations')
    .action(act(rt, run));
  examples(cmd, ['svc reviews contestations', 'svc reviews contestations --json']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(PagingOpts, cmd);
  const rows = await fetchList<ContestationRow>(deps, { route: 'listContestations', query: { page: o.page } }, { limit: o.limit, all: o.all }, Contestation);
  await printList(deps, rows, contestationColumns, 'no contestations yet');
  return 0;
}
