// svc shop run --config shop.yaml: the resident form. The webhook listener of
// `webhooks listen` (same startListener, same store, dedupe and confirmation) hands each confirmed
// sale to the shop, which runs that listing's steps at once (refill, on/off, the sale's notice
// with its profit); a full pass runs at start and every `every` seconds (the catch-up for
// anything missed while down). GET /healthz on the port for a process manager. SIGTERM/SIGINT:
// stop taking work, finish the pass in flight, give notices a few seconds, exit 0.
import { z } from 'zod';
import { SHOP_DAY } from '../../api/assumptions.js';
import { nowMs } from '../../api/clock.js';
import { NeedsV2KeyError, RateLimitError, SvcError } from '../../api/errors.js';
import type { Order } from '../../api/responses.js';
import type { Notice } from '../../notify/notice.js';
import { note, warn } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import { count } from '../../output/plural.js';
import { jsonText } from '../../output/sanitize.js';
import { ShopMemory } from '../../shop/memory.js';
import { brl, payoutNotice, saleFigures } from '../../shop/notices.js';
import { ShopLoop } from '../../shop/resident.js';
import { ShopRunner } from '../../shop/runner.js';
import { apiOrderSource } from '../../webhooks/confirm.js';
import { DEFAULT_CONFIRM_POLICY } from '../../webhooks/decisions.js';
import { startListener } from '../../webhooks/listener.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { trustProxyOption } from '../webhooks/listen.js';
import { shopActions } from './actions.js';
import { routeDelivery, type ShopEvents } from '../../shop/events.js';
import { loadConfig, openOutbox } from './load.js';
import { tellDayPlan } from './budget.js';
import { quotaWatch } from './quota.js';
import { startPocket } from './pocket.js';
import { passSummary } from './report.js';
import { syncedMirror, type OrdersMirror } from '../../mirror/index.js';

/** On shutdown, notices still queued get this long. */
const SHUTDOWN_DRAIN_MS = 10_000;
/** Receiver trouble is told at most this often. */
const TROUBLE_EVERY_MS = 10 * 60_000;
/** The mirror is synced again when a pass finds it older than this. */
const MIRROR_FRESH_MS = 30_000;

