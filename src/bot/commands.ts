// The bot's commands: one meaning, a Portuguese and an English name (`/vendas` = `/sales`).
// Everything typed is untrusted: a command is a word from this table, its arguments are
// checked here (ids are positive integers, a price is a decimal amount in reais).
import { parseDecimalCents } from '../input/money.js';

export type CommandName =
  | 'sales'
  | 'profit'
  | 'stock'
  | 'questions'
  | 'pause'
  | 'activate'
  | 'refill'
  | 'price'
  | 'status'
  | 'help';

const NAMES: Record<string, CommandName> = {
  vendas: 'sales',
  sales: 'sales',
  lucro: 'profit',
  profit: 'profit',
  estoque: 'stock',
  stock: 'stock',
  perguntas: 'questions',
  questions: 'questions',
  pausar: 'pause',
  pause: 'pause',
  ativar: 'activate',
  activate: 'activate',
  repor: 'refill',
  refill: 'refill',
  preco: 'price',
  'pre\u00e7o': 'price',
  price: 'price',
  status: 'status',
  ajuda: 'help',
  help: 'help',
  start: 'help',
};

/** The commands that change something: each one is a plan confirmed with a button. */
export const WRITES: ReadonlySet<CommandName> = new Set(['pause', 'activate', 'refill', 'price']);

export type Period = 'day' | 'week' | 'month';
const PERIODS: Record<string, Period> = {
  hoje: 'day',
  today: 'day',
  dia: 'day',
  day: 'day',
  semana: 'week',
  week: 'week',
  mes: 'month',
  'm\u00eas': 'month',
  month: 'month',
};

export type Command =
  | { name: 'sales' | 'stock' | 'questions' | 'status' | 'help' }
  | { name: 'profit'; period: Period }
  | { name: 'pause' | 'activate' | 'refill'; listing: number }
  | { name: 'price'; listing: number; cents: number };

export type Parsed = { ok: true; command: Command } | { ok: false; problem: string } | undefined;

/** `/pausar@MyShopBot 111` → pause 111; undefined when the text is no command of ours. */
export function parseCommand(text: string): Parsed {
  const m = /^\/([A-Za-z\u00c0-\u00ff]{2,20})(?:@[A-Za-z0-9_]{1,64})?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return undefined;
  const name = NAMES[m[1]!.toLowerCase()];
  if (!name) return undefined;
  const args = (m[2] ?? '').trim().split(/\s+/).filter(Boolean);
  if (name === 'profit') {
    const period = args[0] === undefined ? 'day' : PERIODS[args[0].toLowerCase()];
    return period ? { ok: true, command: { name, period } } : { ok: false, problem: 'usage: /lucro hoje|semana|mes' };
  }
  if (name === 'pause' || name === 'activate' || name === 'refill' || name === 'price') {
    const listing = /^\d{1,15}$/.test(args[0] ?? '') ? Number(args[0]) : 0;
    if (!(listing > 0)) return { ok: false, problem: 'give a listing id, e.g. /{command} 111' };
    if (name !== 'price') return { ok: true, command: { name, listing } };
    const p = parseDecimalCents(args[1] ?? '');
    if (!p.ok || p.cents <= 0) return { ok: false, problem: 'give a price, e.g. /preco 111 19,90' };
    return { ok: true, command: { name, listing, cents: p.cents } };
  }
  return { ok: true, command: { name } };
}
