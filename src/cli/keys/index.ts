// svc keys: the noun file only wires its verbs (style.md). Key routes take the v1 key (A10).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  list: async () => (await import('./list.js')).registerList,
  create: async () => (await import('./create.js')).registerCreate,
  revoke: async () => (await import('./revoke.js')).registerRevoke,
  usage: async () => (await import('./usage.js')).registerUsage,
  rotate: async () => (await import('./rotate.js')).registerRotate,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerKeys(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const keys = program.command('keys').description('API keys of the account: list, create, revoke, usage, rotate (needs a v1 key)');
  examples(keys, [
    'svc keys list',
    'svc keys create --name ci --version v2 --scope orders:read',
    'svc keys rotate',
  ]);
  await registerVerbs(keys, rt, VERBS, verb);
}
