// svc mediations get ORDER_ID: GET /api/v2/mediations/:orderId (mediations are keyed by order, A4).
import type { Command } from 'commander';
import { NotFoundError } from '../../api/errors.js';
import { Mediation } from '../../api/responses.js';
import { act, examples, parseId, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { lenient, printOne } from '../shared/read.js';
import { mediationColumns } from './columns.js';

export function registerGet(mediations: Command, rt: Runtime): void {
  const cmd = mediations.command('get')
    .argument('<order-id>', 'id of the order the mediation is about')
    .description('show the mediation of one order (v2)')
    .action(act(rt, run));
  examples(cmd, ['svc mediations get 5005', 'svc mediations get 5005 --json']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const orderId = parseId(cmd.args[0], 'ORDER_ID');
  try {
    const res = await (await deps.client()).request({ route: 'getMediation', params: { orderId }, signal: deps.signal });
    await printOne(deps, lenient(deps, Mediation, res.data), mediationColumns);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError) err.hint = `order ${orderId} has no mediation, or is not one of your sales: see \`svc mediations list\``;
    throw err;
  }
}
