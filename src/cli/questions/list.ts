// svc questions list: GET /api/v2/questions with the filters of A2 (status, productId, orderId).
import type { Command } from 'commander';
import { Option } from 'commander';
import { z } from 'zod';
import { QUESTION_STATUSES } from '../../api/assumptions.js';
import { Question } from '../../api/responses.js';
import { act, examples, parseId, parseOpts, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { readList } from '../shared/read.js';
import { questionColumns } from './columns.js';

const Opts = z.object({
  status: z.enum(QUESTION_STATUSES).optional(),
  product: z.string().optional(),
  order: z.string().optional(),
  limit: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().optional(),
  all: z.boolean().optional(),
});

export function registerList(questions: Command, rt: Runtime): void {
  const cmd = questions.command('list')
    .description("list buyers' questions on your listings (v2)")
    .addOption(new Option('--status <status>', 'only unanswered or only answered questions').choices([...QUESTION_STATUSES]))
    .option('--product <id>', 'only questions on this listing')
    .option('--order <id>', 'only questions about this order')
    .option('--limit <n>', 'at most N questions (default 20)')
    .option('--page <n>', 'page to start from')
    .option('--all', 'follow every page')
    .action(act(rt, run));
  examples(cmd, [
    'svc questions list --status unanswered',
    'svc questions list --product 101 --all --json',
    'svc questions inbox            # answer them one by one',
  ]);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const o = parseOpts(Opts, cmd);
  const productId = o.product === undefined ? undefined : parseId(o.product, '--product');
  const orderId = o.order === undefined ? undefined : parseId(o.order, '--order');
  await readList<Question>(deps, (await deps.api()).questions.list({ status: o.status, productId, orderId, page: o.page }), { limit: o.limit, all: o.all }, Question, questionColumns, 'no questions match'); // issue 14: --all streams page by page
  return 0;
}
