// WhatsApp through the Evolution API stand-in, the JSON webhook's data, Telegram topics, and the
// seller's language of every notice (pt-BR by default with no LANG, English with `language: en`).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import type { Order } from '../../src/api/responses.js';
import { makeChannel } from '../../src/notify/channel.js';
import { Outbox } from '../../src/notify/outbox.js';
import { sellerLanguage } from '../../src/shop/language.js';
import { saleNotice } from '../../src/shop/notices.js';
import { startEvolutionStandIn } from '../support/evolution-standin.js';
import { sale as saleOf } from '../support/sale-order.js';

const EVO_KEY = 'evo-key-0123456789-doNotLeak';
const AT = '2026-11-27T23:30:00.000Z';

const sale = (over: Partial<Order> = {}) => saleOf({ createdAt: AT, ...over });

describe('notices in the seller language', () => {
  test('pt-BR with no language anywhere (systemd), English with language: en, the environment in between', async () => {
    assert.equal((await sellerLanguage(undefined, {})).lang, 'pt-BR');
    assert.equal((await sellerLanguage(undefined, { LANG: 'en_US.UTF-8' })).lang, 'en');
    assert.equal((await sellerLanguage('en', { LANG: 'pt_BR.UTF-8' })).lang, 'en');
    const pt = await sellerLanguage(undefined, {});
    const ch = makeChannel(
      {
        name: 'w',
        type: 'whatsapp',
        baseUrl: 'http://127.0.0.1:9',
        instance: 'loja',
        to: '5511987654321',
        events: 'all',
        say: pt.say,
      },
      EVO_KEY,
      {},
    );
    const text = String((ch.payload([saleNotice(sale(), undefined, AT)]).body as { text: string }).text);
    assert.match(text, /^\*Venda: Conta Valorant\*/);
    assert.match(text, /preço: R\$ 19,90/);
    assert.match(text, /lucro: R\$ 10,91/);
    const en = await sellerLanguage('en', {});
    const chEn = makeChannel(
      {
        name: 'w',
        type: 'whatsapp',
        baseUrl: 'http://127.0.0.1:9',
        instance: 'loja',
        to: '5511987654321',
        events: 'all',
        say: en.say,
      },
      EVO_KEY,
      {},
    );
    const textEn = String((chEn.payload([saleNotice(sale(), undefined, AT)]).body as { text: string }).text);
    assert.match(textEn, /^\*Sale: Conta Valorant\*/);
    assert.match(textEn, /profit: R\$ 10,91/);
  });

  test('a sale with no delivered item says it has no cost data instead of claiming the full profit', async () => {
    const { say } = await sellerLanguage('pt-BR', {});
    const ch = makeChannel(
      { name: 't', type: 'telegram', chatId: '42', threadId: 7, events: 'all', say },
      '4242:AAAAAAAAAAAAAAAAAAAAAAAAAAA',
      {},
    );
    const body = ch.payload([saleNotice(sale({ deliveredItems: [] }), undefined, AT)]).body as Record<string, unknown>;
    assert.equal(body.message_thread_id, 7, 'the forum topic');
    assert.match(String(body.text), /custo: <code>sem dados de custo<\/code>/);
    assert.match(String(body.text), /lucro: <code>no máximo R\$ 17,91<\/code>/);
  });
});

