// svc webhooks: the noun file only wires its verbs. Webhooks are configured in the seller
// dashboard, not through the API (spec 6); the CLI receives them and tests endpoints.
import type { Command } from 'commander';
import { examples, type Runtime } from '../command.js';
import { registerEvents } from './events.js';
import { registerListen } from './listen.js';
import { registerTrigger } from './trigger.js';

export function registerWebhooks(program: Command, rt: Runtime): void {
  const webhooks = program.command('webhooks').description('receive the service\'s webhooks (dedupe, confirm, forward), send test notifications, list the events');
  examples(webhooks, [
    'svc webhooks listen --forward-to http://127.0.0.1:3000/hooks',
    'svc webhooks events',
  ]);
  registerListen(webhooks, rt);
  registerTrigger(webhooks, rt);
  registerEvents(webhooks, rt);
}
