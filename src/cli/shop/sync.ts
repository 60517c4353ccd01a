// svc shop sync --config shop.yaml: one pass for cron or CI. Sync orders, refill each
// rule below its minimum to its target (the exact, journaled refill of `stock refill`),
// reactivate or deactivate through bulk-status, tell new alerts on the configured channels.
// Exit: 0 all well; 3 something needs the seller (a refusal with its spec code, an alert);
// 1 the service failed; 2 a bad config (nothing sent). A rerun does nothing twice.
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import { z } from 'zod';
import { ShopMemory } from '../../shop/memory.js';
import { ShopRunner } from '../../shop/runner.js';
import { note } from '../../output/reporter.js';
import type { Deps } from '../shared/context.js';
import { requireV2 } from '../shared/job-helpers.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { shopActions } from './actions.js';
import { loadConfig, openOutbox } from './load.js';
import { tellDayPlan } from './budget.js';
import { refuseWhenSpent } from './quota.js';
import { passSummary, printPass } from './report.js';
import { syncedMirror, type OrdersMirror } from '../../mirror/index.js';

/** A one-shot pass waits this long at most for its notices to go out. */
export const NOTICE_DRAIN_MS = 60_000;

const options = {
  config: option('--config <file>', 'the shop file (YAML): rules, alerts, notification channels', z.string().min(1), {
    mandatory: true,
  }),
  offline: flag('--offline', 'do not sync orders first (sales pace from what is known)'),
  every: option(
    '--every <seconds>',
    "how often cron runs this pass: svc says what that costs a day against shop.yaml's budget",
    z.coerce.number().int().min(60).max(86_400).optional(),
  ),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const cfg = await loadConfig(deps, o.config);
  if (typeof cfg === 'number') return cfg;
  const dry = deps.globals.dryRun === true;
  const { outbox, channels } = await openOutbox(deps, cfg); // a channel without its secret: a warning, the shop goes on
  await requireV2(deps, 'shop sync');
  refuseWhenSpent(deps); // spec 8: nothing is sent into a spent day
  let mirror: Promise<OrdersMirror> | undefined;
  const sales = () => (mirror ??= syncedMirror(deps, { signal: deps.signal, offline: o.offline }));
  const memory = ShopMemory.open(deps.stateDir());
  const runner = new ShopRunner(cfg, shopActions(deps, sales), memory, (n) => outbox.send(n));
  try {
    const r = await runner.pass({ mode: dry ? 'plan' : 'send' });
    if (o.every !== undefined) tellDayPlan(deps, cfg, await sales(), { resident: false, everyS: o.every });
    await printPass(deps, r, channels, dry);
    if (!dry && outbox.pendingCount() > 0) note(deps.io, `sending ${outbox.pendingCount()} notice(s)…`);
    await outbox.drain(NOTICE_DRAIN_MS);
    const failed = Object.values(outbox.stats.failed).reduce((a, b) => a + b, 0) + outbox.pendingCount();
    const undelivered = failed ? t('; {notices} not delivered', { notices: count(failed, 'notice') }) : '';
    note(deps.io, `${dry ? `${t('dry run:')} ` : ''}${passSummary(r)}${undelivered}`);
    // spec 8: what the pass spent of the account's day, reads included, as on the wire.
    note(
      deps.io,
      t(dry ? 'this dry run made {n} (reads included)' : 'this run made {n} (reads included)', {
        n: count(deps.made.total, 'request'),
      }),
    );
    // A plan changes nothing: its exit says only whether the pass could be planned.
    return dry && r.exit === 3 ? 0 : r.exit;
  } finally {
    outbox.close();
    if (mirror) (await mirror.catch(() => undefined))?.close();
  }
}

export const syncVerb = defineVerb({
  name: 'sync',
  description: 'one pass of the shop: refill to target, reactivate or deactivate, alerts and notices',
  options,
  helpAfter: `
Exit codes: 0 all well; 3 something needs you (a refusal with its code: NO_STOCK, NOT_APPROVED,
OFFLINE_PAUSED (turn Offline Mode off in the seller panel), LISTING_TAKEN_DOWN,
LISTING_PERMANENTLY_REJECTED; a pool low or out of stock); 1 the service failed; 2 a bad config;
5 the account's requests for today are spent (DAILY_LIMIT: the message says when they reset).`,
  examples: [
    'svc shop sync --config shop.yaml',
    'svc shop sync --config shop.yaml --dry-run          # the whole plan, nothing sent',
    'svc shop sync --config ~/shop.yaml -q -o json > last-pass.json   # from cron or CI',
  ],
  run,
});

export const verbs = [syncVerb];
