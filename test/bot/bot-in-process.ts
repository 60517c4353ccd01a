// The bot in-process against the Telegram Bot API stand-in (test/support/telegram-bot-standin.ts),
// set up once for the bot's test files: a shop port that refuses
// every write unless the test gives its own, and a running ShopBot stopped with the test.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { ShopBot } from '../../src/bot/bot.js';
import type { BotPort } from '../../src/bot/port.js';
import { type TelegramApi, telegramApi } from '../../src/bot/telegram-api.js';
import { makeChannel } from '../../src/notify/channel.js';
import { sayEnglish } from '../../src/notify/notice.js';
import { startTelegramBotStandIn, type TelegramBotStandIn } from '../support/telegram-bot-standin.js';

/** The seller: the one allowed user, in a private chat of the same id. */
export const SELLER = 4242;

/** The shop as the bot sees it: no sales, no stock, no questions, and every write a failure. */
export function quietPort(over: Partial<BotPort> = {}): BotPort {
  return {
    salesSince: async () => [],
    stock: () => undefined,
    questions: async () => [],
    setStatus: async () => assert.fail('no write'),
    setPrice: async () => assert.fail('no write'),
    refill: async () => undefined,
    answer: async () => assert.fail('no write'),
    status: () => [],
    ...over,
  };
}

/** The seller's Telegram channel of the notices, through the stand-in. */
export function sellerChannel(tg: TelegramBotStandIn, token: string) {
  return makeChannel({ name: 'vendas', type: 'telegram', chatId: String(SELLER), events: 'all' }, token, {
    SVC_TELEGRAM_API_BASE: tg.url,
  });
}

export interface BotRun {
  token: string;
  port: BotPort;
  /** The bot's clock. */
  now: () => number;
  commandsPerMinute?: number;
  /** The bot's folder (plans, audit); a fresh one when not given. */
  dir?: string;
  warn?: (text: string) => void;
  /** The Bot API the bot talks to, given the stand-in's and the bot's stop signal; the stand-in's own when not given. */
  api?: (plain: TelegramApi, signal: AbortSignal) => TelegramApi;
}

/** A ShopBot polling `tg` for the seller; `stop()` (idempotent) aborts it and waits for its end. */
export function runBot(tg: TelegramBotStandIn, o: BotRun): { dir: string; stop: () => Promise<void> } {
  const stop = new AbortController();
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'svc-bot-'));
  const plain = telegramApi(o.token, { SVC_TELEGRAM_API_BASE: tg.url });
  const bot = new ShopBot(
    o.api ? o.api(plain, stop.signal) : plain,
    o.port,
    {
      users: new Set([String(SELLER)]),
      commandsPerMinute: o.commandsPerMinute ?? 20,
      zone: 'America/Sao_Paulo',
      say: sayEnglish,
      now: o.now,
    },
    dir,
    { warn: o.warn ?? (() => {}), note: () => {} },
  );
  const running = bot.run(stop.signal);
  return {
    dir,
    stop: async () => {
      stop.abort();
      await running;
    },
  };
}

/** A stand-in and a bot on it, both ended with the test. */
export async function botOnStandIn(
  t: TestContext,
  o: BotRun,
): Promise<{ tg: TelegramBotStandIn; dir: string; stop: () => Promise<void> }> {
  const tg = await startTelegramBotStandIn();
  const bot = runBot(tg, o);
  t.after(async () => {
    await bot.stop();
    await tg.close();
  });
  return { tg, ...bot };
}
