// Scale: a burst of 200 sales is batched into a few Telegram messages with nothing lost, at the
// platform's pace (the outbox's clock injected: no real waiting); a burst of 50 commands is
// bounded by the rate gate (the shop's functions called 20 times, one "wait" told), and every
// update is confirmed, none handled twice. The bot runs in-process against the Bot API stand-in.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Outbox } from '../../src/notify/outbox.js';
import { saleNotice } from '../../src/shop/notices.js';
import { sale } from '../support/sale-order.js';
import { startTelegramBotStandIn } from '../support/telegram-bot-standin.js';
import { botOnStandIn, quietPort, SELLER, sellerChannel } from './bot-in-process.js';

const TOKEN = '4242424242:BurstTOKENdoNotLeak_000042';

const order = (i: number) =>
  sale({ id: 10_000 + i, orderCode: `B${i}`, createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)).toISOString() });

describe('bursts', () => {
  test('200 sales: batched into few messages at 1 a second per chat, all 200 delivered once', async (t) => {
    const tg = await startTelegramBotStandIn();
    t.after(() => tg.close());
    let now = 0;
    const waits: number[] = [];
    const channel = sellerChannel(tg, TOKEN);
    const outbox = new Outbox(
      [channel],
      {},
      async (ms) => {
        waits.push(ms);
        now += ms;
      },
      () => now,
    );
    for (let i = 0; i < 200; i++) outbox.send(saleNotice(order(i), undefined, order(i).createdAt!));
    await outbox.drain(60_000);
    const posts = tg.calls.filter((c) => c.method === 'sendMessage');
    assert.equal(outbox.stats.sent.vendas, 200);
    assert.ok(posts.length >= 2 && posts.length <= 20, `${posts.length} messages`);
    const text = posts.map((p) => p.body.text).join('\n');
    for (let i = 0; i < 200; i++) assert.equal(text.split(`<code>B${i}</code>`).length - 1, 1, `order B${i} once`);
    assert.ok(waits.every((w) => w <= 1000) && waits.length >= posts.length - 1, 'paced: one message a second');
  });

  test('Telegram down for an hour: the resident outbox keeps trying and delivers every notice once when it is back', async (t) => {
    const tg = await startTelegramBotStandIn();
    t.after(() => tg.close());
    let now = 0;
    const channel = sellerChannel(tg, TOKEN);
    let tries = 0;
    const outbox = new Outbox(
      [channel],
      { problem: () => tries++ },
      async (ms) => {
        now += ms;
        if (now >= 3_600_000) tg.down = false; // back after an hour on the outbox's clock
      },
      () => now,
      { retryUnanswered: true },
    );
    tg.down = true;
    for (let i = 0; i < 3; i++) outbox.send(saleNotice(order(i), undefined, order(i).createdAt!));
    await outbox.drain(60_000);
    assert.equal(outbox.stats.sent.vendas, 3);
    assert.equal(outbox.stats.failed.vendas, 0);
    assert.ok(tries > 100, `${tries} tries in the hour`);
    const text = tg.calls
      .filter((c) => c.method === 'sendMessage')
      .map((c) => c.body.text)
      .join('\n');
    for (let i = 0; i < 3; i++) assert.equal(text.split(`<code>B${i}</code>`).length - 1, 1, `order B${i} once`);
  });

  test('50 commands at once: 20 run (the rate), one "wait" told, all 50 confirmed, none twice', async (t) => {
    let reads = 0;
    const port = quietPort({
      salesSince: async () => {
        reads++;
        return [order(1)];
      },
    });
    const { tg } = await botOnStandIn(t, { token: TOKEN, port, now: Date.now });
    let last = 0;
    for (let i = 0; i < 50; i++) last = tg.message(SELLER, SELLER, '/vendas');
    await tg.waitFor((c) => c.method === 'getUpdates' && Number(c.body.offset) > last);
    const replies = tg.calls.filter((c) => c.method === 'sendMessage');
    assert.equal(reads, 20, 'the shop was asked 20 times');
    assert.equal(replies.filter((r) => /Sales today/.test(r.body.text)).length, 20);
    assert.equal(replies.filter((r) => /too many commands/.test(r.body.text)).length, 1, 'told once, not 30 times');
  });
});
