// notices never block the loop, bursts become one message, each platform's pace and
// 429 retry_after are kept, hostile text is escaped per platform. In-process, with a fake clock
// (the outbox's injected sleep and now) and a channel that records what it would post.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { makeChannel, type Channel } from '../../src/notify/channel.js';
import { discordText, escapeDiscord, escapeTelegramHtml, telegramText } from '../../src/notify/format.js';
import type { PostResult } from '../../src/notify/http.js';
import type { Notice } from '../../src/notify/notice.js';
import { Outbox, type Sleep } from '../../src/notify/outbox.js';

/** A fake clock: sleeping moves time at once, so pacing is measured, never waited for. */
function fakeClock() {
  let t = 0;
  const sleep: Sleep = async (ms) => {
    t += ms;
  };
  return { sleep, now: () => t };
}

function recording(base: Channel, answers: PostResult[] = []) {
  const posts: { at: number; body: any }[] = [];
  let clock = () => 0;
  const ch: Channel = {
    ...base,
    wants: base.wants,
    payload: base.payload,
    post: async (body) => {
      posts.push({ at: clock(), body });
      return answers.shift() ?? { status: 200 };
    },
  };
  return { ch, posts, setClock: (c: () => number) => (clock = c) };
}

const notice = (i: number, title = `Listing ${i}`): Notice => ({
  kind: 'sale',
  headline: `Sale: ${title}`,
  fields: [
    ['price', 'R$ 19,90'],
    ['profit', 'R$ 8,51'],
  ],
  at: '2026-11-25T00:00:00.000Z',
});

const telegram = () =>
  makeChannel({ name: 'tg', type: 'telegram', chatId: '-1', events: 'all' }, '123456:abcdefghijklmnopqrstuvwxyz', {});
const discord = () =>
  makeChannel({ name: 'dc', type: 'discord', events: 'all' }, 'https://discord.com/api/webhooks/1/secretsecret', {});

