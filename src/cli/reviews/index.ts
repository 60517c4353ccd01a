// svc reviews: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerContest } from './contest.js';
import { registerContestations } from './contestations.js';
import { registerList } from './list.js';
import { registerStats } from './stats.js';

export function registerReviews(program: Command, rt: Runtime): void {
  const reviews = program.command('reviews').description('reviews buyers left you, their statistics, and contestations (v2)');
  examples(reviews, [
    'svc reviews list',
    'svc reviews stats',
    'svc reviews contest 3001 --reason "The buyer confused this order with another one."',
  ]);
  registerList(reviews, rt);
  registerStats(reviews, rt);
  registerContest(reviews, rt);
  registerContestations(reviews, rt);
}
