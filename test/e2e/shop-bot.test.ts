// The shop in the seller's pocket, end to end: the built CLI's `shop run` against the sandbox,
// with the Telegram Bot API stand-in (test/support/telegram-bot-standin.ts). A scripted chat:
// /vendas and /estoque answered from what the shop holds, /pausar → Confirmar → the listing off
// with one bulk-status request on the sandbox's log, the button pressed twice → still one, a
// stranger's /pausar → nothing at all; notices in Portuguese with no LANG; a second `shop run`
// on the same token says so (409) and the first keeps the commands; `notify digest --dry-run`.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localClock, localDayStart } from '../../src/bot/local-time.js';
import { startTelegramBotStandIn, type TelegramBotStandIn } from '../support/telegram-bot-standin.js';
import { getListing, svc, tempDirs, type TestSandbox, writeFile } from './harness.js';
import { autoListing, sandboxPerFile, shopEnv, startShopRun as start, TG_TOKEN, until } from './seller-setup.js';

const SELLER = 4242;
const STRANGER = 666;

let sb: TestSandbox;
let tg: TelegramBotStandIn;
const own = sandboxPerFile((s) => (sb = s));
before(async () => {
  tg = await startTelegramBotStandIn();
});
after(async () => {
  await tg.close();
});

const emptyListing = (tag: string) => autoListing(sb, `E2E bot ${tag}`, { price: 1990, active: false });

/** A seller's folders, its pool.csv (`pool` rows) and a shop.yaml of one rule then `rest`, and its environment. */
function seller(id: number, target: number, pool: string, rest: string) {
  const dirs = tempDirs();
  writeFile(dirs.dir, 'pool.csv', `credential,ref,cost_cents\n${pool}`);
  const file = writeFile(
    dirs.dir,
    'shop.yaml',
    `rules:\n  - listing: ${id}\n    pool: pool.csv\n    target: ${target}\n${rest}`,
  );
  const env = shopEnv(sb, dirs, { SVC_TELEGRAM_API_BASE: tg.url, E2E_TG: TG_TOKEN });
  return { dirs, file, env };
}

/** The shop's Telegram channel in shop.yaml, for `events`. */
const channel = (events = '') =>
  `notify:\n  - name: vendas\n    type: telegram\n    chatId: ${SELLER}\n    secretEnv: E2E_TG\n${events}`;

const sent = (chat: number) => (c: { method: string; body: any }) =>
  c.method === 'sendMessage' && String(c.body?.chat_id) === String(chat);

