// `stock refill --dry-run` (issues 17, 22): what the refill would do, with the daily quota like
// every other plan (issue 22); nothing is written, not even the ledger or the secret.
import { LIMITS } from '../../api/assumptions.js';
import { warn } from '../../output/reporter.js';
import type { LedgerPlan } from '../../state/pool-ledger.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { readBudget } from '../shared/job-runner.js';
import { describeTarget, type TargetArg as Target } from './stock-target.js';
import type { Pool } from './refill-pool.js';
import type { Selection } from './refill-select.js';

export async function printDryRun(
  deps: Deps,
  t: Target,
  target: number,
  pool: Pool,
  heldNow: number,
  resumable: { plan: LedgerPlan; job: string }[],
  select: (needed: number) => Selection,
): Promise<number> {
  const unfinished = resumable.reduce((n, r) => n + r.plan.plan.chunks.reduce((m, c) => m + c.length, 0), 0);
  // An unfinished refill of this target would be finished first; its entries count as held then.
  const needed = Math.max(0, target - heldNow - unfinished);
  const s = select(needed);
  const wouldSend = s.take.length;
  // The account's identity (GET /me) is asked once per key; a dry run does not remember it.
  const identity = pool.accountAsked ? 1 : 0;
  const requests = Math.ceil(wouldSend / LIMITS.stockItemsPerRequest) + resumable.length + identity;
  const budget = await readBudget(deps);
  const dayRemaining = Math.max(0, budget?.dayRemaining ?? LIMITS.v2PerDay);
  const plan = {
    dryRun: true,
    listing: t.id,
    ...(t.variant !== undefined ? { variant: t.variant } : {}),
    target,
    held: heldNow,
    needed,
    wouldSend,
    requests: Math.ceil(wouldSend / LIMITS.stockItemsPerRequest),
    unfinishedJobs: resumable.map((r) => r.job),
    identityRequests: identity,
    pool: pool.name,
    poolEntries: pool.entries.length,
    poolUsed: s.used,
    poolSold: s.sold,
    poolRefused: s.refused,
    poolLeftAfter: s.free - wouldSend,
    dayRemaining,
    dayRemainingSource: budget?.dayRemaining !== undefined ? 'usage' : 'documented limit',
  };
  const format = deps.format();
  if (format !== 'table') {
    await printRecords<Record<string, unknown>>(deps.io, plan, {
      format,
      single: true,
      columns: Object.keys(plan).map((k) => ({ header: k, value: k })),
    });
  } else {
    deps.io.stdout.write(`${planLines(t, pool, plan, unfinished, requests).join('\n')}\n`);
  }
  if (wouldSend < needed) warn(deps.io, `pool ${pool.name} would run out: ${wouldSend} of the ${needed} needed`);
  if (requests > dayRemaining)
    warn(
      deps.io,
      `the refill needs ${requests} requests and ${dayRemaining} are left today: it would stop with exit 5`,
    );
  return 0;
}

function planLines(
  t: Target,
  pool: Pool,
  plan: {
    held: number;
    target: number;
    needed: number;
    wouldSend: number;
    requests: number;
    unfinishedJobs: string[];
  } & Record<string, unknown>,
  unfinished: number,
  requests: number,
): string[] {
  return [
    'dry run: nothing sent',
    `${describeTarget(t)}: ${plan.held} held, target ${plan.target}: ${plan.needed} needed`,
    ...(plan.unfinishedJobs.length
      ? [
          `would first finish unfinished refill job${plan.unfinishedJobs.length > 1 ? 's' : ''} ${plan.unfinishedJobs.join(', ')} (${unfinished} entries)`,
        ]
      : []),
    `would send: ${plan.wouldSend} entries from pool ${pool.name} in ${plan.requests} request${plan.requests === 1 ? '' : 's'}`,
    `pool ${pool.name}: ${pool.entries.length} entries, ${plan.poolUsed} sent before (any pool of this account), ${plan.poolSold} of them sold, ${plan.poolRefused} refused, ${plan.poolLeftAfter} left after this refill`,
    ...(plan.identityRequests ? ['which account this key is: 1 request (GET /me, once per key)'] : []),
    `daily quota: ${plan.dayRemaining} requests left today (${plan.dayRemainingSource}), the refill needs ${requests}`,
  ];
}
