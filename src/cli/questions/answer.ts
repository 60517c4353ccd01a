// svc questions answer ID (--text T | --file F): POST /api/v2/questions/:id/answer (spec 4.2,
// 7.2). Every run is one operation with a fresh idempotency key; QUESTION_ANSWER_RATE_LIMIT
// is waited out by the request core, which resends with the SAME key (spec 7.2, A12).
import { z } from 'zod';
import { AnswerQuestion } from '../../api/requests.js';
import { EXIT } from '../../api/errors.js';
import { success, warn } from '../../output/reporter.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { printOne } from '../shared/read.js';
import { textInput } from '../shared/text-input.js';
import { printCallPlan } from '../shared/plan.js';
import { explainAnswerError } from './answer-errors.js';
import { questionDetailColumns } from './columns.js';

const options = {
  text: option('--text <text>', 'the answer', z.string().optional()),
  file: option('--file <file>', 'read the answer from a file (- for stdin)', z.string().optional()),
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const id = parseId(args[0], 'question ID');
  const answer = await textInput(
    deps.io,
    { text: o.text, file: o.file },
    {
      what: 'answer',
      text: '--text',
      file: '--file',
      stdin: true,
      usageHint: 'e.g. `svc questions answer 6001 --text "Yes, it is included."`',
      emptyHint: (file) => (file ? `write the answer into ${file}` : 'pass some text to --text'),
    },
  );
  const body = AnswerQuestion.parse({ answer: answer.replace(/\r\n/g, '\n') });
  const answerCall = (await deps.api()).questions.answer(id, body);
  if (deps.globals.dryRun) {
    return printCallPlan(deps, answerCall);
  }
  try {
    const res = await answerCall.send();
    // "published" only when the service's own answer says so, not because it was sent.
    const q = res.data;
    if (q === undefined) {
      success(
        deps.io,
        `answer to question ${id} sent; the service's answer does not show the question (check with \`svc questions get ${id}\`)`,
      );
      return 0;
    }
    if (q.status !== 'answered') {
      warn(
        deps.io,
        `the service accepted the answer to question ${id} but returned the question as "${q.status ?? 'without a status'}", not answered: check with \`svc questions get ${id}\``,
      );
      await printOne(deps, q, questionDetailColumns);
      return EXIT.failed;
    }
    success(deps.io, `answer to question ${id} published`);
    await printOne(deps, q, questionDetailColumns);
    return 0;
  } catch (err) {
    throw explainAnswerError(err, id);
  }
}

export const answerVerb = defineVerb({
  name: 'answer',
  description: "publish an answer to a buyer's question (v2; at most 5 a minute, 20 an hour)",
  args: [['<id>', 'question id']],
  options,
  examples: [
    'svc questions answer 6001 --text "Yes, the Champions bundle is included."',
    'svc questions answer 6001 --file answer.txt',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [answerVerb];
