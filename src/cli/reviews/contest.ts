// svc reviews contest ID --reason TEXT: POST /api/v2/reviews/:reviewId/contest (spec 2.4, 4.2).
// 404 means the review is missing or another seller's (spec 7.2); 409 ALREADY_CONTESTED (A14).
import { z } from 'zod';
import { NotFoundError } from '../../api/errors.js';
import { ContestReview } from '../../api/requests.js';
import { success } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { textInput } from '../shared/text-input.js';
import { printCallPlan } from '../shared/plan.js';
import { contestationColumns } from './columns.js';

const options = {
  reason: option('--reason <text>', 'why the review should be reconsidered', z.string().optional()),
  reasonFile: option('--reason-file <file>', 'read the reason from a file', z.string().optional()),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const id = parseId(args[0], 'review ID');
  const reason = await textInput(
    deps.io,
    { text: o.reason, file: o.reasonFile },
    {
      what: 'reason',
      text: '--reason',
      file: '--reason-file',
      emptyHint: () => 'say why the review should be reconsidered',
    },
  );
  const body = ContestReview.parse({ reason });
  const contest = (await deps.api()).reviews.contest(id, body);
  if (deps.globals.dryRun) {
    return printCallPlan(deps, contest);
  }
  try {
    const res = await contest.send();
    success(deps.io, `review ${id} contested`);
    await printOne(deps, res.data, contestationColumns);
    return 0;
  } catch (err) {
    if (err instanceof NotFoundError) {
      // spec 4.2: the same 404 for both cases, so say both.
      const explained = new NotFoundError({
        status: 404,
        code: err.code,
        message: `review ${id} not found: it does not exist or it is another seller's review`,
      });
      explained.hint = 'list the reviews you can contest with `svc reviews list`';
      throw explained;
    }
    throw err;
  }
}

export const contestVerb = defineVerb({
  name: 'contest',
  description: 'contest a review: ask the platform to look at it again (v2)',
  args: [['<id>', 'review id']],
  options,
  examples: [
    'svc reviews contest 3001 --reason "The buyer confused this order with another one."',
    'svc reviews contest 3001 --reason-file why.txt --dry-run',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [contestVerb];
