// svc orders reconcile: the listener's catch-up, once, for a cron job without a
// resident listener: sync the orders mirror, hand every sale not handed on yet to --exec or
// --forward-to (the same envelope, environment and dedupe key as `webhooks listen`, SVC_SOURCE=
// catch-up), report stuck sales. Exact on reruns: what was handed on is remembered in the mirror
// and the webhook store. The first run without --since only sets the mark (no replay).
import type { Column } from '../../output/columns.js';
import { printRecords } from '../../ui/print.js';
import { count } from '../../output/plural.js';
import { t } from '../../i18n/index.js';
import { z } from 'zod';
import { EXIT, UsageError } from '../../api/errors.js';
import { MIRROR } from '../../api/assumptions.js';
import { jsonText } from '../../output/sanitize.js';
import type { WebhookLogLine } from '../../webhooks/log.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { Duration } from './duration.js';
import { eventList } from '../shared/event-list.js';
import { openOrdersMirror } from './mirror-open.js';

export const catchUpOptions = {
  events: option(
    '--events <a,b>',
    'hand on only these of sale.processing, order.delivered (default: both)',
    eventList(
      ['sale.processing', 'order.delivered'],
      (bad) => `catch-up knows sale.processing and order.delivered, not ${bad.join(', ') || '(none)'}`,
    ),
  ),
  stuckAfter: option(
    '--stuck-after <duration>',
    `a paid sale not delivered after this long is reported as stuck (default ${MIRROR.stuckAfterMs / 60_000}m)`,
    Duration().optional(),
  ),
};

const options = {
  since: option(
    '--since <duration>',
    'look back this far (e.g. 2h, 3d) instead of from the first reconcile',
    Duration().optional(),
  ),
  exec: option(
    '--exec <cmd>',
    'run CMD per missed sale, like `webhooks listen --exec` (SVC_SOURCE=catch-up)',
    z.string().min(1).optional(),
  ),
  forwardTo: option(
    '--forward-to <url>',
    'POST each missed sale, like `webhooks listen --forward-to`',
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  ...catchUpOptions,
  failOnStuck: flag('--fail-on-stuck', 'exit 3 when a stuck sale is found (for cron alerts)'),
};

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  if (!o.exec && !o.forwardTo)
    throw new UsageError(
      'orders reconcile needs --exec CMD or --forward-to URL',
      'the same as `svc webhooks listen` uses',
    );
  const { catchUp } = await import('../../webhooks/catch-up.js');
  const { openHandOn } = await import('../../webhooks/hand-on.js');
  // One machine contract: -o table is a table (printed once the run is over), any other
  // format the log's JSON lines as they happen.
  const table = deps.format() === 'table';
  const lines: WebhookLogLine[] = [];
  const log = (l: Omit<WebhookLogLine, 'at'>) => {
    const line = { at: new Date().toISOString(), ...l };
    if (table) lines.push(line);
    else deps.io.stdout.write(`${jsonText(line)}\n`);
  };
  const m = await openOrdersMirror(deps, 'orders reconcile');
  try {
    const h = openHandOn({ stateDir: deps.stateDir(), exec: o.exec, forwardTo: o.forwardTo, env: deps.env, log });
    let failed = 0;
    let r: Awaited<ReturnType<typeof catchUp>>;
    try {
      r = await catchUp({
        mirror: m,
        sink: h.sink,
        mark: 'reconcile',
        sinceMs: o.since,
        events: o.events,
        stuckAfterMs: o.stuckAfter,
        log,
      });
      failed = await h.settle();
    } finally {
      await h.close();
    }
    if (table) await printRecords(deps.io, lines, { format: 'table', columns: LOG_COLUMNS });
    if (!deps.io.quiet) deps.io.stderr.write(`${summary(r, failed)}\n`);
    if (failed > 0) return EXIT.failed;
    return o.failOnStuck && r.stuck.length > 0 ? EXIT.refused : EXIT.ok;
  } finally {
    m.close();
  }
}

const LOG_COLUMNS: Column<WebhookLogLine>[] = [
  { header: 'at', value: 'at', kind: 'date' },
  { header: 'action', value: 'action', kind: 'word' },
  { header: 'event', value: 'event' },
  { header: 'order', value: 'orderId', kind: 'number' },
  { header: 'status', value: 'status', kind: 'number' },
  { header: 'detail', value: 'detail', max: 40, drop: 1 },
];

function summary(
  r: { first: boolean; since: string; handed: number; live: number; stuck: unknown[] },
  failed: number,
): string {
  if (r.first)
    return t(
      'first reconcile: sales from now on are caught up; nothing before {since} is replayed (--since 2h looks back)',
      {
        since: r.since,
      },
    );
  const parts = [
    t('{events} handed on since {since}', { events: count(r.handed, 'missed sale event'), since: r.since }),
  ];
  if (r.live > 0) parts.push(t('{n} already handed on by the listener', { n: r.live }));
  if (failed > 0) parts.push(t('{n} failed (kept for the next run)', { n: failed }));
  if (r.stuck.length > 0)
    parts.push(t('{sales} (paid, not delivered)', { sales: count(r.stuck.length, 'stuck sale') }));
  return t('reconcile: {parts}', { parts: parts.join('; ') });
}

export const reconcileVerb = defineVerb({
  name: 'reconcile',
  description: 'hand on the sales a webhook listener missed (once, for cron), and report stuck sales',
  options,
  examples: [
    "svc orders reconcile --exec './on-delivery.sh'          # from cron, every 10 minutes",
    'svc orders reconcile --since 6h --forward-to http://127.0.0.1:3000/hooks',
    'svc orders reconcile --exec ./refill.sh --fail-on-stuck --stuck-after 20m',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [reconcileVerb];
