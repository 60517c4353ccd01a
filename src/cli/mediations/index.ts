// svc mediations: the noun file only wires its verbs (style.md).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerMediations = defineNoun(
  'mediations',
  'read the mediations opened on your sales (v2)',
  ['svc mediations list --status open', 'svc mediations get 5005'],
  {
    list: () => import('./list.js'),
    get: () => import('./get.js'),
  },
);
