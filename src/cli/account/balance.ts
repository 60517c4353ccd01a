import { apiVersion, type Deps } from '../shared/context.js';
import { printOne } from '../shared/read.js';
import { defineVerb } from '../shared/verb.js';

async function balance(deps: Deps): Promise<number> {
  const v = await apiVersion(deps);
  const res = await (await deps.api()).account.balance();
  const kind = v === 'v2' ? ('cents' as const) : ('decimal' as const); // A3
  await printOne(deps, res.data, [
    { header: 'available', value: 'available', kind },
    { header: 'pending', value: 'pending', kind },
    { header: 'blocked', value: 'blocked', kind },
  ]);
  return 0;
}

async function stats(deps: Deps): Promise<number> {
  await apiVersion(deps); // a forced --api without its key is said before the client is made
  const res = await (await deps.api()).account.stats();
  await printOne(deps, res.data, [
    { header: 'total sales', value: 'totalSales', kind: 'number' },
    { header: 'rating', value: 'rating', kind: 'number' },
    { header: 'level', value: 'level' },
    { header: 'active listings', value: 'activeListings', kind: 'number' },
  ]);
  return 0;
}

export const balanceVerb = defineVerb({
  name: 'balance',
  description: 'available, pending and blocked balance',
  examples: ['svc balance', 'svc balance --api v1 --json'],
  run: balance,
});

export const statsVerb = defineVerb({
  name: 'stats',
  description: 'total sales, rating, level, active listings',
  examples: ['svc stats'],
  run: stats,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [balanceVerb, statsVerb];
