// svc notify: chat notification channels of the shop: their secrets and a test.
import { defineNoun } from '../shared/verbs.js';

export const registerNotify = defineNoun(
  'notify',
  'notification channels (Telegram, Discord, JSON webhook, WhatsApp): store their secrets, send a test or the digest',
  ['svc notify test vendas --config shop.yaml', 'printf %s "$TG_TOKEN" | svc notify set-secret vendas --type telegram'],
  {
    'set-secret': () => import('./secret.js'),
    remove: () => import('./secret.js'),
    list: () => import('./list.js'),
    test: () => import('./test.js'),
    digest: () => import('./digest.js'),
  },
);
