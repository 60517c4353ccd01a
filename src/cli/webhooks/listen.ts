// svc webhooks listen: a receiver a seller can run in production (spec 6.2).
// Answers 2xx at once, dedupes by event + order id in a store under SVC_STATE_DIR, confirms order
// events with the service (within a budget of the account's requests), then forwards and/or runs
// a handler with the confirmed order, with retries that survive restarts. Runs until
// SIGINT/SIGTERM, then stops cleanly (exit 0). `--init` makes the secret URL path.
import { z } from 'zod';
import { EXIT, NeedsV2KeyError, SvcError, UsageError } from '../../api/errors.js';
import { note, warn } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CONFIRM_POLICY,
  RECEIVER_LIMITS,
  SECRET_PATH_BYTES,
  SECRET_PATH_PREFIX,
  STORE_LIMITS,
  type ConfirmPolicy,
} from '../../webhooks/decisions.js';
import { trustedProxies } from '../../webhooks/senders.js';
import { apiOrderSource, type OrderSource } from '../../webhooks/confirm.js';
import type { Listener, ListenerStats } from '../../webhooks/listener.js';
import type { LogFn } from '../../webhooks/log.js';
import { EVENT_NAMES } from '../../webhooks/events.js';
import { displayUrl } from '../../webhooks/forward.js';
import { startListener } from '../../webhooks/listener.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { listenOutput } from './listen-output.js';
import { type CatchUpLoop, startCatchUp } from './catch-up-loop.js';
import { LIMITS, MIRROR, SHOP_COSTS } from '../../api/assumptions.js';
import { BudgetFlag } from '../../shop/budget.js';
import { Duration } from '../orders/duration.js';
import { catchUpOptions } from '../orders/reconcile.js';
import { tellListenDay } from './listen-budget.js';
import { eventList } from '../shared/event-list.js';

