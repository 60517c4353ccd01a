// svc mediations list: GET /api/v2/mediations (A2: status open|closed); --all follows pages.
import { MEDIATION_STATUSES } from '../../api/assumptions.js';
import type { Deps } from '../shared/context.js';
import { choice, defineVerb, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { mediationColumns, type MediationRow } from './columns.js';

const options = {
  status: choice('--status <status>', 'only open or only closed mediations', MEDIATION_STATUSES),
  ...pagingOptions('mediations'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  await readList<MediationRow>(
    deps,
    (await deps.api()).mediations.list({ status: o.status, page: o.page }),
    { limit: o.limit, all: o.all },
    mediationColumns,
    'no mediations match',
  );
  return 0;
}

export const listVerb = defineVerb({
  name: 'list',
  description: 'list the mediations opened on your sales (v2)',
  options,
  examples: ['svc mediations list --status open', 'svc mediations list --all --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
