// svc questions list: its options and run, without zod or commander (the read lane).
import { QUESTION_STATUSES } from '../../api/assumptions.js';
import type { Question } from '../../api/responses.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { choice, pagingOptions, text } from '../shared/option-kinds.js';
import type { OptsOf } from '../shared/verb.js';
import { readList } from '../shared/read.js';
import { questionColumns } from './columns.js';

export const options = {
  status: choice('--status <status>', 'only unanswered or only answered questions', QUESTION_STATUSES),
  product: text('--product <id>', 'only questions on this listing'),
  order: text('--order <id>', 'only questions about this order'),
  ...pagingOptions('questions'),
};

export async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
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