describe('channels', () => {
  test("in the bot's own chat a new question goes alone with its Responder button; elsewhere it is batched, buttonless", async () => {
    const { say } = await sellerLanguage(undefined, {});
    const question = {
      kind: 'new_question' as const,
      headline: 'New question on listing 111',
      fields: [['question', 'Tem garantia?']] as [string, string][],
      buttons: [{ text: 'Answer', data: 'a:6001' }],
      at: AT,
    };
    const pending = [saleNotice(sale(), undefined, AT), question, saleNotice(sale({ id: 9002 }), undefined, AT)];
    const token = '4242:AAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const bot = makeChannel(
      { name: 't', type: 'telegram', chatId: '42', events: 'all', say, buttons: true },
      token,
      {},
    );
    const p1 = bot.payload(pending);
    assert.equal(p1.taken, 1, 'the sale before it goes first, alone');
    assert.equal((p1.body as Record<string, unknown>).reply_markup, undefined);
    const p2 = bot.payload(pending.slice(1));
    assert.equal(p2.taken, 1);
    assert.deepEqual((p2.body as { reply_markup: unknown }).reply_markup, {
      inline_keyboard: [[{ text: 'Responder', callback_data: 'a:6001' }]],
    });
    const other = makeChannel({ name: 'u', type: 'telegram', chatId: '43', events: 'all', say }, token, {});
    const p3 = other.payload(pending);
    assert.equal(p3.taken, 3);
    assert.equal((p3.body as Record<string, unknown>).reply_markup, undefined);
    const p4 = other.payload(pending.slice(1));
    assert.equal(p4.taken, 2, 'the question first: still batched with what follows');
    assert.equal((p4.body as Record<string, unknown>).reply_markup, undefined);
  });

  test('the Evolution API stand-in receives a sale notice with its apikey header; the key is in no text', async (t) => {
    const evo = await startEvolutionStandIn(EVO_KEY);
    t.after(() => evo.close());
    const { say } = await sellerLanguage(undefined, {});
    const ch = makeChannel(
      { name: 'zap', type: 'whatsapp', baseUrl: evo.url, instance: 'loja-1', to: '5511987654321', events: 'all', say },
      EVO_KEY,
      {},
    );
    const problems: string[] = [];
    const outbox = new Outbox([ch], { problem: (_c, d) => problems.push(d) });
    outbox.send(saleNotice(sale(), undefined, AT));
    await outbox.drain(10_000);
    assert.deepEqual(problems, []);
    assert.equal(evo.requests.length, 1);
    const r = evo.requests[0]!;
    assert.equal(r.path, '/message/sendText/loja-1');
    assert.equal(r.headers.apikey, EVO_KEY);
    assert.equal(r.body.number, '5511987654321');
    assert.match(r.body.text, /Venda: Conta Valorant/);
    assert.ok(!JSON.stringify(r.body).includes(EVO_KEY));
  });

  test('a refused Evolution key is a problem named without the key, and not retried', async (t) => {
    const evo = await startEvolutionStandIn('another-key-entirely');
    t.after(() => evo.close());
    const ch = makeChannel(
      { name: 'zap', type: 'whatsapp', baseUrl: evo.url, instance: 'loja-1', to: '5511987654321', events: 'all' },
      EVO_KEY,
      {},
    );
    const problems: string[] = [];
    const outbox = new Outbox([ch], { problem: (_c, d) => problems.push(d) });
    outbox.send(saleNotice(sale(), undefined, AT));
    await outbox.drain(10_000);
    assert.equal(evo.requests.length, 1, 'a 401 is a refusal: not retried');
    assert.match(problems.join('\n'), /HTTP 401/);
    assert.ok(!problems.join('\n').includes(EVO_KEY));
  });

  test('the JSON webhook posts data (ids, cents, ISO time, kind) with the rendered text, and its headers', async (t) => {
    const seen: { headers: Record<string, unknown>; body: any }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t.after(() => server.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const { say } = await sellerLanguage('en', {});
    const ch = makeChannel(
      { name: 'h', type: 'webhook', events: 'all', headers: { 'X-Token': 'hdr-secret-1234' }, say },
      url,
      {},
    );
    const outbox = new Outbox([ch]);
    outbox.send(saleNotice(sale({ deliveredItems: [] }), undefined, AT));
    await outbox.drain(10_000);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.headers['x-token'], 'hdr-secret-1234');
    const n = seen[0]!.body.notices[0];
    assert.equal(n.kind, 'sale');
    assert.equal(n.at, AT);
    assert.deepEqual(
      {
        orderId: n.data.orderId,
        listingId: n.data.listingId,
        priceCents: n.data.priceCents,
        feeCents: n.data.feeCents,
        costCents: n.data.costCents,
        profitCents: n.data.profitCents,
        noCost: n.data.noCost,
      },
      {
        orderId: 9001,
        listingId: 111,
        priceCents: 1990,
        feeCents: 199,
        costCents: null,
        profitCents: 1791,
        noCost: true,
      },
    );
    assert.match(n.text, /profit: at most R\$ 17,91/);
  });
});
