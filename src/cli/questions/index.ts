// svc questions: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  get: async () => (await import('./get.js')).registerGet,
  answer: async () => (await import('./answer.js')).registerAnswer,
  inbox: async () => (await import('./inbox.js')).registerInbox,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerQuestions(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const questions = program.command('questions').description("buyers' questions on your listings: list, read, answer, and an interactive inbox (v2)");
  examples(questions, [
    'svc questions list --status unanswered',
    'svc questions answer 6001 --text "Yes, the Champions bundle is included."',
    'svc questions inbox',
  ]);
  await registerVerbs(questions, rt, VERBS, verb);
}
