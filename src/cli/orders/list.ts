// svc orders list: GET /api/v2/orders or /api/v1/orders with the filters of A2; --all follows pages.
import type { Command } from 'commander';
import { Option } from 'commander';
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../../api/assumptions.js';
import { Order } from '../../api/responses.js';
import { act, examples, parseOpts, type Runtime } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { orderColumns } from './columns.js';
import { checkRange, IsoDate } from './date-range.js';

const Opts = z.object({
  type: z.enum(ORDER_TYPES).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  limit: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
  all: z.boolean().optional(),
});

export function registerList(orders: Command, rt: Runtime): void {
  const cmd = orders.command('list')
    .description('list your sales and purchases')
    .addOption(new Option('--type <type>', 'only sales or only purchases (default: both)').choices([...ORDER_TYPES]))
    .addOption(new Option('--status <status>', 'filter by status').choices([...ORDER_STATUSES]))
    .option('--from <date>', 'created on or after this ISO 8601 date')
    .option('--to <date>', 'created on or before this ISO 8601 date (a bare date covers the whole day)')
    .option('--limit <n>', 'at most N orders (default 20)')
    .option('--page <n>', 'page to start from')
    .option('--all', 'follow every page')
    .action(act(rt, run));
  examples(cmd, [
    'svc orders list --type sales --status delivered',
    'svc orders list --from 2026-11-01 --to 2026-11-30 --all -o csv > november.csv',
    'svc orders list --type purchases --json',
  ]);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(Opts, cmd);
  checkRange(o.from, o.to);
  const v = await apiVersion(deps); // before the client: a forced --api without its key is said first
  const api = await deps.api();
  await readList<Order>(deps, api.orders.list({ type: o.type, status: o.status, from: o.from, to: o.to, page: o.page }), { limit: o.limit, all: o.all }, Order, orderColumns(v), 'no orders match'); // issue 14: --all streams page by page
  return 0;
}