describe('notify outbox', () => {
  test('send() returns at once; a burst of 10,000 notices goes out as few messages, each within the platform limit', async () => {
    const c = fakeClock();
    const r = recording(telegram());
    r.setClock(c.now);
    const box = new Outbox([r.ch], {}, c.sleep, c.now);
    const t0 = Date.now();
    for (let i = 0; i < 10_000; i++) box.send(notice(i));
    assert.ok(Date.now() - t0 < 2000, 'queuing does not wait for the network');
    await box.drain(10 ** 9);
    assert.equal(box.stats.sent.tg, 10_000);
    assert.ok(r.posts.length < 10_000 / 20, `batched: ${r.posts.length} messages`);
    for (const p of r.posts) assert.ok(p.body.text.length <= 4096);
    // Telegram: about one message a second per chat.
    for (let i = 1; i < r.posts.length; i++) assert.ok(r.posts[i]!.at - r.posts[i - 1]!.at >= 1000);
  });

  test('a 429 waits its retry_after, then the same notices go again; not counted as a failure', async () => {
    const c = fakeClock();
    const r = recording(discord(), [{ status: 429, retryAfterS: 7.5 }]);
    r.setClock(c.now);
    const problems: string[] = [];
    const box = new Outbox([r.ch], { problem: (_n, d) => problems.push(d) }, c.sleep, c.now);
    box.send(notice(1));
    await box.drain(10 ** 9);
    assert.equal(r.posts.length, 2);
    assert.ok(r.posts[1]!.at - r.posts[0]!.at >= 7500, `${r.posts[1]!.at - r.posts[0]!.at} ms`);
    assert.deepEqual(r.posts[1]!.body, r.posts[0]!.body);
    assert.equal(box.stats.failed.dc, 0);
    assert.ok(!problems.join().includes('secretsecret'), 'the webhook secret is never in a message');
  });

  test('no part of a chat secret in any warning: the platform or a network error echoing the token, the URL, encoded', async () => {
    const c = fakeClock();
    const dc = recording(discord(), [
      { status: 500, detail: 'token secretsecret is rate limited' },
      { status: 502, detail: `bad hook ${encodeURIComponent('https://discord.com/api/webhooks/1/secretsecret')}` },
    ]);
    const tg = recording(telegram(), [{ status: 503, detail: 'bot abcdefghijklmnopqrstuvwxyz overloaded' }]);
    const failing: Channel = {
      ...discord(),
      name: 'dc2',
      post: async () => {
        throw new Error('connect ECONNREFUSED https://discord.com/api/webhooks/1/secretsecret');
      },
    };
    for (const r of [dc, tg]) r.setClock(c.now);
    const problems: string[] = [];
    const box = new Outbox([dc.ch, tg.ch, failing], { problem: (_n, d) => problems.push(d) }, c.sleep, c.now);
    box.send(notice(1));
    await box.drain(10 ** 9);
    assert.ok(problems.length >= 4, problems.join('\n'));
    for (const p of problems) {
      assert.ok(!/secretsecret|abcdefghijklmnopqrstuvwxyz|…/.test(p), p); // not even a masked tail
      assert.ok(!p.includes(encodeURIComponent('https://discord.com')), p);
    }
  });

  test('an empty Discord bucket (X-RateLimit-Remaining 0) waits X-RateLimit-Reset-After', async () => {
    const c = fakeClock();
    const r = recording(discord(), [{ status: 200, remaining: 0, resetAfterS: 3 }]);
    r.setClock(c.now);
    const box = new Outbox([r.ch], {}, c.sleep, c.now);
    box.send(notice(1));
    await new Promise((res) => setImmediate(res));
    box.send(notice(2));
    await box.drain(10 ** 9);
    assert.equal(r.posts.length, 2);
    assert.ok(r.posts[1]!.at - r.posts[0]!.at >= 3000);
  });

  test('a refusal (401 bad token) is given up at once; a 5xx is retried with backoff, then given up', async () => {
    const c = fakeClock();
    const refused = recording(telegram(), [{ status: 401, detail: 'Unauthorized' }]);
    const down = recording(
      discord(),
      Array.from({ length: 9 }, () => ({ status: 502 })),
    );
    refused.setClock(c.now);
    down.setClock(c.now);
    const box = new Outbox([refused.ch, down.ch], {}, c.sleep, c.now);
    box.send(notice(1));
    await box.drain(10 ** 9);
    assert.equal(refused.posts.length, 1);
    assert.equal(box.stats.failed.tg, 1);
    assert.equal(down.posts.length, 5);
    assert.equal(box.stats.failed.dc, 1);
  });
});

describe('per-platform text', () => {
  const hostile = '<b>x</b> & @everyone *bold* [link](http://evil) \u202e\u001b[31m';
  test('Telegram HTML: &, < and > escaped, controls and bidi overrides stripped', () => {
    assert.equal(escapeTelegramHtml('<b>x</b> & y'), '&lt;b&gt;x&lt;/b&gt; &amp; y');
    const t = telegramText(notice(1, hostile));
    assert.ok(!t.includes('<b>x'), t);
    assert.ok(!t.includes('\u202e') && !t.includes('\u001b'), t);
  });
  test('Discord: markdown escaped and mentions broken, besides allowed_mentions none', () => {
    const t = discordText(notice(1, hostile));
    assert.ok(!t.includes('@everyone'), t);
    assert.ok(t.includes('\\*bold\\*'), t);
    assert.ok(t.includes('\\[link\\]\\(http://evil\\)'), t);
    assert.equal(escapeDiscord('a_b'), 'a\\_b');
    const body = discord().payload([notice(1)]).body as any;
    assert.deepEqual(body.allowed_mentions, { parse: [] });
  });
  test('test-only base URLs are honoured for loopback only', async () => {
    const { loopbackOverride } = await import('../../src/notify/http.js');
    assert.equal(loopbackOverride('http://127.0.0.1:9'), 'http://127.0.0.1:9');
    assert.equal(loopbackOverride('https://evil.example'), undefined);
    assert.equal(loopbackOverride('http://10.0.0.1:80'), undefined);
  });
});
