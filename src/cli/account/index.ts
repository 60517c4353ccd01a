// Account-level reads that are a single verb each: me, usage, limits, balance, stats, games, catalog.
import { registerVerbs, type RegisterGroup, type Verbs } from '../shared/verbs.js';

export const VERBS: Verbs = {
  me: () => import('./me.js'),
  usage: () => import('./usage.js'),
  limits: () => import('./limits.js'),
  balance: () => import('./balance.js'),
  stats: () => import('./balance.js'), // one module: balance and stats
  games: () => import('./games.js'),
  catalog: () => import('./games.js'), // one module: games and catalog
};

/** These are top-level commands: `verb` is the command word itself (src/cli/shared/verbs.ts). */
export const registerAccount: RegisterGroup = (program, rt, verb) => registerVerbs(program, rt, VERBS, verb);
