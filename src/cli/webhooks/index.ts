// svc webhooks: the noun file only wires its verbs. Webhooks are configured in the seller
// dashboard, not through the API (spec 6); the CLI receives them and tests endpoints.
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerWebhooks = defineNoun(
  'webhooks',
  "receive the service's webhooks (dedupe, confirm, forward), send test notifications, list the events",
  ['svc webhooks listen --forward-to http://127.0.0.1:3000/hooks', 'svc webhooks events'],
  {
    listen: () => import('./listen.js'),
    trigger: () => import('./trigger.js'),
    events: () => import('./events.js'),
  },
);
