// svc notify digest --config shop.yaml: the digest of the local day (or, with --weekly, the last
// seven), now: for cron, or to see it before choosing `digest: {at: …}`. The sales come from the
// orders mirror (synced first: a few requests; --offline none), the rules from a planned pass
// (the listings' pages; nothing sent), plus four small reads. `--dry-run` prints it, sends nothing.
import { z } from 'zod';
import { EXIT } from '../../api/errors.js';
import { nowMs } from '../../api/clock.js';
import { plainText } from '../../notify/format.js';
import { t } from '../../i18n/index.js';
import { jsonText } from '../../output/sanitize.js';
import { success, warn } from '../../output/reporter.js';
import { ShopMemory } from '../../shop/memory.js';
import { ShopRunner } from '../../shop/runner.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { shopActions } from '../shop/actions.js';
import { buildDigest } from '../shop/digest-facts.js';
import { loadConfig, openOutbox } from '../shop/load.js';
import { syncedMirror, type OrdersMirror } from '../../mirror/index.js';

const DRAIN_MS = 60_000;

const options = {
  config: option('--config <file>', 'the shop file (YAML): channels, digest zone, language', z.string().min(1), {
    mandatory: true,
  }),
  weekly: flag('--weekly', 'the last seven local days instead of today'),
  offline: flag('--offline', 'do not sync orders first'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const cfg = await loadConfig(deps, o.config);
  if (typeof cfg === 'number') return cfg;
  const { outbox, channels, say } = await openOutbox(deps, cfg);
  let mirror: Promise<OrdersMirror> | undefined;
  const sales = () => (mirror ??= syncedMirror(deps, { signal: deps.signal, offline: o.offline }));
  try {
    const actions = shopActions(deps, sales);
    const outcomes = async () => {
      // A planned pass over every rule (its `only` skips the inbox reads the digest makes itself).
      const runner = new ShopRunner(cfg, actions, ShopMemory.open(deps.stateDir()), () => {});
      return (await runner.pass({ mode: 'plan', only: new Set(cfg.rules.map((r) => r.listing)) })).outcomes;
    };
    const notice = await buildDigest(deps, cfg, o.weekly ? 'weekly' : 'daily', nowMs(), { mirror: sales, outcomes });
    const to = channels.filter((c) => c.wants('digest')).map((c) => c.name);
    if (deps.globals.dryRun) {
      const f = deps.format();
      deps.io.stdout.write(
        f === 'json' || f === 'jsonl'
          ? `${jsonText({ dryRun: true, channels: to, kind: notice.kind, data: notice.data, text: plainText(notice, say) })}\n`
          : `${digestPlan(to)}\n${plainText(notice, say)}\n`,
      );
      return 0;
    }
    outbox.send(notice);
    await outbox.drain(DRAIN_MS);
    const failed = Object.values(outbox.stats.failed).reduce((a, b) => a + b, 0) + outbox.pendingCount();
    if (failed > 0 || to.length === 0) {
      warn(
        deps.io,
        to.length === 0
          ? 'no channel takes the digest (events: all or digest)'
          : 'the digest did not reach every channel',
      );
      return EXIT.failed;
    }
    success(deps.io, `digest sent to ${to.join(', ')}`);
    return 0;
  } finally {
    outbox.close();
    if (mirror) (await mirror.catch(() => undefined))?.close();
  }
}

export const digestVerb = defineVerb({
  name: 'digest',
  description: "send the shop's digest now: sales, profit, stock, questions, balance (for cron)",
  options,
  examples: [
    'svc notify digest --config shop.yaml',
    'svc notify digest --config shop.yaml --dry-run',
    'svc notify digest --config shop.yaml --weekly',
  ],
  run,
});

export const verbs = [digestVerb];

/** The digest's dry run in the run's language: the channels named as the shop file names them. */
function digestPlan(to: string[]): string {
  return to.length === 0
    ? t('dry run: nothing sent; no channel takes the digest')
    : t('dry run: nothing sent; would send to {channels}:', { channels: to.map((n) => `"${n}"`).join(', ') });
}
