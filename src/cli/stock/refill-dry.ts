// `stock refill --dry-run`: what the refill would do, with the daily quota like
// every other plan; nothing is written, not even the ledger or the secret.
import { count } from '../../output/plural.js';
import { t as tr } from '../../i18n/index.js';
import { LIMITS } from '../../api/assumptions.js';
import { warn } from '../../output/reporter.js';
import type { LedgerPlan } from '../../state/pool-ledger.js';
import { printRecords } from '../../ui/print.js';
import type { Deps } from '../shared/context.js';
import { readBudget } from '../shared/job-plan.js';
import { describeTarget, type TargetArg as Target } from './stock-target.js';
import type { Pool } from './refill-pool.js';
import type { Selection } from './refill-select.js';
import type { FigureSink } from './refill-figures.js';

export async function printDryRun(
  deps: Deps,
  t: Target,
  target: number,
  pool: Pool,
  heldNow: number,
  resumable: { plan: LedgerPlan; job: string }[],
  select: (needed: number) => Selection,
  sink?: FigureSink,
): Promise<number> {
  const unfinished = resumable.reduce((n, r) => n + r.plan.plan.chunks.reduce((m, c) => m + c.length, 0), 0);
  // An unfinished refill of this target would be finished first; its entries count as held then.
  const needed = Math.max(0, target - heldNow - unfinished);
  const s = select(needed);
  const wouldSend = s.take.length;
  const sends = Math.ceil(wouldSend / LIMITS.stockItemsPerRequest) + resumable.length;
  // The account's identity (GET /me) is asked once per key; a dry run does not remember it.
  const identity = pool.accountAsked ? 1 : 0;
  const budget = await readBudget(deps);
  // What the run will ask, reads included (spec 8): the listing, the orders mirror's sync (as this
  // dry run's own, which is the run's once the mirror is synced), the sends, and the listing again
  // after them. The /usage read of the plan is the dry run's only.
  const mirror = deps.made.byFeature.get('mirror sync') ?? 0;
  const requests = 1 + mirror + sends + (sends > 0 ? 1 : 0) + identity;
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
    runRequests: requests,
    dryRunRequests: deps.made.total,
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
  sink?.({ held: heldNow, sent: wouldSend, inStock: heldNow + wouldSend, poolLeft: plan.poolLeftAfter });
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
    dryRunRequests: number;
  } & Record<string, unknown>,
  unfinished: number,
  requests: number,
): string[] {
  const entries = (n: number) => count(n, 'entry', 'entries');
  return [
    tr('dry run: nothing sent'),
    tr('{target}: {held} held, target {want}: {needed} needed', {
      target: tr(describeTarget(t)),
      held: plan.held,
      want: plan.target,
      needed: plan.needed,
    }),
    ...(plan.unfinishedJobs.length
      ? [
          tr('would first finish the unfinished refill {jobs} ({entries})', {
            jobs: `${count(plan.unfinishedJobs.length, 'job')} ${plan.unfinishedJobs.join(', ')}`,
            entries: entries(unfinished),
          }),
        ]
      : []),
    tr('would send: {entries} from pool {pool} in {requests}', {
      entries: entries(plan.wouldSend),
      pool: pool.name,
      requests: count(plan.requests, 'request'),
    }),
    // each count agrees in number in pt-BR (1 enviada, 2 enviadas): a count() of its own
    tr('pool {pool}: {entries}, {used} (any pool of this account), {sold}, {refused}, {left}', {
      pool: pool.name,
      entries: entries(pool.entries.length),
      used: count(Number(plan.poolUsed), 'sent before', 'sent before'),
      sold: count(Number(plan.poolSold), 'of them sold', 'of them sold'),
      refused: count(Number(plan.poolRefused), 'refused', 'refused'),
      left: count(Number(plan.poolLeftAfter), 'left after this refill', 'left after this refill'),
    }),
    ...(plan.identityRequests ? [tr('which account this key is: 1 request (GET /me, once per key)')] : []),
    tr('daily quota: {n} left today ({source}), the refill needs {need}', {
      n: count(Number(plan.dayRemaining), 'request'),
      source: tr(plan.dayRemainingSource === 'usage' ? 'as `svc usage` reports' : 'the documented limit'),
      need: requests,
    }),
    tr('this dry run made {n} (reads included)', { n: count(Number(plan.dryRunRequests), 'request') }),
  ];
}
