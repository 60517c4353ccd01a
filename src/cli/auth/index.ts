// svc auth: the noun file only wires its verbs (style.md).
import { defineNoun } from '../shared/verbs.js';

/** The group; with `verb`, only that verb is loaded (src/cli/shared/verbs.ts). */
export const registerAuth = defineNoun(
  'auth',
  'log in, show and manage profiles and their keys',
  ['svc auth login --base-url https://marketplace.example', 'svc auth status', 'svc auth profiles'],
  {
    login: () => import('./login.js'),
    status: () => import('./status.js'),
    logout: () => import('./logout.js'),
    profiles: () => import('./profiles.js'),
    use: () => import('./profiles.js'),
  },
);
