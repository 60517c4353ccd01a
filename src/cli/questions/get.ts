// svc questions get ID: GET /api/v2/questions/:id.
import type { Command } from 'commander';
import { NotFoundError } from '../../api/errors.js';
import { Question } from '../../api/responses.js';
import { act, examples, parseId, type Runtime } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { lenient, printOne } from '../shared/read.js';
import { questionDetailColumns } from './columns.js';

export function registerGet(questions: Command, rt: Runtime): void {
  const cmd = questions.command('get').argument('<id>', 'question id').description('show one question and its answer (v2)').action(act(rt, run));
  examples(cmd, ['svc questions get 6001', 'svc questions get 6001 --json | jq -r .text']);
}

async function run(deps: Deps, cmd: Command): Promise<number> {
  const id = parseId(cmd.args[0], 'question ID');
  try {
    const res = await (await deps.client()).request({ route: 'getQuestion', params: { id }, signal: deps.signal });
    await printOne(deps, lenient(deps, Question, res.data), questionDetailColumns);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError) err.hint = 'no question with this id on your listings: see `svc questions list`';
    throw err;
  }
}
