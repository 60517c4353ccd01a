// svc reviews: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import type { Runtime } from '../command.js';
import { registerContest } from './contest.js';
import { registerContestations } from './contestations.js';
import { registerList } from './list.js';
import { registerStats } from './stats.js';

export function registerReviews(program: Command, rt: Runtime): void {
  const reviews = program.command('reviews').description('reviews buyers left you, their statistics, and contestations (v2)');
  registerList(reviews, rt);
  registerStats(reviews, rt);
  registerContest(reviews, rt);
  registerContestations(reviews, rt);
}
