// svc questions get ID: GET /api/v2/questions/:id.
import { NotFoundError } from '../../api/errors.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { questionDetailColumns } from './columns.js';

async function run(deps: Deps, _o: object, args: string[]): Promise<number> {
  const id = parseId(args[0], 'question ID');
  try {
    const res = await (await deps.api()).questions.get(id);
    await printOne(deps, res.data, questionDetailColumns);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError) err.hint = 'no question with this id on your listings: see `svc questions list`';
    throw err;
  }
}

export const getVerb = defineVerb({
  name: 'get',
  description: 'show one question and its answer (v2)',
  args: [['<id>', 'question id']],
  examples: ['svc questions get 6001', 'svc questions get 6001 --json | jq -r .text'],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [getVerb];
