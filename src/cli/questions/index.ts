// svc questions: the noun file only wires its verbs (style.md).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerQuestions = defineNoun(
  'questions',
  "buyers' questions on your listings: list, read, answer, and an interactive inbox (v2)",
  [
    'svc questions list --status unanswered',
    'svc questions answer 6001 --text "Yes, the Champions bundle is included."',
    'svc questions inbox',
  ],
  {
    list: () => import('./list.js'),
    get: () => import('./get.js'),
    answer: () => import('./answer.js'),
    inbox: () => import('./inbox.js'),
  },
);