const budget = () => z.coerce.number().int().min(1, 'must be at least 1').max(600, 'must be at most 600').optional();
/** --trust-proxy, shared with `shop run`, which listens the same way. */
export const trustProxyOption = option(
  '--trust-proxy <addresses>',
  'behind a reverse proxy: believe X-Forwarded-For only from these addresses or subnets (e.g. 127.0.0.1,10.0.0.0/8)',
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return undefined;
      try {
        return trustedProxies(s.split(',').filter((x) => x.trim() !== ''));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
);

const options = {
  port: option('--port <n>', 'port; 0 picks a free one', z.coerce.number().int().min(0).max(65535), {
    default: '8787',
  }),
  host: option('--host <address>', 'address to listen on (0.0.0.0 behind a proxy)', z.string().min(1), {
    default: '127.0.0.1',
  }),
  path: option(
    '--path <path>',
    'URL path the notifications are POSTed to (default: the secret path made by --init, else /)',
    z
      .string()
      .regex(/^\/[^\s?#]*$/, 'must be a path starting with / (no query)')
      .optional(),
  ),
  init: flag('--init', 'make a long random secret path, store it in the profile, print it once, and exit'),
  rotate: flag(
    '--rotate',
    'with --init: replace the secret path the profile has (the dashboard URL must then be changed)',
  ),
  events: option(
    '--events <a,b>',
    'hand on only these events (others are answered and ignored)',
    eventList(EVENT_NAMES, (bad) => `unknown event ${bad.join(', ') || '(none given)'}; see \`svc webhooks events\``),
  ),
  forwardTo: option(
    '--forward-to <url>',
    'POST each notification, same body and X-Service-Event, to URL',
    z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  ),
  exec: option(
    '--exec <cmd>',
    'run CMD per notification: the delivery (notification + confirmed order) on stdin, SVC_DELIVERY_ID, SVC_EVENT, SVC_ORDER_ID set, no SVC_* key',
    z.string().min(1).optional(),
  ),
  confirm: option(
    '--no-confirm',
    'do not confirm order events with the service (e.g. no v2 key): the hook gets the raw body, marked unconfirmed',
    z.boolean(),
  ),
  lookupBudget: option(
    '--lookup-budget <n>',
    `at most N confirmation requests a minute (default ${DEFAULT_CONFIRM_POLICY.lookupsPerMinute}, a third of the account's 60)`,
    budget(),
  ),
  unknownBudget: option(
    '--unknown-budget <n>',
    `at most N a minute of them for orders the service does not confirm (default ${DEFAULT_CONFIRM_POLICY.unknownPerMinute})`,
    budget(),
  ),
  maxPendingPerAddress: option(
    '--max-pending-per-address <n>',
    `notifications one sender address may have waiting for confirmation; past it, 429 (default ${STORE_LIMITS.unconfirmedPerAddress})`,
    z.coerce.number().int().min(1, 'must be at least 1').max(STORE_LIMITS.maxUnconfirmed).optional(),
  ),
  maxConnectionsPerAddress: option(
    '--max-connections-per-address <n>',
    `connections one sender address may hold open; past it, closed at once (default ${RECEIVER_LIMITS.connectionsPerAddress})`,
    z.coerce.number().int().min(1, 'must be at least 1').max(RECEIVER_LIMITS.maxConnections).optional(),
  ),
  trustProxy: trustProxyOption,
  catchUpEvery: option(
    '--catch-up-every <duration>',
    `catch up on missed sales from the orders list this often (default ${MIRROR.catchUpEveryMs / 60_000}m; off: only at start, never with --no-confirm)`,
    z.union([z.literal('off'), Duration()]).optional(),
  ),
  budget: option(
    '--budget <share>',
    `the share of the account's ${LIMITS.v2PerDay} requests a day its catch-ups and confirmations may spend (default ${SHOP_COSTS.defaultBudgetPercent}%); a --catch-up-every past it is stretched`,
    BudgetFlag.optional(),
  ),
  stuckAfter: catchUpOptions.stuckAfter,
  refuseFor: option(
    '--refuse-for <seconds>',
    `an order id the service refused is not looked up again for this long, doubling each time (default ${DEFAULT_CONFIRM_POLICY.refuseForMs / 1000})`,
    z.coerce.number().min(0.1, 'must be at least 0.1').max(86_400, 'must be at most 86400').optional(),
  ),
};

/** The threat model in five lines, in `--help` and the README. */
const THREAT_MODEL = `
Threat model: anyone who finds the URL can POST (the service signs nothing, spec 6.3), so use the
secret path from \`svc webhooks listen --init\`: any other path gets a bare 404 and touches nothing.
Checked: each event is confirmed by its own route (the order: your sale, in a state that fits, a new
sale recent; the mediation; the listing) before it is remembered or handed on; requests that confirm
nothing come out of --unknown-budget.
The hook can trust svc.order and svc.confirmed, and data when svc.dataFrom is "order" (built from the
service's answer, never a body posted first); it never gets a key (no SVC_* variable).
Capacity: each sender address may hold --max-connections-per-address connections and
--max-pending-per-address unconfirmed notifications (429 past it, said once a minute); behind a
proxy, name it with --trust-proxy so the forwarded address is the sender.`;

/** Anyone who can reach the port can POST: say when nothing tells a forged post from a real one. */
function exposureWarnings(deps: Deps, o: OptsOf<typeof options>, path: string): void {
  if (LOOPBACK.includes(o.host) || deps.io.quiet) return;
  // A11: no signature is sent, so without confirmation nothing tells a forged notification from a real one.
  if (!o.confirm) warn(deps.io, `listening on ${o.host} with --no-confirm: notifications are handed on unchecked`);
  if (path === '/')
    warn(
      deps.io,
      'listening on / : anyone who finds the URL can post; run `svc webhooks listen --init` for a secret path',
    );
}

/** The confirmation budgets: the defaults, with what the flags change. */
function confirmPolicy(o: OptsOf<typeof options>): ConfirmPolicy {
  return {
    ...DEFAULT_CONFIRM_POLICY,
    ...(o.lookupBudget ? { lookupsPerMinute: o.lookupBudget } : {}),
    ...(o.unknownBudget
      ? { unknownPerMinute: Math.min(o.unknownBudget, o.lookupBudget ?? DEFAULT_CONFIRM_POLICY.lookupsPerMinute) }
      : {}),
    ...(o.refuseFor ? { refuseForMs: o.refuseFor * 1000 } : {}),
  };
}

async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  if (o.init) return initSecretPath(deps, o.rotate === true);
  if (o.rotate) throw new UsageError('--rotate goes with --init', 'svc webhooks listen --init --rotate');
  const { path, secret } = await listenPath(deps, o.path);
  const orders = o.confirm ? await orderSource(deps) : undefined;
  const policy = confirmPolicy(o);
  const out = listenOutput(deps);
  let listener: Awaited<ReturnType<typeof startListener>>;
  try {
    listener = await startListener({
      stateDir: deps.stateDir(),
      host: o.host,
      port: o.port,
      path,
      events: o.events,
      forwardTo: o.forwardTo,
      exec: o.exec,
      orders,
      policy,
      env: deps.env,
      log: out.log,
      trustProxy: o.trustProxy,
      connectionsPerAddress: o.maxConnectionsPerAddress,
      store: o.maxPendingPerAddress ? { pool: { unconfirmedPerAddress: o.maxPendingPerAddress } } : undefined,
      onRepaired: (detail) => warn(deps.io, detail),
      onHint: (hint) => warn(deps.io, hint),
      // a full disk stops new notifications (503: the service resends) and is said loudly.
      onWritable: (ok, detail) =>
        warn(
          deps.io,
          ok
            ? `the webhook store can write again (${detail}): accepting notifications again`
            : `the webhook store cannot write (${detail}): new notifications get 503 until there is room; steps already done stay done`,
        ),
    });
  } catch (err) {
    await out.done(0);
    throw listenError(err, o.host, o.port);
  }
  const l = listener;
  let catching: CatchUpLoop | undefined;
  try {
    exposureWarnings(deps, o, path);
    // The secret path is never printed again (nor logged): the URL shows it masked.
    const url = secret ? l.url.replace(path, `${path.slice(0, path.lastIndexOf('/') + 1)}…`) : l.url;
    await out.started({ url, mode: describeMode(o, policy), resumed: l.resumed });
    catching = o.confirm ? await catchUpWithin(deps, l, o, out.log) : undefined;
    const tick = setInterval(() => out.setPending(l.pendingCount()), 1000);
    await new Promise<void>((resolve) => {
      if (deps.signal.aborted) return resolve();
      deps.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    clearInterval(tick);
    out.stopping();
  } finally {
    await catching?.stop();
    await l.close();
  }
  if (!deps.io.quiet) deps.io.stderr.write(`${t(summary(l.stats(), policy))}\n`);
  await out.done(l.pendingCount());
  return 0;
}

/**
 * Sales missed while down are caught up from the orders list (needs the v2 key), as often as the
 * budget carries (spec 8): the interval is told and fitted first.
 */
async function catchUpWithin(deps: Deps, l: Listener, o: OptsOf<typeof options>, log: LogFn): Promise<CatchUpLoop> {
  const everyMs = await tellListenDay(deps, {
    everyMs: o.catchUpEvery === 'off' ? 0 : (o.catchUpEvery ?? MIRROR.catchUpEveryMs),
    given: o.catchUpEvery !== undefined,
    budgetPercent: o.budget ?? SHOP_COSTS.defaultBudgetPercent,
  });
  return startCatchUp(deps, l, { everyMs, events: o.events, stuckAfterMs: o.stuckAfter, log });
}

/**
 * `--init`: a path nobody can guess, stored in the profile like a key, printed once.
 * A profile that has one already keeps it unless --rotate (or a yes on a terminal): the URL in
 * the seller's dashboard would get 404 for every notification from then on.
 */
async function initSecretPath(deps: Deps, rotate: boolean): Promise<number> {
  const store = await deps.profiles();
  const name = deps.globals.profile ?? (deps.env.SVC_PROFILE?.trim() || store.defaultName());
  const old = store.get(name)?.webhookPath;
  const masked = old ? `${old.slice(0, SECRET_PATH_PREFIX.length + 4)}…` : '';
  const question = `profile "${name}" has a secret webhook path (${masked}) your dashboard uses; replace it?`;
  if (old && !rotate && !(await deps.confirm(question, '--rotate'))) {
    note(deps.io, 'cancelled: the secret path is unchanged');
    return EXIT.cancelled;
  }
  const path = `${SECRET_PATH_PREFIX}${randomBytes(SECRET_PATH_BYTES).toString('base64url')}`;
  await store.update(name, (p) => ({ ...p, webhookPath: path }));
  deps.io.stdout.write(`${path}\n`);
  if (!deps.io.quiet) {
    deps.io.stderr.write(`${t('secret webhook path stored in profile "{name}"; it is not shown again.', { name })}\n`);
    const next = old
      ? t(
          'change the webhook URL in the seller dashboard (API/DEV settings) from {old} to https://YOUR-HOST<the path above>: until then every notification gets 404, and the service gives up after 5 attempts (spec 6.2.2)',
          { old: `https://YOUR-HOST${masked}` },
        )
      : t(
          'set your webhook URL in the seller dashboard (API/DEV settings) to https://YOUR-HOST<the path above>, then run `svc webhooks listen`',
        );
    deps.io.stderr.write(`${next}\n`);
  }
  return 0;
}

async function listenPath(deps: Deps, given: string | undefined): Promise<{ path: string; secret: boolean }> {
  if (given !== undefined) return { path: given, secret: false };
  const store = await deps.profiles();
  const name = deps.globals.profile ?? (deps.env.SVC_PROFILE?.trim() || store.defaultName());
  const stored = store.get(name)?.webhookPath;
  return stored ? { path: stored, secret: true } : { path: '/', secret: false };
}

function summary(s: ListenerStats, policy: ConfirmPolicy): string {
  const parts = [refusedClause(s.refusedPosts)];
  if (s.confirm) {
    const c = s.confirm;
    parts.push(t('{ok} confirmed, {refused} not confirmed by the service', { ok: c.confirmed, refused: c.refused }));
    parts.push(
      t(
        `{n} ${c.lookups === 1 ? 'lookup' : 'lookups'} ({pages} list ${c.pageLookups === 1 ? 'page' : 'pages'}; {none} confirmed nothing, budget {budget}/min)`,
        { n: c.lookups, pages: c.pageLookups, none: c.unconfirmedLookups, budget: policy.unknownPerMinute },
      ),
    );
    if (c.backlog > 0) parts.push(t('{n} awaiting confirmation', { n: c.backlog }));
  }
  return parts.join('; ');
}

/**
 * `refused 8 posts (405 not a POST: 1, 413 too large: 1)`: each reason is said on its own (a
 * refusal is `STATUS reason`, the status a value), so no combination needs its own entry.
 */
function refusedClause(refusedPosts: Record<string, number>): string {
  const posts = Object.entries(refusedPosts).sort((a, b) => b[1] - a[1]);
  const n = posts.reduce((sum, [, c]) => sum + c, 0);
  const why = posts
    .map(([reason, c]) => {
      const m = /^(\d{3}) (.*)$/.exec(reason);
      return `${m ? `${m[1]} ${t(m[2]!)}` : t(reason)}: ${c}`;
    })
    .join(', ');
  if (!why) return t(n === 1 ? 'refused 1 post' : 'refused {n} posts', { n });
  return t(n === 1 ? 'refused 1 post ({why})' : 'refused {n} posts ({why})', { n, why });
}

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/** spec 6.2.5 needs the seller's v2 key; say how to do without before opening the port. */
async function orderSource(deps: Deps): Promise<OrderSource> {
  const skip = 'or pass --no-confirm to hand notifications on unconfirmed';
  try {
    const client = await deps.client();
    if (!client.hasKey('v2'))
      throw new NeedsV2KeyError('confirming order events with GET /api/v2/orders/:id (spec 6.2.5)');
    return apiOrderSource(client);
  } catch (err) {
    if (err instanceof SvcError) err.hint = err.hint ? `${err.hint}; ${skip}` : skip;
    throw err;
  }
}

function describeMode(o: OptsOf<typeof options>, policy: ConfirmPolicy): string {
  const parts = [
    o.confirm
      ? `confirming order events (≤ ${policy.lookupsPerMinute}/min, ${policy.unknownPerMinute}/min for unknown orders)`
      : 'not confirming',
  ];
  if (o.events) parts.push(`events ${[...o.events].join(',')}`);
  if (o.forwardTo) parts.push(`forward to ${displayUrl(o.forwardTo)}`);
  if (o.exec) parts.push('exec handler');
  if (!o.forwardTo && !o.exec) parts.push('log only');
  return parts.join(' · ');
}

function listenError(err: unknown, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new SvcError(
      `port ${port} on ${host} is already in use`,
      'pick another with --port, or --port 0 for a free one',
    );
  if (code === 'EACCES') return new SvcError(`not allowed to listen on ${host}:${port}`, 'use a port above 1023');
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new SvcError(
      `cannot listen on ${host}: no such local address`,
      'use --host 127.0.0.1, or 0.0.0.0 for every interface',
    );
  return err;
}

export const listenVerb = defineVerb({
  name: 'listen',
  description: 'receive webhooks: answer at once, dedupe, confirm order events, forward and/or run a handler',
  options,
  helpAfter: THREAT_MODEL,
  examples: [
    'svc webhooks listen --init                       # once: prints the secret path for the dashboard',
    'svc webhooks listen --init --rotate              # a new secret path (then change the dashboard URL)',
    'svc webhooks listen --host 127.0.0.1 --trust-proxy 127.0.0.1 --exec ./on-sale.sh   # behind nginx/caddy',
    'svc webhooks listen --forward-to http://127.0.0.1:3000/hooks',
    "svc webhooks listen --events order.delivered --exec './on-delivery.sh'",
    'svc webhooks listen --host 0.0.0.0 --port 8787 --path /svc-hooks > webhooks.jsonl',
    'svc webhooks listen --no-confirm --port 0        # prints the chosen port on stderr',
  ],
  run,
});

/** What the noun's table loads (src/cli/shared/verbs.ts). */
export const verbs = [listenVerb];
