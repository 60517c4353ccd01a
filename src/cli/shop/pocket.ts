// The shop in the seller's pocket, started by `shop run` with one call: the Telegram bot (when
// shop.yaml has `telegram:`) and the digest at its local hour (when it has `digest:`). Both only
// read what the shop holds and act through the shop's own paths; neither can stop the shop: a
// missing bot token is a warning, a failed digest a warning and the next one tomorrow.
import { join } from 'node:path';
import { AnswerQuestion } from '../../api/requests.js';
import { nowMs, realDelayMs } from '../../api/clock.js';
import { ShopBot, sleep } from '../../bot/bot.js';
import { pacedTelegram } from '../../bot/paced-api.js';
import { localWeekday, nextLocalTime } from '../../bot/local-time.js';
import type { BotPort } from '../../bot/port.js';
import { telegramApi } from '../../bot/telegram-api.js';
import { SHARED_CHAT_PACES } from '../../notify/pace.js';
import { WEEKDAYS } from '../../shop/pocket-config.js';
import { secretProblem } from '../../notify/channel.js';
import type { Notice, Say } from '../../notify/notice.js';
import { NotifySecrets } from '../../notify/secrets.js';
import { note, warn } from '../../output/reporter.js';
import { t } from '../../i18n/index.js';
import type { ShopConfig } from '../../shop/config.js';
import type { PassResult } from '../../shop/runner.js';
import type { RuleOutcome, ShopActions, StatusResult } from '../../shop/types.js';
import type { Deps } from '../shared/context.js';
import { outcomesFromResults } from '../products/item-results.js';
import { AnswerBudgetTracker } from '../questions/answer-budget.js';
import { buildDigest, DEFAULT_ZONE } from './digest-facts.js';
import { syncedMirror } from '../../mirror/index.js';

export interface PocketWiring {
  cfg: ShopConfig;
  actions: ShopActions;
  say: Say;
  tell(n: Notice): void;
  pending(): number;
}

export interface Pocket {
  /** Each pass of the loop: the bot's /estoque and the digest read the last full one. */
  passed(kind: 'full' | 'listing', r: PassResult): void;
  close(): Promise<void>;
}

export async function startPocket(deps: Deps, w: PocketWiring): Promise<Pocket> {
  const stop = new AbortController();
  const started = new Date(nowMs()).toISOString();
  let last: { at: string; outcomes: RuleOutcome[] } | undefined;
  const running: Promise<void>[] = [];
  const port = botPort(deps, w, () => last, started);
  const token = w.cfg.bot ? await botToken(deps, w.cfg) : undefined;
  if (w.cfg.bot && token) {
    const bot = new ShopBot(
      // Real clock: the pace is Telegram's, shared with the outbox's notices to the same chats.
      pacedTelegram(telegramApi(token, deps.env), token, SHARED_CHAT_PACES, {
        now: Date.now,
        sleep,
        signal: stop.signal,
      }),
      port,
      { ...w.cfg.bot, zone: w.cfg.digest?.zone ?? DEFAULT_ZONE, say: w.say, now: nowMs },
      join(deps.stateDir(), 'bot'),
      { warn: (t) => warn(deps.io, t), note: (t) => note(deps.io, t) },
    );
    running.push(bot.run(stop.signal));
    note(deps.io, `telegram bot: taking commands from ${w.cfg.bot.users.size} user(s)`);
  }
  if (w.cfg.digest) running.push(digestLoop(deps, w, () => last?.outcomes, stop.signal));
  return {
    passed(kind, r) {
      if (kind === 'full') last = { at: new Date(nowMs()).toISOString(), outcomes: r.outcomes };
    },
    async close() {
      stop.abort();
      await Promise.all(running);
    },
  };
}

/** The bot channel's token, as its notices find it; missing or malformed: a warning, no bot. */
async function botToken(deps: Deps, cfg: ShopConfig): Promise<string | undefined> {
  const c = cfg.channels.find((x) => x.name === cfg.bot?.channel);
  const token =
    (c?.secretEnv ? deps.env[c.secretEnv]?.trim() : undefined) ||
    (await new NotifySecrets(deps.env).read(c?.name ?? ''));
  if (!token || secretProblem('telegram', token)) {
    warn(deps.io, `telegram bot: channel "${c?.name}" has no usable bot token; the shop runs without commands`);
    return undefined;
  }
  return token;
}

