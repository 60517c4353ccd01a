// svc sandbox: the local emulator, and fronts for its control routes.
import type { Command } from 'commander';
import type { CliRuntime } from '../shared/command.js';
import { faultVerb, moderateVerb, offlineVerb, sellVerb } from './control.js';
import { sandboxVerb } from './start.js';

export function registerSandbox(program: Command, rt: CliRuntime): void {
  const sandbox = sandboxVerb.register(program, rt);
  for (const verb of [sellVerb, moderateVerb, offlineVerb, faultVerb]) verb.register(sandbox, rt);
}
