// svc sandbox: the local emulator, and fronts for its control routes.
import type { Command } from 'commander';
import type { CliRuntime } from '../shared/command.js';
import { sandboxVerb } from './start.js';

export function registerSandbox(program: Command, rt: CliRuntime): void {
  sandboxVerb.register(program, rt);
}
