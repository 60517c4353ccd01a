// svc keys: the noun file only wires its verbs (style.md). Key routes take the v1 key (A10).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerKeys = defineNoun(
  'keys',
  'API keys of the account: list, create, revoke, usage, rotate (needs a v1 key)',
  ['svc keys list', 'svc keys create --name ci --version v2 --scope orders:read', 'svc keys rotate'],
  {
    list: () => import('./list.js'),
    create: () => import('./create.js'),
    revoke: () => import('./revoke.js'),
    usage: () => import('./usage.js'),
    rotate: () => import('./rotate.js'),
  },
);
