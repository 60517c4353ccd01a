// svc orders list: its options and run, without zod or commander: the read lane
// (src/cli/lane) imports this module alone; list.ts makes the verb of it for the full path.
import { ORDER_STATUSES, ORDER_TYPES } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { checkRange } from '../shared/date-range.js';
import { choice, date, pagingOptions } from '../shared/option-kinds.js';
import type { OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { orderColumns } from './columns.js';

export const options = {
  type: choice('--type <type>', 'only sales or only purchases (default: both)', ORDER_TYPES),
  status: choice('--status <status>', 'filter by status', ORDER_STATUSES),
  from: date('--from <date>', 'created on or after this ISO 8601 date'),
  to: date('--to <date>', 'created on or before this ISO 8601 date (a bare date covers the whole day)'),
  ...pagingOptions('orders'),
};

export async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  checkRange(o.from, o.to);
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  await readList<Order>(
    deps,
    api.orders.list({ type: o.type, status: o.status, from: o.from, to: o.to, page: o.page }),
    { limit: o.limit, all: o.all },
    orderColumns(v),
    'no orders match',
  );
  return 0;
}
