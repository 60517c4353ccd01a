// Account-level reads that are a single verb each: me, usage, limits, balance, stats, games, catalog.
import type { Command } from 'commander';
import type { Runtime } from '../command.js';
import { registerBalance } from './balance.js';
import { registerGames } from './games.js';
import { registerLimits } from './limits.js';
import { registerMe } from './me.js';
import { registerUsage } from './usage.js';

export function registerAccount(program: Command, rt: Runtime): void {
  registerMe(program, rt);
  registerUsage(program, rt);
  registerLimits(program, rt);
  registerBalance(program, rt);
  registerGames(program, rt);
}
