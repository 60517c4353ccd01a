// svc mediations list: its options and run, without zod or commander (the read lane).
import { MEDIATION_STATUSES } from '../../api/assumptions.js';
import type { Deps } from '../shared/context.js';
import { choice, pagingOptions } from '../shared/option-kinds.js';
import type { OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { mediationColumns, type MediationRow } from './columns.js';

export const options = {
  status: choice('--status <status>', 'only open or only closed mediations', MEDIATION_STATUSES),
  ...pagingOptions('mediations'),
};

export async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  await readList<MediationRow>(
    deps,
    (await deps.api()).mediations.list({ status: o.status, page: o.page }),
    { limit: o.limit, all: o.all },
    mediationColumns,
    'no mediations match',
  );
  return 0;
}
