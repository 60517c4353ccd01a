// svc balance / svc stats: v2 (cents) or v1 (decimals), whichever key is in use (cli-spec 1 --api).
import type { Command } from 'commander';
import { Balance, Stats } from '../../api/responses.js';
import { act, examples, type Runtime } from '../shared/command.js';
import { apiVersion, type Deps } from '../shared/context.js';
import { lenient, printOne } from '../shared/read.js';

export function registerBalance(program: Command, rt: Runtime): void {
  examples(program.command('balance').description('available, pending and blocked balance').action(act(rt, balance)), ['svc balance', 'svc balance --api v1 --json']);
  examples(program.command('stats').description('total sales, rating, level, active listings').action(act(rt, stats)), ['svc stats']);
}

async function balance(deps: Deps): Promise<number> {
  const v = await apiVersion(deps);
  const res = await (await deps.client()).request({ route: v === 'v2' ? 'balance' : 'v1Balance', signal: deps.signal });
  const kind = v === 'v2' ? 'cents' as const : 'decimal' as const; // A3
  await printOne(deps, lenient(deps, Balance, res.data), [
    { header: 'available', value: 'available', kind }, { header: 'pending', value: 'pending', kind }, { header: 'blocked', value: 'blocked', kind },
  ]);
  return 0;
}

async function stats(deps: Deps): Promise<number> {
  const v = await apiVersion(deps);
  const res = await (await deps.client()).request({ route: v === 'v2' ? 'stats' : 'v1Stats', signal: deps.signal });
  await printOne(deps, lenient(deps, Stats, res.data), [
    { header: 'total sales', value: 'totalSales', kind: 'number' }, { header: 'rating', value: 'rating', kind: 'number' },
    { header: 'level', value: 'level' }, { header: 'active listings', value: 'activeListings', kind: 'number' },
  ]);
  return 0;
}
