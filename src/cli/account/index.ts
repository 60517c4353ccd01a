// Account-level reads that are a single verb each: me, usage, limits, balance, stats, games, catalog.
import type { Command } from 'commander';
import type { CliRuntime } from '../shared/command.js';
import { registerVerbs, type Verbs } from '../shared/verbs.js';

const VERBS: Verbs = {
  me: async () => (await import('./me.js')).registerMe,
  usage: async () => (await import('./usage.js')).registerUsage,
  limits: async () => (await import('./limits.js')).registerLimits,
  balance: async () => (await import('./balance.js')).registerBalance, // also registers stats
  stats: async () => (await import('./balance.js')).registerBalance,
  games: async () => (await import('./games.js')).registerGames, // also registers catalog
  catalog: async () => (await import('./games.js')).registerGames,
};

/** These are top-level commands: `verb` is the command word itself (src/cli/shared/verbs.ts). */
export async function registerAccount(program: Command, rt: CliRuntime, verb?: string): Promise<void> {
  await registerVerbs(program, rt, VERBS, verb);
}
