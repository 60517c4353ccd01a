// svc questions list: GET /api/v2/questions with the filters of A2 (status, productId, orderId).
import { z } from 'zod';
import { QUESTION_STATUSES } from '../../api/assumptions.js';
import type { Question } from '../../api/responses.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { choice, defineVerb, option, pagingOptions, type OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { questionColumns } from './columns.js';

const options = {
  status: choice('--status <status>', 'only unanswered or only answered questions', QUESTION_STATUSES),
  product: option('--product <id>', 'only questions on this listing', z.string().optional()),
  order: option('--order <id>', 'only questions about this order', z.string().optional()),
  ...pagingOptions('questions'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const productId = o.product === undefined ? undefined : parseId(o.product, '--product');
  const orderId = o.order === undefined ? undefined : parseId(o.order, '--order');
  await readList<Question>(
    deps,
    (await deps.api()).questions.list({ status: o.status, productId, orderId, page: o.page }),
    { limit: o.limit, all: o.all },
    questionColumns,
    'no questions match',
  );
  return 0;
}

export const listVerb = defineVerb({
  name: 'list',
  description: "list buyers' questions on your listings (v2)",
  options,
  examples: [
    'svc questions list --status unanswered',
    'svc questions list --product 101 --all --json',
    'svc questions inbox            # answer them one by one',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listVerb];
