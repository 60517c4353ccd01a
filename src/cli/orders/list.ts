// svc orders list: GET /api/v2/orders or /api/v1/orders with the filters of A2; --all follows pages.
import { ORDER_STATUSES, ORDER_TYPES } from '../../api/assumptions.js';
import type { Order } from '../../api/responses.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { choice, defineVerb, option, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { orderColumns } from './columns.js';
import { checkRange, IsoDate } from './date-range.js';

const options = {
  type: choice('--type <type>', 'only sales or only purchases (default: both)', ORDER_TYPES),
  status: choice('--status <status>', 'filter by status', ORDER_STATUSES),
  from: option('--from <date>', 'created on or after this ISO 8601 date', IsoDate.optional()),
  to: option(
    '--to <date>',
    'created on or before this ISO 8601 date (a bare date covers the whole day)',
    IsoDate.optional(),
  ),
  ...pagingOptions('orders'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
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

export const listVerb = defineVerb({
  name: 'list',
  description: 'list your sales and purchases',
  options,
  examples: [
    'svc orders list --type sales --status delivered',
    'svc orders list --from 2026-11-01 --to 2026-11-30 --all -o csv > november.csv',
    'svc orders list --type purchases --json',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
