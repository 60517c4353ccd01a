// svc webhooks trigger EVENT --to URL: send a notification exactly as the service would
// (spec 6.1: {event, timestamp, data}, X-Service-Event; order.delivered shaped as 6.4), report
// the status and time, and with --retry follow the service's schedule (6.2.2). Nothing that
// is not valid for the event is sent (the per-event schemas of src/webhooks/events.ts).
import { t } from '../../i18n/index.js';
import { z } from 'zod';
import { UsageError } from '../../api/errors.js';
import type { Column } from '../../output/columns.js';
import { printRecords } from '../../ui/print.js';
import { note } from '../../output/reporter.js';
import {
  dataFromOrder,
  describeIssues,
  EVENT_NAMES,
  eventDef,
  sampleData,
  type EventDef,
} from '../../webhooks/events.js';
import { displayUrl } from '../../webhooks/forward.js';
import { notificationBody, sendNotification, type SendAttempt } from '../../webhooks/send.js';
import { parseId } from '../shared/command.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';

const options = {
  to: option(
    '--to <url>',
    'endpoint to send it to',
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }),
    { mandatory: true },
  ),
  order: option(
    '--order <id|code>',
    'build the payload from this order (GET /api/v2/orders/:id)',
    z.string().optional(),
  ),
  data: option(
    '--data <json>',
    'payload fields to set, as a JSON object (merged over the sample or the order)',
    z.string().optional(),
  ),
  retry: flag('--retry', "on failure, resend on the service's schedule: 15 s, 1 min, 5 min, 30 min (5 attempts)"),
  timeScale: option(
    '--time-scale <x>',
    'shorten the retry schedule (0.01 = 100x faster)',
    z.coerce.number().positive().max(1000),
    { default: '1' },
  ),
};

const columns: Column<SendAttempt>[] = [
  { header: 'attempt', value: 'attempt', kind: 'number' },
  { header: 'result', value: 'result' },
  { header: 'status', value: 'status', kind: 'number' },
  { header: 'ms', value: 'ms', kind: 'number' },
  { header: 'at', value: 'at', kind: 'date' },
  { header: 'next in s', value: 'nextInS', kind: 'number' },
  { header: 'error', value: 'error', max: 60 },
];

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const name = args[0]!;
  const def = eventDef(name);
  if (!def) throw new UsageError(`unknown event "${name}"`, `known events: ${EVENT_NAMES.join(', ')}`);
  const override = parseData(o.data);
  const base = o.order === undefined ? sampleData(def) : await fromOrder(deps, def, o.order);
  const checked = def.send.safeParse({ ...base, ...override });
  if (!checked.success) {
    throw new UsageError(
      `not a valid ${def.name} payload, nothing sent: ${describeIssues(checked.error)}`,
      `see \`svc webhooks events ${def.name}\``,
    );
  }
  const body = notificationBody(def.name, checked.data);
  if (deps.globals.dryRun) {
    note(
      deps.io,
      t('dry run: would POST to {url} with X-Service-Event: {event}', { url: displayUrl(o.to), event: def.name }),
    );
    deps.io.stdout.write(`${JSON.stringify(JSON.parse(body), null, 2)}\n`);
    return 0;
  }
  const attempts = await sendNotification(o.to, def.name, body, {
    retry: Boolean(o.retry),
    timeScale: o.timeScale,
    signal: deps.signal,
    onAttempt: (a) => note(deps.io, progressLine(a)),
  });
  await printRecords(deps.io, attempts, { format: deps.format(), columns });
  const delivered = attempts.some((a) => a.result === 'delivered');
  if (!delivered) {
    const failed = `${displayUrl(o.to)} did not accept ${def.name} (${attempts.length} ${attempts.length === 1 ? 'attempt' : 'attempts'})`;
    deps.io.stderr.write(`${t('error:')} ${t(failed)}\n`);
    if (!o.retry)
      deps.io.stderr.write(
        `${t('hint:')} ${t("add --retry to resend on the service's schedule (15 s, 1 min, 5 min, 30 min)")}\n`,
      );
  }
  return delivered ? 0 : 1;
}

function parseData(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError('--data is not valid JSON', `e.g. --data '{"productId": 109}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError('--data must be a JSON object of payload fields');
  return value as Record<string, unknown>;
}

/** --order: the payload the service would send for this order, from GET /api/v2/orders/:id. */
async function fromOrder(deps: Deps, def: EventDef, raw: string): Promise<Record<string, unknown>> {
  if (!def.orderEvent)
    throw new UsageError(`${def.name} is not about an order: --order does not apply`, 'set its fields with --data');
  // spec 4.2: `:id` is the order id or its orderCode.
  const id = /^\d+$/.test(raw) ? parseId(raw, '--order') : raw;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(String(id))) throw new UsageError('--order must be an order id or an order code');
  const res = await (await deps.api()).orders.get(id, 'v2');
  return dataFromOrder(def, (res.data ?? {}) as Record<string, unknown>);
}

function progressLine(a: SendAttempt): string {
  const status = a.status === null ? 'no answer' : String(a.status);
  const next = a.nextInS === undefined ? '' : `; next attempt in ${a.nextInS} s`;
  return `attempt ${a.attempt}: ${a.result === 'delivered' ? 'delivered' : 'failed'} (${status}, ${a.ms} ms)${a.error ? ` ${a.error}` : ''}${next}`;
}

export const triggerVerb = defineVerb({
  name: 'trigger',
  description: 'send a test notification to your endpoint exactly as the service would',
  args: [['<event>', 'event name (see `svc webhooks events`)']],
  options,
  examples: [
    'svc webhooks trigger order.delivered --to http://127.0.0.1:8787/',
    'svc webhooks trigger order.delivered --to https://example.com/hooks --order 5001 --retry',
    `svc webhooks trigger product.out_of_stock --to http://127.0.0.1:8787/ --data '{"productId": 109}'`,
    'svc webhooks trigger sale.processing --to http://127.0.0.1:3000/ --retry --time-scale 0.01',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [triggerVerb];
