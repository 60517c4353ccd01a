// svc webhooks: the noun file only wires its verbs. Webhooks are configured in the seller
// dashboard, not through the API (spec 6); the CLI receives them and tests endpoints.
import type { Command } from 'commander';
import { examples, type CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  listen: async () => (await import('./listen.js')).registerListen,
  trigger: async () => (await import('./trigger.js')).registerTrigger,
  events: async () => (await import('./events.js')).registerEvents,
};

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export async function registerWebhooks(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  const webhooks = program.command('webhooks').description('receive the service\'s webhooks (dedupe, confirm, forward), send test notifications, list the events');
  examples(webhooks, [
    'svc webhooks listen --forward-to http://127.0.0.1:3000/hooks',
    'svc webhooks events',
  ]);
  await registerVerbs(webhooks, rt, VERBS, verb);
}