/** Sleeps to the digest's next local hour, sends it, again; the weekly one on its day. */
async function digestLoop(
  deps: Deps,
  w: PocketWiring,
  outcomes: () => RuleOutcome[] | undefined,
  signal: AbortSignal,
): Promise<void> {
  const d = w.cfg.digest!;
  let after = nowMs();
  while (!signal.aborted) {
    // From the last hour sent, not only from now: a timer may wake a millisecond early on svc's clock.
    const at = nextLocalTime(Math.max(nowMs(), after), d.at, d.zone);
    after = at + 1000;
    // svc's clock may be moved (SVC_CLOCK_OFFSET_MS); the wait is the distance on it.
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, Math.max(0, realDelayMs(at - nowMs())));
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });
    if (signal.aborted) return;
    const kinds: ('daily' | 'weekly')[] = ['daily'];
    if (d.weekly && WEEKDAYS[localWeekday(at, d.zone)] === d.weekly) kinds.push('weekly');
    for (const kind of kinds) {
      try {
        const mirror = await syncedMirror(deps, { signal, offline: true });
        try {
          w.tell(
            await buildDigest(deps, w.cfg, kind, at, { mirror: async () => mirror, outcomes: async () => outcomes() }),
          );
        } finally {
          mirror.close();
        }
        note(deps.io, kind === 'daily' ? 'daily digest sent' : 'weekly digest sent');
      } catch (err) {
        const why = (err as Error).message;
        warn(
          deps.io,
          kind === 'daily'
            ? t('the daily digest failed: {why}; the next one is tomorrow', { why })
            : t('the weekly digest failed: {why}; the next one is tomorrow', { why }),
        );
      }
    }
  }
}

function botPort(
  deps: Deps,
  w: PocketWiring,
  last: () => { at: string; outcomes: RuleOutcome[] } | undefined,
  started: string,
): BotPort {
  const budget = new AnswerBudgetTracker(nowMs);
  const one = async (call: Promise<{ data: unknown }>, id: number): Promise<StatusResult> => {
    const res = await call;
    const [o] = outcomesFromResults([{ line: 1, id }], res.data as never, 'id');
    return {
      id,
      status: o?.status === 'ok' || o?.status === 'unchanged' ? o.status : 'failed',
      ...(o?.code ? { code: o.code } : {}),
      ...(o?.message ? { message: o.message } : {}),
    };
  };
  return {
    async salesSince(sinceIso) {
      // Offline: the loop keeps the mirror synced; a command spends no request.
      const m = await syncedMirror(deps, { signal: deps.signal, offline: true });
      try {
        return [...m.salesSince(sinceIso)];
      } finally {
        m.close();
      }
    },
    stock: () => last()?.outcomes,
    async questions() {
      const api = await deps.api();
      for await (const page of api.questions.list({ status: 'unanswered' }).pages({ limit: 20, all: false }))
        return page.items;
      return [];
    },
    setStatus: async (listing, active, key) =>
      one(
        (await deps.api()).products.bulkStatus([{ id: listing, isActive: active }]).send({ idempotencyKey: key }),
        listing,
      ),
    setPrice: async (listing, cents, key) =>
      one(
        (await deps.api()).products.bulkPrice([{ id: listing, price: cents }]).send({ idempotencyKey: key }),
        listing,
      ),
    async refill(listing, mode) {
      const rule = w.cfg.rules.find((r) => r.listing === listing);
      return rule ? w.actions.refill(rule, mode) : undefined;
    },
    async answer(question, text, key) {
      // spec 8: 5 answers a minute, 20 an hour; held back here rather than refused there.
      const b = budget.status();
      if (b.waitMs > 0)
        return {
          id: question,
          status: 'failed',
          code: 'QUESTION_ANSWER_RATE_LIMIT',
          message: `wait ${Math.ceil(b.waitMs / 1000)} s`,
        };
      const api = await deps.api();
      try {
        await api.questions.answer(question, AnswerQuestion.parse({ answer: text })).send({ idempotencyKey: key });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code) return { id: question, status: 'failed', code, message: (err as Error).message };
        throw err;
      }
      budget.record();
      return { id: question, status: 'ok' };
    },
    status() {
      const l = last();
      return [
        `running since ${started}`,
        l ? `last full pass ${l.at}: ${l.outcomes.length} rule(s)` : 'no full pass yet',
        `notices waiting: ${w.pending()}`,
      ];
    },
  };
}
