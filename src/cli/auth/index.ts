// svc auth: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  login: async () => (await import('./login.js')).registerLogin,
  status: async () => (await import('./status.js')).registerStatus,
  logout: async () => (await import('./logout.js')).registerLogout,
  profiles: async () => (await import('./profiles.js')).registerProfiles, // also use
  use: async () => (await import('./profiles.js')).registerProfiles,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerAuth(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const auth = program.command('auth').description('log in, show and manage profiles and their keys');
  examples(auth, [
    'svc auth login --base-url https://marketplace.example',
    'svc auth status',
    'svc auth profiles',
  ]);
  await registerVerbs(auth, rt, VERBS, verb);
}