describe('svc shop run: the Telegram bot', () => {
  test('a scripted chat: /vendas, /estoque, /pausar → Confirmar → off with one bulk-status request; pressed twice → one; a stranger → nothing', {
    timeout: 120_000,
  }, async () => {
    const id = await emptyListing('chat');
    const { dirs, file, env } = seller(
      id,
      2,
      'key-1-ZZSECRETMARKER,a,700\nkey-2-ZZSECRETMARKER,a,700\n',
      `every: 3600\n${channel()}telegram:\n  channel: vendas\n  users: [${SELLER}]\ndigest:\n  at: "21:00"\n  zone: America/Sao_Paulo\n`,
    );
    // A pass first (refilled, on), then a sale: the loop's first pass mirrors it.
    const synced = await svc(['shop', 'sync', '--config', file], { env });
    assert.equal(synced.code, 0, synced.stderr);
    const order = await sb.control('POST', 'purchase', { productId: id });
    const c0 = tg.calls.length;
    const run = start(env, file);
    await until('bot polling', () => tg.calls.slice(c0).some((c) => c.method === 'getUpdates'));
    await until('first pass', () => /pass: /.test(run.out.stderr));

    // Notices speak Portuguese with no LANG: the sale of the first pass.
    const notice = await tg.waitFor((c) => sent(SELLER)(c) && /Venda: /.test(c.body.text), c0);
    assert.match(notice.body.text, /lucro: <code>R\$ /);

    let mark = tg.calls.length;
    tg.message(SELLER, SELLER, '/vendas');
    const vendas = await tg.waitFor((c) => sent(SELLER)(c) && /Vendas de hoje/.test(c.body.text), mark);
    const price = `R$ ${Math.floor(order.price / 100)},${String(order.price % 100).padStart(2, '0')}`;
    assert.match(vendas.body.text, new RegExp(`1 venda\\(s\\), 1 unidade\\(s\\): ${price.replace('$', '\\$')}`));

    mark = tg.calls.length;
    tg.message(SELLER, SELLER, '/estoque');
    const estoque = await tg.waitFor((c) => sent(SELLER)(c) && /Estoque/.test(c.body.text), mark);
    assert.match(estoque.body.text, new RegExp(`${id} E2E bot chat: 1 em estoque`));

    // A buyer's question: /perguntas lists it with a Responder button; the reply is shown back
    // for a last Confirmar, then published once.
    const q = await sb.control('POST', 'questions', { productId: id, text: 'Tem <b>garantia</b>?' });
    mark = tg.calls.length;
    tg.message(SELLER, SELLER, '/perguntas');
    const list = await tg.waitFor((c) => sent(SELLER)(c) && /Perguntas aguardando/.test(c.body.text), mark);
    assert.match(list.body.text, /Tem &lt;b&gt;garantia&lt;\/b&gt;\?/);
    const responder = list.body.reply_markup.inline_keyboard[0][0];
    assert.equal(responder.text, `Responder ${q.id}`);
    mark = tg.calls.length;
    tg.press(SELLER, SELLER, 1, responder.callback_data);
    await tg.waitFor((c) => sent(SELLER)(c) && /Envie sua resposta/.test(c.body.text), mark);
    tg.message(SELLER, SELLER, 'Sim, 30 dias de garantia.');
    const shown = await tg.waitFor((c) => sent(SELLER)(c) && /Publicar esta resposta/.test(c.body.text), mark);
    assert.match(shown.body.text, /Sim, 30 dias de garantia\./);
    await sb.control('DELETE', 'requests');
    tg.press(SELLER, SELLER, 1, shown.body.reply_markup.inline_keyboard[0][0].callback_data);
    await tg.waitFor((c) => c.method === 'editMessageText' && /publicada/.test(c.body.text), mark);
    assert.deepEqual(
      (await sb.writeRequests()).map((r) => r.route),
      ['answerQuestion'],
    );

    // /preco with a comma: Confirmar → one bulk-price request, the price in cents.
    mark = tg.calls.length;
    tg.message(SELLER, SELLER, `/preco ${id} 24,90`);
    const pricePlan = await tg.waitFor((c) => sent(SELLER)(c) && /Mudar o preço/.test(c.body.text), mark);
    assert.match(pricePlan.body.text, /para R\$ 24,90\?/);
    await sb.control('DELETE', 'requests');
    tg.press(SELLER, SELLER, 1, pricePlan.body.reply_markup.inline_keyboard[0][0].callback_data);
    await tg.waitFor((c) => c.method === 'editMessageText' && /Preço do anúncio .* alterado/.test(c.body.text), mark);
    assert.deepEqual(
      (await sb.writeRequests()).map((r) => r.route),
      ['bulkPrice'],
    );
    assert.equal((await getListing(sb, id)).price, 2490);

    // /pausar: a plan with two buttons; nothing sent to the service yet.
    await sb.control('DELETE', 'requests');
    mark = tg.calls.length;
    tg.message(SELLER, SELLER, `/pausar ${id}`);
    const plan = await tg.waitFor((c) => sent(SELLER)(c) && c.body.reply_markup !== undefined, mark);
    assert.match(plan.body.text, new RegExp(`Pausar o anúncio ${id}\\?`));
    const [confirm, cancel] = plan.body.reply_markup.inline_keyboard[0];
    assert.deepEqual([confirm.text, cancel.text], ['Confirmar', 'Cancelar']);
    assert.ok(Buffer.byteLength(confirm.callback_data) <= 64);
    assert.deepEqual(await sb.writeRequests(), [], 'a plan sends nothing');

    // Confirmar, pressed twice: one request, the listing off.
    mark = tg.calls.length;
    const messageId = 1; // the stand-in answers with its own ids; the bot edits what the button sits on
    tg.press(SELLER, SELLER, messageId, confirm.callback_data);
    tg.press(SELLER, SELLER, messageId, confirm.callback_data);
    // Both presses answered, and every press that went to work has its result on the message.
    const calls = () => tg.calls.slice(mark);
    await until('both presses settled', () => {
      const answers = calls().filter((c) => c.method === 'answerCallbackQuery');
      const working = answers.filter((c) => /Executando/.test(c.body.text ?? '')).length;
      return answers.length === 2 && calls().filter((c) => c.method === 'editMessageText').length === working;
    });
    assert.ok(calls().some((c) => c.method === 'editMessageText' && /pausado/.test(c.body.text)));
    assert.ok(
      calls().some((c) => c.method === 'answerCallbackQuery' && /Já (feito|em execução)/.test(c.body.text ?? '')),
    );
    const writes = await sb.writeRequests();
    assert.equal(writes.filter((r) => r.route === 'bulkStatus').length, 1, JSON.stringify(writes));
    assert.equal(writes.length, 1, 'nothing else written');
    assert.equal((await getListing(sb, id)).isActive, false);

    // A stranger's /pausar (in their own chat, and in the seller's): no answer, no request, logged.
    await sb.control('DELETE', 'requests');
    mark = tg.calls.length;
    const u1 = tg.message(STRANGER, STRANGER, `/ativar ${id}`);
    const u2 = tg.message(STRANGER, SELLER, `/ativar ${id}`);
    await until('handled', () => tg.confirmedOffset() > Math.max(u1, u2));
    assert.equal(tg.calls.slice(mark).filter((c) => c.method !== 'getUpdates').length, 0, 'no answer at all');
    assert.deepEqual(await sb.writeRequests(), []);
    const auditFile = join(dirs.stateDir, 'bot', 'audit.jsonl');
    assert.equal(statSync(auditFile).mode & 0o777, 0o600);
    const audit = readFileSync(auditFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(audit.filter((r) => r.event === 'stranger' && r.user === String(STRANGER)).length, 2);
    assert.equal(audit.filter((r) => r.event === 'result').length, 3, 'the answer, the price and the pause, each once');

    // Telegram down: the bot retries; a command sent meanwhile is answered once it is back, once.
    tg.down = true;
    await until('retrying said', () => /telegram bot: .*HTTP 502.*retrying/.test(run.out.stderr));
    tg.message(SELLER, SELLER, '/lucro semana');
    tg.down = false;
    mark = tg.calls.length;
    await tg.waitFor((c) => sent(SELLER)(c) && /Vendas, últimos 7 dias/.test(c.body.text), mark);
    await until('polling again said', () => /telegram bot: polling again/.test(run.out.stderr));
    assert.equal(tg.calls.filter((c) => sent(SELLER)(c) && /últimos 7 dias/.test(c.body.text)).length, 1);

    // A second shop run on the same token: told 409, takes no command; the first still does.
    const dirs2 = tempDirs();
    const env2 = { ...env, SVC_CONFIG_DIR: dirs2.configDir, SVC_STATE_DIR: dirs2.stateDir };
    const second = start(env2, file);
    await until('409 said', () => /409 Conflict/.test(second.out.stderr));
    mark = tg.calls.length;
    tg.message(SELLER, SELLER, '/status');
    await tg.waitFor((c) => sent(SELLER)(c) && /Situação da loja/.test(c.body.text), mark);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0, second.out.stderr);

    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0, run.out.stderr);
    for (const s of [TG_TOKEN, 'ZZSECRETMARKER']) {
      assert.ok(!run.out.stderr.includes(s) && !second.out.stderr.includes(s));
      assert.ok(!readFileSync(auditFile, 'utf8').includes(s));
    }
  });

  test('notify digest --dry-run: the local day with its exact totals, nothing sent', async () => {
    // One seller per state folder (a fresh account: svc refuses an empty ledger on an account it refilled).
    await own.fresh();
    const id = await emptyListing('digest');
    const { file, env } = seller(
      id,
      2,
      'key-d1-ZZSECRETMARKER,d,500\nkey-d2-ZZSECRETMARKER,d,500\n',
      `${channel('    events: [digest]\n')}digest:\n  at: "21:00"\n  zone: America/Sao_Paulo\nlanguage: en\n`,
    );
    // The chat's token missing: a warning, and the refill still happens (a channel never stops the shop).
    const { E2E_TG: _token, ...noToken } = env;
    const synced = await svc(['shop', 'sync', '--config', file], { env: noToken });
    assert.equal(synced.code, 0, synced.stderr);
    assert.match(synced.stderr, /channel "vendas" has no secret.*the shop goes on without it/);
    assert.equal((await getListing(sb, id)).autoDeliveryStock, 2);
    const a = await sb.control('POST', 'purchase', { productId: id });
    const b = await sb.control('POST', 'purchase', { productId: id });
    const c0 = tg.calls.length;
    const writes0 = (await sb.writeRequests()).length;
    const r = await svc(['notify', 'digest', '--config', file, '--dry-run', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.deepEqual(plan.channels, ['vendas']);
    assert.equal(plan.data.sales, 2);
    assert.equal(plan.data.priceCents, a.price + b.price);
    assert.equal(plan.data.profitCents, a.price - a.fee - 500 + b.price - b.fee - 500);
    assert.match(plan.text, /Day of the shop: \d{4}-\d\d-\d\d/);
    assert.match(plan.text, new RegExp(`stock: ${id}: 0 un\\.`));
    // the same dry run for a person: svc's line in the terminal's language, the channel by its name
    // (the preview under it is the chat message, titles and all: data, so no marked check)
    const said = await svc(['notify', 'digest', '--config', file, '--dry-run', '--offline'], {
      env: { ...env, LANG: 'pt_BR.UTF-8', SVC_LANG_MARKS: '0' },
    });
    assert.equal(said.code, 0, said.stderr);
    assert.match(said.stdout, /^simulação: nada enviado; enviaria para "vendas":$/m);
    const week = await svc(['notify', 'digest', '--config', file, '--weekly', '--dry-run', '-o', 'json', '--offline'], {
      env,
    });
    assert.equal(week.code, 0, week.stderr);
    const weekly = JSON.parse(week.stdout);
    assert.deepEqual([weekly.data.period, weekly.data.sales, weekly.data.priceCents], ['weekly', 2, a.price + b.price]);
    assert.match(weekly.text, /Week of the shop to \d{4}-\d\d-\d\d/);
    assert.equal(tg.calls.length, c0, 'nothing sent to Telegram');
    assert.equal((await sb.writeRequests()).length, writes0, 'nothing written');
  });
  test("shop run sends the digest at its local hour, with the day's exact totals (svc's clock moved to just before it)", {
    timeout: 120_000,
  }, async () => {
    await own.fresh();
    const id = await emptyListing('hour');
    // The digest's hour: the next whole local minute at least 10 s away; svc's clock 4 s before it.
    const zone = 'America/Sao_Paulo';
    const fire = Math.ceil((Date.now() + 10_000) / 60_000) * 60_000;
    const at = localClock(fire, zone);
    const { file, env } = seller(
      id,
      2,
      'key-h1-ZZSECRETMARKER,h,300\nkey-h2-ZZSECRETMARKER,h,300\n',
      `every: 3600\n${channel('    events: [digest]\n')}digest:\n  at: "${at}"\n  zone: ${zone}\n`,
    );
    assert.equal((await svc(['shop', 'sync', '--config', file], { env })).code, 0);
    const a = await sb.control('POST', 'purchase', { productId: id });
    const b = await sb.control('POST', 'purchase', { productId: id });
    const mirrored = await svc(['shop', 'sync', '--config', file], { env }); // the mirror holds both sales
    assert.ok([0, 3].includes(mirrored.code ?? -1), mirrored.stderr);
    const counted = [a, b].filter((o) => Date.parse(o.createdAt) >= localDayStart(fire, zone)).length;
    const mark = tg.calls.length;
    const offset = fire - 4000 - Date.now();
    const run = start({ ...env, SVC_CLOCK_OFFSET_MS: String(offset) }, file);
    const digest = await tg.waitFor((c) => sent(SELLER)(c) && /Dia da loja/.test(c.body.text), mark);
    assert.ok(digest.at + offset >= fire, `sent at ${digest.at + offset - fire} ms from the hour on svc's clock`);
    const total = counted === 2 ? a.price + b.price : 0;
    const brl = (c: number) => `R$ ${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
    assert.match(
      digest.body.text,
      new RegExp(`vendas: <code>${counted} \\(${counted} un\\.\\) ${brl(total).replace('$', '\\$')}</code>`),
    );
    const profit = counted === 2 ? a.price - a.fee - 300 + b.price - b.fee - 300 : 0;
    assert.match(digest.body.text, new RegExp(`lucro: <code>${brl(profit).replace('$', '\\$')}</code>`));
    assert.match(run.out.stderr, /daily digest sent/);
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0, run.out.stderr);
  });

  test('the weekly digest on its local day: Sunday 22:00 in São Paulo is Monday in UTC', {
    timeout: 60_000,
  }, async () => {
    const id = await emptyListing('week');
    const zone = 'America/Sao_Paulo'; // UTC-3 all year: no DST since 2019
    let fire = Math.ceil((Date.now() + 10_000) / 3_600_000) * 3_600_000;
    while (new Date(fire).getUTCDay() !== 1 || new Date(fire).getUTCHours() !== 1) fire += 3_600_000;
    const localDay = new Date(fire - 3 * 3_600_000).toISOString().slice(0, 10); // Sunday, local
    const { file, env } = seller(
      id,
      1,
      'key-w1-ZZSECRETMARKER,w,300\n',
      `every: 3600\n${channel('    events: [digest]\n')}digest:\n  at: "${localClock(fire, zone)}"\n  zone: ${zone}\n  weekly: sunday\n`,
    );
    const mark = tg.calls.length;
    const offset = fire - 4000 - Date.now();
    const run = start({ ...env, SVC_CLOCK_OFFSET_MS: String(offset) }, file);
    const week = await tg.waitFor((c) => sent(SELLER)(c) && /Semana da loja/.test(c.body.text), mark);
    assert.ok(week.at + offset >= fire, `sent at ${week.at + offset - fire} ms from the hour on svc's clock`);
    assert.match(week.body.text, new RegExp(`Semana da loja até ${localDay}`), 'the local Sunday, not the UTC Monday');
    await until('daily digest sent', () => /weekly digest sent/.test(run.out.stderr));
    assert.match(run.out.stderr, /daily digest sent/);
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0, run.out.stderr);
  });
});
