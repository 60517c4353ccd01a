// svc mediations get ORDER_ID: GET /api/v2/mediations/:orderId (mediations are keyed by order, A4).
import { NotFoundError } from '../../api/errors.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { mediationColumns } from './columns.js';

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const orderId = parseId(args[0], 'ORDER_ID');
  try {
    const res = await (await deps.api()).mediations.get(orderId);
    await printOne(deps, res.data, mediationColumns);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError)
      err.hint = `order ${orderId} has no mediation, or is not one of your sales: see \`svc mediations list\``;
    throw err;
  }
}

export const getVerb = defineVerb({
  name: 'get',
  description: 'show the mediation of one order (v2)',
  args: [['<order-id>', 'id of the order the mediation is about']],
  examples: ['svc mediations get 5005', 'svc mediations get 5005 --json'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [getVerb];
