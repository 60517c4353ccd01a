// svc questions: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerAnswer } from './answer.js';
import { registerGet } from './get.js';
import { registerInbox } from './inbox.js';
import { registerList } from './list.js';

export function registerQuestions(program: Command, rt: Runtime): void {
  const questions = program.command('questions').description("buyers' questions on your listings: list, read, answer, and an interactive inbox (v2)");
  examples(questions, [
    'svc questions list --status unanswered',
    'svc questions answer 6001 --text "Yes, the Champions bundle is included."',
    'svc questions inbox',
  ]);
  registerList(questions, rt);
  registerGet(questions, rt);
  registerAnswer(questions, rt);
  registerInbox(questions, rt);
}