const options = {
  config: option('--config <file>', 'the shop file (YAML)', z.string().min(1), { mandatory: true }),
  port: option('--port <n>', 'listener port; 0 picks a free one', z.coerce.number().int().min(0).max(65535), {
    default: '8787',
  }),
  host: option('--host <address>', 'address to listen on (127.0.0.1 behind a reverse proxy)', z.string().min(1), {
    default: '127.0.0.1',
  }),
  path: option(
    '--path <path>',
    'URL path the notifications are POSTed to (default: the secret path of `svc webhooks listen --init`, else /)',
    z
      .string()
      .regex(/^\/[^\s?#]*$/, 'must be a path starting with / (no query)')
      .optional(),
  ),
  trustProxy: trustProxyOption,
};

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the resident loop's lifetime in one place: start, the passes, the events and the shutdown share its closures (a split along start/events/stop is the next step)
async function run(deps: Deps, o: OptsOf<typeof options>): Promise<number> {
  const cfg = await loadConfig(deps, o.config);
  if (typeof cfg === 'number') return cfg;
  const { outbox, say } = await openOutbox(deps, cfg, { retryUnanswered: true }); // an outage loses no notice
  const client = await deps.client();
  if (!client.hasKey('v2')) throw new NeedsV2KeyError('shop run (confirming sales, refills, bulk-status)');
  const path = o.path ?? (await storedPath(deps)) ?? '/';
  let mirror: { at: number; m: Promise<OrdersMirror> } | undefined;
  const fresh = (sync = true) => {
    if (!mirror || (sync && nowMs() - mirror.at > MIRROR_FRESH_MS)) {
      mirror?.m.then((m) => m.close()).catch(() => {});
      mirror = { at: nowMs(), m: syncedMirror(deps, { signal: deps.signal }) };
    }
    return mirror.m;
  };
  const tell = (n: Notice) => outbox.send(n);
  const actions = shopActions(deps, fresh);
  const runner = new ShopRunner(cfg, actions, ShopMemory.open(deps.stateDir()), tell);
  // spec 8: what the shop will spend of the account's day, said now; `every` stretched to fit.
  const day = tellDayPlan(deps, cfg, await fresh().catch(() => undefined), { resident: true, everyS: cfg.everyS });
  const quota = quotaWatch(deps, (key, n) => runner.tellOnce(key, n));
  // The Telegram bot and the digest (src/cli/shop/pocket.ts): beside the loop, never in its way.
  const pocket = await startPocket(deps, { cfg, actions, say, tell, pending: () => outbox.pendingCount() });
  // A full pass found sales the receiver never brought (down or unreachable): so until it delivers one.
  let receiverDown = false;
  // The timer ticks at shop.yaml's `every:`; whether a pass is due is the account's day's call.
  const tickMs = cfg.everyS * 1000;
  const loop = new ShopLoop(runner, tickMs, {
    holdMs: () => quota.holdMs(),
    passDue: (sinceMs) => quota.passDue(day, sinceMs, { tickMs, receiverDown }),
    passed: (kind, r) => {
      if (kind === 'full' && !receiverDown && (r.missed ?? 0) > 0) {
        receiverDown = true;
        warn(
          deps.io,
          t(
            'the webhook receiver missed {sales}: the safety-net pass runs up to {n} times as often until it delivers again',
            { sales: count(r.missed ?? 0, 'sale'), n: SHOP_DAY.receiverDownFactor },
          ),
        );
      }
      pocket.passed(kind, r);
      note(deps.io, t(kind === 'full' ? 'pass: {summary}' : 'sale pass: {summary}', { summary: passSummary(r) }));
      quota.checkLow();
    },
    failed: (kind, err) => {
      // a pass the stop (SIGTERM) cut short is not a failure to tell: the next start passes again
      if (deps.signal.aborted) return;
      const why = passFailure(err);
      warn(
        deps.io,
        kind === 'full'
          ? t('full pass failed: {why}; the next pass tries again', { why })
          : t('sale pass failed: {why}; the next pass tries again', { why }),
      );
    },
  });
  const at = () => new Date(nowMs()).toISOString();
  let lastTrouble = 0;
  const events: ShopEvents = {
    sale: (order: Order) => {
      receiverDown = false; // it delivers
      loop.sale(order);
    },
    listing: (id) => loop.listing(id),
    mediation: (order) =>
      runner.tellOnce(`mediation_opened:${order.id}`, {
        kind: 'mediation_opened',
        headline: `Mediation opened: order ${order.orderCode ?? order.id}`,
        fields: [
          ['listing', `${order.productId ?? '?'} ${order.productTitle ?? ''}`.trim()],
          ['price', brl(saleFigures(order).priceCents)],
        ],
        at: at(),
      }),
    payout: (order) => runner.tellOnce(`payout:${order.id}`, payoutNotice(order, at())),
  };
  let listener: Awaited<ReturnType<typeof startListener>>;
  try {
    listener = await startListener({
      stateDir: deps.stateDir(),
      host: o.host,
      port: o.port,
      path,
      // Confirmed sales reach the shop in process, as data (no loopback server, no text parsed).
      handTo: (d) => routeDelivery(d, events),
      orders: apiOrderSource(client),
      policy: DEFAULT_CONFIRM_POLICY,
      env: deps.env,
      health: true,
      degraded: () => quota.degraded(),
      trustProxy: o.trustProxy,
      onHint: (hint) => warn(deps.io, hint),
      log: (line) => {
        if (deps.globals.verbose || line.action === 'failed' || line.action === 'rejected')
          deps.io.stderr.write(`${jsonText({ at: at(), ...line })}\n`);
        // A hand-on step failing (the listener retries it): told at most every TROUBLE_EVERY_MS.
        if (line.action === 'failed' && nowMs() - lastTrouble > TROUBLE_EVERY_MS) {
          lastTrouble = nowMs();
          tell({
            kind: 'receiver_trouble',
            headline: 'Webhook receiver: a step is failing (retried)',
            fields: [
              ['event', line.event ?? '?'],
              ['detail', (line.detail ?? '').slice(0, 200)],
            ],
            at: at(),
          });
        }
      },
      onWritable: (ok, detail) => {
        warn(deps.io, `the webhook store ${ok ? 'can write again' : 'cannot write'} (${detail})`);
        if (!ok)
          tell({
            kind: 'receiver_trouble',
            headline: 'Webhook receiver: store cannot write',
            fields: [['detail', detail]],
            at: at(),
          });
      },
    });
  } catch (err) {
    await pocket.close();
    outbox.close();
    throw err;
  }
  const shown = path === '/' ? listener.url : listener.url.replace(path, '/…');
  note(
    deps.io,
    t('shop running: {rules}, pass every {s} s; listening on {url} (GET /healthz)', {
      rules: count(cfg.rules.length, 'rule'),
      s: day.everyS,
      url: shown,
    }),
  );
  loop.start();
  await new Promise<void>((resolve) => {
    if (deps.signal.aborted) return resolve();
    deps.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  note(deps.io, 'stopping: finishing the pass in flight');
  await listener.close();
  await loop.stop();
  await pocket.close();
  await outbox.drain(SHUTDOWN_DRAIN_MS);
  if (mirror) (await mirror.m.catch(() => undefined))?.close();
  note(deps.io, 'shop stopped');
  return 0;
}

async function storedPath(deps: Deps): Promise<string | undefined> {
  const store = await deps.profiles();
  const name = deps.globals.profile ?? (deps.env.SVC_PROFILE?.trim() || store.defaultName());
  return store.get(name)?.webhookPath;
}

export const runVerb = defineVerb({
  name: 'run',
  description: 'run the shop: webhook listener + a pass per confirmed sale + a periodic pass; GET /healthz',
  options,
  examples: [
    'svc shop run --config shop.yaml                   # 127.0.0.1:8787, behind a TLS reverse proxy',
    'svc shop run --config shop.yaml --port 0 -q',
  ],
  run,
});

export const verbs = [runVerb];

/**
 * Why a pass failed, in svc's words: the day spent (A8 DAILY_LIMIT) with the wait the service
 * gave; any other error by its message (never its class name).
 */
function passFailure(err: unknown): string {
  if (err instanceof RateLimitError && err.code === 'DAILY_LIMIT' && err.retryAfterS) {
    const min = Math.round(err.retryAfterS / 60);
    return t("the account's requests for today are spent (DAILY_LIMIT): they reset in {h} h {min} min", {
      h: Math.floor(min / 60),
      min: min % 60,
    });
  }
  return err instanceof SvcError || err instanceof Error ? err.message : String(err);
}
