// the shop runs itself. The built CLI against the sandbox, with local stand-ins for the
// Telegram Bot API and a Discord webhook (127.0.0.1, SVC_*_API_BASE, test-only): refill to
// target and reactivate, a sale announced with its profit on each channel, deactivate when the
// listing and its pool are empty, nothing done twice, a 429 waited out, a bad config refused.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startChatStandIn, textOf, type ChatStandIn } from './chat-standins.js';
import { getListing, svc, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { autoListing, sandboxPerFile, shopEnv, startShopRun, TG_TOKEN, until } from './seller-setup.js';

const DISCORD_URL = 'https://discord.com/api/webhooks/4242/E2EdiscordSECRETdoNotLeak';

let sb: TestSandbox;
let tg: ChatStandIn;
let dc: ChatStandIn;
/**
 * One seller per test: a fresh sandbox account (`own.fresh()`) for each test that
 * refills, so its fresh state folder is not a lost one (svc refuses to trust an empty ledger on an
 * account whose sales show entries it uploaded while other listings hold credentials).
 */
const own = sandboxPerFile((s) => (sb = s));
before(async () => {
  tg = await startChatStandIn('telegram');
  dc = await startChatStandIn('discord');
});
after(async () => {
  await Promise.all([tg.close(), dc.close()]);
});

/** An approved auto-delivery listing with no stock: inactive (the service refuses to activate it, NO_STOCK). */
const emptyListing = (tag: string, price = 1990) => autoListing(sb, `E2E shop ${tag}`, { price, active: false });

function setup(tag: string) {
  const dirs = tempDirs();
  // One seller on one sandbox account: every test's fresh state folder shares the account's pool
  // secret, as a CI job would (with another secret svc refuses to trust an empty ledger).
  const env = shopEnv(sb, dirs, {
    SVC_TELEGRAM_API_BASE: tg.url,
    SVC_DISCORD_API_BASE: dc.url,
    E2E_DISCORD_URL: DISCORD_URL,
  });
  const pool = join(dirs.dir, `${tag}.csv`);
  writeFile(dirs.dir, `${tag}.csv`, 'credential,ref,cost_cents\n');
  const config = (listing: number, extra = '') =>
    writeFile(
      dirs.dir,
      'shop.yaml',
      `# the e2e shop (notices in English: the default with no LANG is pt-BR)\nlanguage: en\nrules:\n  - listing: ${listing}\n    pool: ${tag}.csv\n    target: 1\n    deactivateWhenEmpty: true\n${extra}notify:\n  - name: vendas\n    type: telegram\n    chatId: -100424242\n    events: all\n  - name: equipe\n    type: discord\n    secretEnv: E2E_DISCORD_URL\n    events: [sale, listing_deactivated, listing_reactivated]\n`,
    );
  const addToPool = (lines: string[]) => appendFileSync(pool, lines.map((l) => `${l}\n`).join(''));
  return { dirs, env, config, addToPool };
}

const money = (cents: number) => `R$ ${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

describe('svc shop sync', () => {
  test('refills to target and reactivates; a sale that drains it is announced with its profit on each channel; pool empty → deactivated; rerun does nothing twice', async () => {
    const { dirs, env, config, addToPool } = setup('drain');
    const id = await emptyListing('drain');
    const file = config(id);
    addToPool(['key-A-ZZSECRETMARKER,batch1,700']);
    // The Telegram token is stored like a key (stdin, never argv); Discord's comes from the environment.
    const stored = await svc(['notify', 'set-secret', 'vendas', '--type', 'telegram'], { env, input: TG_TOKEN });
    assert.equal(stored.code, 0, stored.stderr);
    assert.equal(statSync(join(dirs.configDir, 'notify-secrets.json')).mode & 0o777, 0o600, 'stored 0600');
    assert.equal(statSync(dirs.configDir).mode & 0o777, 0o700, 'in a 0700 folder');
    const tg0 = tg.requests.length;
    const dc0 = dc.requests.length;

    // 1. An empty inactive listing: refilled to its target of 1 and reactivated.
    const first = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
    assert.equal(first.code, 0, first.stderr);
    const r1 = JSON.parse(first.stdout).rules[0];
    assert.equal(r1.refill, 1);
    assert.equal(r1.action, 'activate');
    let l = await getListing(sb, id);
    assert.equal(l.autoDeliveryStock, 1);
    assert.equal(l.isActive, true);

    // 2. A sale drains it; the pool is empty: deactivated, and the sale told with its profit.
    const order = await sb.control('POST', 'purchase', { productId: id });
    // A buyer's question (hostile text): told once, escaped for Telegram's HTML.
    await sb.control('POST', 'questions', { productId: id, text: 'Is it <b>full access</b>? @everyone' });
    const second = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
    assert.equal(second.code, 3, `out of stock with an empty pool needs the seller\n${second.stderr}`);
    const r2 = JSON.parse(second.stdout).rules[0];
    assert.equal(r2.action, 'deactivate');
    l = await getListing(sb, id);
    assert.equal(l.isActive, false);
    const profit = order.price - order.fee - 700;
    const tgTexts = tg.requests.slice(tg0).map(textOf);
    const dcTexts = dc.requests.slice(dc0).map(textOf);
    const tgSales = tgTexts.filter((t) => t.includes('Sale:'));
    const dcSales = dcTexts.filter((t) => t.includes('Sale:'));
    assert.equal(tgSales.length, 1, tgTexts.join('\n---\n'));
    assert.equal(dcSales.length, 1, dcTexts.join('\n---\n'));
    assert.ok(tgSales[0]!.includes(`profit: <code>${money(profit)}</code>`), tgSales[0]);
    assert.ok(dcSales[0]!.includes(`profit: ${money(profit)}`), dcSales[0]);
    assert.ok(
      dcTexts.some((t) => t.includes('Deactivated')),
      'the deactivation reached Discord',
    );
    assert.ok(
      tgTexts.some((t) => t.includes('Out of stock')),
      'out of stock reached Telegram',
    );
    assert.ok(!dcTexts.some((t) => t.includes('Out of stock')), 'Discord did not choose out_of_stock');
    const asked = tgTexts.filter((t) => t.includes('New question'));
    assert.equal(asked.length, 1, tgTexts.join('\n---\n'));
    assert.ok(asked[0]!.includes('Is it &lt;b&gt;full access&lt;/b&gt;?'), asked[0]);
    for (const r of dc.requests.slice(dc0)) assert.deepEqual(r.body.allowed_mentions, { parse: [] });

    // 2b. Run again while it is out of stock: the alert still holds (exit 3), but nothing is
    // sent to the service and no notice is told a second time.
    const writes2 = (await sb.writeRequests()).length;
    const chats2 = tg.requests.length + dc.requests.length;
    const again = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
    assert.equal(again.code, 3, again.stderr);
    assert.deepEqual(JSON.parse(again.stdout).rules[0].alerts, ['out of stock']);
    assert.equal((await sb.writeRequests()).length, writes2, 'no write while nothing changed');
    assert.equal(tg.requests.length + dc.requests.length, chats2, 'an alert is told once, not on every pass');

    // 3. More stock in the pool: refilled and reactivated again.
    addToPool(['key-B-ZZSECRETMARKER,batch2,650', 'key-C-ZZSECRETMARKER,batch2,650']);
    const third = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
    assert.equal(third.code, 0, third.stderr);
    l = await getListing(sb, id);
    assert.equal(l.autoDeliveryStock, 1);
    assert.equal(l.isActive, true);

    // 4. Nothing changed: nothing sent to the service, no notice told again.
    const writes = (await sb.writeRequests()).length;
    const tgN = tg.requests.length;
    const dcN = dc.requests.length;
    const fourth = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
    assert.equal(fourth.code, 0, fourth.stderr);
    assert.equal((await sb.writeRequests()).length, writes, 'no write on a rerun');
    assert.equal(tg.requests.length, tgN, 'no Telegram notice on a rerun');
    assert.equal(dc.requests.length, dcN, 'no Discord notice on a rerun');
    for (const out of [first, second, again, third, fourth, stored])
      for (const s of [TG_TOKEN, DISCORD_URL, 'ZZSECRETMARKER'])
        assert.ok(!(out.stdout + out.stderr).includes(s), `no secret in the output (${s.slice(0, 8)}…)`);
  });

  test('a 429 from Telegram is waited out for retry_after; the pass is not held up', async () => {
    await own.fresh();
    const { env, config, addToPool } = setup('burst');
    const id = await emptyListing('burst');
    const file = config(id);
    addToPool(['key-D-ZZSECRETMARKER,b,100']);
    const withEnvToken = { ...env, E2E_TG: TG_TOKEN };
    writeFile(
      join(file, '..'),
      'shop.yaml',
      (await import('node:fs'))
        .readFileSync(file, 'utf8')
        .replace('    events: all\n', '    secretEnv: E2E_TG\n    events: all\n'),
    );
    tg.script.push({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    const before = tg.requests.length;
    const r = await svc(['shop', 'sync', '--config', file, '--verbose'], { env: withEnvToken });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await getListing(sb, id)).isActive, true, 'refilled and reactivated whatever Telegram said');
    const mine = tg.requests.slice(before);
    assert.equal(mine.length, 2, 'one 429, then the same message again');
    // The refused message is sent again, with what was queued meanwhile batched after it.
    assert.ok(textOf(mine[1]!).startsWith(textOf(mine[0]!)), 'the same notices are resent');
    assert.ok(mine[1]!.at - mine[0]!.at >= 1000, `waited retry_after (${mine[1]!.at - mine[0]!.at} ms)`);
    assert.match(r.stderr, /HTTP 429.*retrying after 1 s/);
    assert.ok(!r.stderr.includes(TG_TOKEN));
  });

  test('a bad config: exit 2 with FILE:LINE, nothing sent', async () => {
    const { dirs, env } = setup('bad');
    const writes = (await sb.writeRequests()).length;
    const chats = tg.requests.length + dc.requests.length;
    const file = writeFile(
      dirs.dir,
      'shop.yaml',
      'rules:\n  - listing: 101\n    pool: p.csv\n    target: -1\n  - listing: 102\n    pool: p.csv\n    target: 5\n    colour: red\nnotify: []\n',
    );
    const r = await svc(['shop', 'sync', '--config', file], { env });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /shop\.yaml:4: rules\.0\.target: /);
    assert.match(r.stderr, /shop\.yaml:5: rules\.1: .*colour/);
    assert.equal((await sb.writeRequests()).length, writes, 'nothing sent to the service');
    assert.equal(tg.requests.length + dc.requests.length, chats, 'nothing sent to a chat');
    const dry = await svc(['shop', 'sync', '--config', file, '--dry-run'], { env });
    assert.equal(dry.code, 2);
  });
});

describe('svc shop run', () => {
  test('a confirmed sale runs its listing at once: told with its profit on each channel, deactivated when the pool is empty; /healthz; SIGTERM stops it cleanly', {
    timeout: 120_000,
  }, async () => {
    await own.fresh();
    const { env, config, addToPool } = setup('resident');
    const id = await emptyListing('resident', 2500);
    const file = config(id, 'every: 3600\n');
    addToPool(['key-R-ZZSECRETMARKER,r1,900']);
    const stored = await svc(['notify', 'set-secret', 'vendas', '--type', 'telegram'], { env, input: TG_TOKEN });
    assert.equal(stored.code, 0, stored.stderr);
    const tg0 = tg.requests.length;
    const dc0 = dc.requests.length;
    const shop = startShopRun(env, file);
    await until('listening', () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(shop.out.stderr));
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(shop.out.stderr)![1]!;
    // The first pass: refilled to 1 and reactivated.
    await until('first pass', () => /pass: shop:/.test(shop.out.stderr));
    let l = await getListing(sb, id);
    assert.equal(l.autoDeliveryStock, 1);
    assert.equal(l.isActive, true);
    const health = await fetch(`${base}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { ok: true });

    // A sale: the sandbox posts its webhooks to the listener, which confirms them and hands on.
    await sb.control('POST', 'webhooks', { urls: [`${base}/`] });
    const order = await sb.control('POST', 'purchase', { productId: id });
    const profit = order.price - order.fee - 900;
    await until('deactivated', async () => (await getListing(sb, id)).isActive === false);
    await until('Discord told', () => dc.requests.slice(dc0).some((r) => textOf(r).includes('Deactivated')));
    await until('Telegram told', () => tg.requests.slice(tg0).some((r) => textOf(r).includes('Out of stock')));
    // product.out_of_stock needs no confirmation and may run the listing's pass before the sale's.
    await until('sale told on both', () =>
      [tg.requests.slice(tg0), dc.requests.slice(dc0)].every((rs) => rs.some((r) => textOf(r).includes('Sale:'))),
    );
    const tgSales = tg.requests
      .slice(tg0)
      .map(textOf)
      .filter((t) => t.includes('Sale:'));
    const dcSales = dc.requests
      .slice(dc0)
      .map(textOf)
      .filter((t) => t.includes('Sale:'));
    assert.equal(tgSales.length, 1, 'one sale notice on Telegram (sale.processing and order.delivered are one sale)');
    assert.equal(dcSales.length, 1, 'one sale notice on Discord');
    assert.ok(tgSales[0]!.includes(`profit: <code>${money(profit)}</code>`), tgSales[0]);
    assert.ok(dcSales[0]!.includes(`profit: ${money(profit)}`), dcSales[0]);

    assert.equal(await shop.stop(), 0, shop.out.stderr);
    assert.match(shop.out.stderr, /shop stopped/);
    await sb.control('POST', 'webhooks', { urls: [] });
    for (const s of [TG_TOKEN, DISCORD_URL, 'ZZSECRETMARKER']) assert.ok(!shop.out.stderr.includes(s));
    l = await getListing(sb, id);
    assert.equal(l.autoDeliveryStock, 0);
  });
});

describe('svc stock refill --activate --deactivate-when-empty', () => {
  test('reactivates once stocked; deactivates when the listing and its pool are empty', async () => {
    await own.fresh();
    const { dirs, env } = setup('one');
    const id = await emptyListing('one');
    const pool = writeFile(dirs.dir, 'one.txt', 'key-O-ZZSECRETMARKER\n');
    const args = [
      'stock',
      'refill',
      String(id),
      '--pool',
      pool,
      '--target',
      '1',
      '--activate',
      '--deactivate-when-empty',
    ];
    const on = await svc([...args, '-o', 'json'], { env });
    assert.equal(on.code, 0, on.stderr);
    assert.equal(JSON.parse(on.stdout).action, 'activate');
    assert.equal((await getListing(sb, id)).isActive, true);
    await sb.control('POST', 'purchase', { productId: id });
    const off = await svc([...args, '-o', 'json'], { env });
    assert.equal(off.code, 0, off.stderr);
    assert.equal(JSON.parse(off.stdout).action, 'deactivate');
    assert.equal((await getListing(sb, id)).isActive, false);
  });
});
