// One chat's pace, kept by the shop's notices and the bot's replies together (Telegram: about
// one message a second in a chat, 20 a minute in a group). Time is an injected clock: a sleep
// moves it to its end, and every request to the chat is stamped on it as it leaves, so the
// gaps measured are the ones Telegram would see. A reply that gets a 429 waits out its
// retry_after and goes then, once. The bot runs in-process against the Bot API stand-in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pacedTelegram } from '../../src/bot/paced-api.js';
import type { TelegramApi } from '../../src/bot/telegram-api.js';
import { Outbox } from '../../src/notify/outbox.js';
import { ChatPaces } from '../../src/notify/pace.js';
import { saleNotice } from '../../src/shop/notices.js';
import { sale } from '../support/sale-order.js';
import { startTelegramBotStandIn, type TelegramBotStandIn } from '../support/telegram-bot-standin.js';
import { quietPort, runBot, SELLER, sellerChannel } from './bot-in-process.js';

const TOKEN = '4242424242:PaceTOKENdoNotLeak_00000042';

const order = (i: number) =>
  sale({
    id: 20_000 + i,
    orderCode: `P${i}`,
    createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i % 60)).toISOString(),
  });

const port = quietPort({ salesSince: async () => [order(1)] });

/** An injected clock: a sleep ends at once with the clock moved to its end (never back). */
function fakeClock() {
  const c = {
    now: 1_000_000,
    sleeps: [] as number[],
    sleep: (ms: number) => {
      const end = c.now + ms;
      return new Promise<void>((r) =>
        setImmediate(() => {
          c.sleeps.push(ms);
          c.now = Math.max(c.now, end);
          r();
        }),
      );
    },
  };
  return c;
}

function startBot(
  tg: TelegramBotStandIn,
  clock: ReturnType<typeof fakeClock>,
  paces: ChatPaces,
  stamps: number[],
  warn: (text: string) => void = () => {},
) {
  // Stamped as the request leaves, on the injected clock, then paced.
  const api = (inner: TelegramApi, signal: AbortSignal) => {
    const stamped: TelegramApi = {
      ...inner,
      send: (chat, text, o) => {
        stamps.push(clock.now);
        return inner.send(chat, text, o);
      },
    };
    return pacedTelegram(stamped, TOKEN, paces, { now: () => clock.now, sleep: clock.sleep, signal });
  };
  return runBot(tg, { token: TOKEN, port, now: () => clock.now, commandsPerMinute: 100, warn, api }).stop;
}

const gaps = (stamps: number[]) => stamps.slice(1).map((s, i) => s - stamps[i]!);

test('a reply answered 429 waits out its retry_after and is sent then, once', async (t) => {
  const tg = await startTelegramBotStandIn();
  const clock = fakeClock();
  const stamps: number[] = [];
  let lost: (text: string) => void = () => {};
  const failed = new Promise<string>((r) => {
    lost = r;
  });
  const stop = startBot(tg, clock, new ChatPaces(), stamps, (text) => lost(text));
  t.after(async () => {
    await stop();
    await tg.close();
  });
  tg.throttle(1, 7);
  tg.message(SELLER, SELLER, '/vendas');
  const outcome = await Promise.race([
    tg.waitFor((c) => c.method === 'sendMessage' && !c.throttled).then(() => 'sent'),
    failed,
  ]);
  assert.equal(outcome, 'sent', 'the reply was not given up');
  const sends = tg.calls.filter((c) => c.method === 'sendMessage');
  assert.deepEqual(
    sends.map((c) => [Boolean(c.throttled), /Sales today/.test(c.body.text)]),
    [
      [true, true],
      [false, true],
    ],
  );
  assert.equal(stamps.length, 2);
  assert.ok(stamps[1]! - stamps[0]! >= 7000, `resent ${stamps[1]! - stamps[0]!} ms later on the clock`);
});

test('50 commands and 200 sale notices in one chat: one message a second between them, nothing lost', async (t) => {
  const tg = await startTelegramBotStandIn();
  const clock = fakeClock();
  const paces = new ChatPaces();
  const stamps: number[] = [];
  const stop = startBot(tg, clock, paces, stamps);
  t.after(async () => {
    await stop();
    await tg.close();
  });
  const inner = sellerChannel(tg, TOKEN);
  const channel = {
    ...inner,
    post: (body: unknown, signal: AbortSignal) => {
      stamps.push(clock.now);
      return inner.post(body, signal);
    },
  };
  const outbox = new Outbox([channel], {}, clock.sleep, () => clock.now, { paces });
  let last = 0;
  for (let i = 0; i < 50; i++) {
    last = tg.message(SELLER, SELLER, '/vendas');
    for (let j = 0; j < 4; j++) outbox.send(saleNotice(order(i * 4 + j), undefined, order(i * 4 + j).createdAt!));
  }
  await tg.waitFor((c) => c.method === 'getUpdates' && Number(c.body.offset) > last);
  await outbox.drain(60_000);
  const sends = tg.calls.filter((c) => c.method === 'sendMessage');
  assert.equal(sends.filter((s) => /Sales today/.test(s.body.text)).length, 50, 'every command answered');
  assert.equal(outbox.stats.sent.vendas, 200);
  const text = sends.map((p) => p.body.text).join('\n');
  for (let i = 0; i < 200; i++) assert.equal(text.split(`<code>P${i}</code>`).length - 1, 1, `order P${i} once`);
  assert.equal(stamps.length, sends.length);
  const tight = gaps(stamps).filter((g) => g < 1000);
  assert.deepEqual(tight, [], `${sends.length} messages, gaps under 1 s between them`);
});

test('a group chat: the bot replies 20 a minute at most', async (t) => {
  const tg = await startTelegramBotStandIn();
  const clock = fakeClock();
  const stamps: number[] = [];
  const stop = startBot(tg, clock, new ChatPaces(), stamps);
  t.after(async () => {
    await stop();
    await tg.close();
  });
  const GROUP = -100_4242;
  let last = 0;
  for (let i = 0; i < 25; i++) last = tg.message(SELLER, GROUP, '/vendas');
  await tg.waitFor((c) => c.method === 'getUpdates' && Number(c.body.offset) > last);
  assert.equal(stamps.length, 25);
  assert.ok(stamps[20]! - stamps[0]! >= 60_000, `21 replies in ${stamps[20]! - stamps[0]!} ms`);
});
