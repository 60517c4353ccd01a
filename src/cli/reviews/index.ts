// svc reviews: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  stats: async () => (await import('./stats.js')).registerStats,
  contest: async () => (await import('./contest.js')).registerContest,
  contestations: async () => (await import('./contestations.js')).registerContestations,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerReviews(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const reviews = program.command('reviews').description('reviews buyers left you, their statistics, and contestations (v2)');
  examples(reviews, [
    'svc reviews list',
    'svc reviews stats',
    'svc reviews contest 3001 --reason "The buyer confused this order with another one."',
  ]);
  await registerVerbs(reviews, rt, VERBS, verb);
}
