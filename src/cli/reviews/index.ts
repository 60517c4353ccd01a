// svc reviews: the noun file only wires its verbs (style.md).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerReviews = defineNoun(
  'reviews',
  'reviews buyers left you, their statistics, and contestations (v2)',
  [
    'svc reviews list',
    'svc reviews stats',
    'svc reviews contest 3001 --reason "The buyer confused this order with another one."',
  ],
  {
    list: () => import('./list.js'),
    stats: () => import('./stats.js'),
    contest: () => import('./contest.js'),
    contestations: () => import('./contestations.js'),
  },
);
