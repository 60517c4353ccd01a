// svc mediations: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerGet } from './get.js';
import { registerList } from './list.js';

export function registerMediations(program: Command, rt: Runtime): void {
  const mediations = program.command('mediations').description('read the mediations opened on your sales (v2)');
  examples(mediations, [
    'svc mediations list --status open',
    'svc mediations get 5005',
  ]);
  registerList(mediations, rt);
  registerGet(mediations, rt);
}
