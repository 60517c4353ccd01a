// svc keys: the noun file only wires its verbs (style.md). Key routes take the v1 key (A10).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerCreate } from './create.js';
import { registerList } from './list.js';
import { registerRevoke } from './revoke.js';
import { registerRotate } from './rotate.js';
import { registerUsage } from './usage.js';

export function registerKeys(program: Command, rt: Runtime): void {
  const keys = program.command('keys').description('API keys of the account: list, create, revoke, usage, rotate (needs a v1 key)');
  examples(keys, [
    'svc keys list',
    'svc keys create --name ci --version v2 --scope orders:read',
    'svc keys rotate',
  ]);
  registerList(keys, rt);
  registerCreate(keys, rt);
  registerRevoke(keys, rt);
  registerUsage(keys, rt);
  registerRotate(keys, rt);
}
