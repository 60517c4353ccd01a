// The bot's answers to the read commands, in the seller's language: sales and profit from the
// orders mirror (no request), stock from the last pass (no request), the questions waiting (one
// request, each with a "Responder" button), the shop's status and the help. Values from the
// network (titles, a buyer's words) are escaped for Telegram's HTML and never translated.
import type { Order } from '../api/responses.js';
import { escapeTelegramHtml as esc } from '../notify/format.js';
import { brl } from '../shop/notices.js';
import type { Command, Period } from './commands.js';
import { salesTotals } from './digest.js';
import { localDayStart } from './local-time.js';
import type { BotPort, BotSettings } from './port.js';
import type { Keyboard } from './telegram-api.js';

export interface Reply {
  text: string;
  keyboard?: Keyboard;
}

const DAY_MS = 86_400_000;

export async function readReply(c: Command, port: BotPort, s: BotSettings): Promise<Reply> {
  const say = s.say;
  if (c.name === 'sales' || c.name === 'profit') return salesReply(c.name === 'profit' ? c.period : 'day', port, s);
  if (c.name === 'stock') {
    const rules = port.stock();
    if (!rules) return { text: esc(say('no pass yet: the stock is known after the first pass')) };
    const lines = rules.map((r) =>
      esc(
        say('{rule} {title}: {held} in stock, {days} day(s) left, pool {pool}', {
          rule: r.rule,
          title: r.title,
          held: r.inStock,
          days: r.daysLeft === null ? '-' : r.daysLeft,
          pool: r.poolLeft,
        }),
      ),
    );
    return { text: [`<b>${esc(say('Stock'))}</b>`, ...lines].join('\n') };
  }
  if (c.name === 'questions') return questionsReply(port, s);
  if (c.name === 'status')
    return { text: [`<b>${esc(say('Shop status'))}</b>`, ...port.status().map((l) => esc(say(l)))].join('\n') };
  return { text: esc(say(HELP)) };
}

const HELP = [
  '/vendas - sales today',
  '/lucro hoje|semana|mes - profit',
  '/estoque - stock and days left',
  '/perguntas - questions waiting',
  '/pausar ID, /ativar ID - listing off or on',
  '/repor ID - refill from the pool',
  '/preco ID 19,90 - change a price',
  '/status - the shop',
  'English: /sales /profit /stock /questions /pause /activate /refill /price /help',
].join('\n');

async function salesReply(period: Period, port: BotPort, s: BotSettings): Promise<Reply> {
  const say = s.say;
  const now = s.now();
  const today = localDayStart(now, s.zone);
  const from =
    period === 'day' ? today : localDayStart(today - (period === 'week' ? 6 : 29) * DAY_MS + DAY_MS / 2, s.zone);
  const sales: Order[] = await port.salesSince(new Date(from).toISOString());
  const t = salesTotals(sales, from, now + 1);
  const head = say(period === 'day' ? 'Sales today' : period === 'week' ? 'Sales, last 7 days' : 'Sales, last 30 days');
  const lines = [
    `<b>${esc(head)}</b>`,
    esc(say('{count} sale(s), {units} unit(s): {total}', { count: t.count, units: t.units, total: brl(t.priceCents) })),
    esc(say('net {net}, profit {profit}', { net: brl(t.priceCents - t.feeCents), profit: brl(t.profitCents) })),
  ];
  if (t.noCost.length > 0)
    lines.push(esc(say('no cost data for {n} sale(s): the profit is at most this', { n: t.noCost.length })));
  for (const b of t.best) lines.push(esc(`${b.listing} ${b.title}: ${b.units} - ${brl(b.priceCents)}`));
  return { text: lines.join('\n') };
}

async function questionsReply(port: BotPort, s: BotSettings): Promise<Reply> {
  const say = s.say;
  // The newest first, whatever order the page came in (ids grow with time).
  const qs = [...(await port.questions())].sort((a, b) => b.id - a.id).slice(0, 5);
  if (qs.length === 0) return { text: esc(say('no questions waiting')) };
  const lines = [`<b>${esc(say('Questions waiting'))}</b>`];
  const keyboard: Keyboard = [];
  for (const q of qs) {
    // The buyer's words are filled in after the translation: never read as a text of ours.
    const head = say('question {id} on listing {listing}: {text}', {
      id: q.id,
      listing: q.productId ?? '?',
      text: '\u0000',
    });
    lines.push(esc(head.replace('\u0000', (q.text ?? '').slice(0, 300))));
    keyboard.push([{ text: `${say('Answer')} ${q.id}`, callback_data: `a:${q.id}` }]);
  }
  return { text: lines.join('\n'), keyboard };
}
