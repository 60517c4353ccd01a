// svc auth: the noun file only wires its verbs (style.md).
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerLogin } from './login.js';
import { registerLogout } from './logout.js';
import { registerProfiles } from './profiles.js';
import { registerStatus } from './status.js';

export function registerAuth(program: Command, rt: Runtime): void {
  const auth = program.command('auth').description('log in, show and manage profiles and their keys');
  examples(auth, [
    'svc auth login --base-url https://marketplace.example',
    'svc auth status',
    'svc auth profiles',
  ]);
  registerLogin(auth, rt);
  registerStatus(auth, rt);
  registerLogout(auth, rt);
  registerProfiles(auth, rt);
}
