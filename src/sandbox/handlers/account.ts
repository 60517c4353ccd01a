// Account-level reads (spec 4.2, A4): balance, statistics, catalog, identity and usage.
import { PROFIT_ORDER_STATUSES } from '../../api/assumptions.js';
import { v2Data } from '../envelope.js';
import type { Account, SandboxData } from '../state.js';
import type { Handler, RouteHandlers } from './context.js';

/** A4 stats: totalSales (delivered or completed sales), rating (review average), level, activeListings. */
export function accountStats(data: SandboxData, account: Account) {
  const done: readonly string[] = PROFIT_ORDER_STATUSES;
  const totalSales = data.orders.filter((o) => o.sellerId === account.id && done.includes(o.status)).length;
  const reviews = data.reviews.filter((r) => r.sellerId === account.id);
  const rating =
    reviews.length === 0 ? 0 : Math.round((reviews.reduce((n, r) => n + r.rating, 0) / reviews.length) * 100) / 100;
  const activeListings = data.listings.filter((l) => l.accountId === account.id && l.isActive).length;
  return { totalSales, rating, level: account.level, activeListings };
}

const balance: Handler = (ctx) => v2Data({ ...ctx.account.balance });
const stats: Handler = (ctx) => v2Data(accountStats(ctx.data, ctx.account));
const catalogGames: Handler = (ctx) => v2Data(ctx.data.games.map((g) => ({ ...g })));

const me: Handler = (ctx) =>
  v2Data({
    accountId: ctx.account.id,
    sellerId: ctx.account.id,
    username: ctx.account.username,
    keyId: ctx.key.id,
    keyPrefix: ctx.key.prefix,
    keyCreatedAt: ctx.key.createdAt,
    scopes: ctx.key.scopes ?? [],
    version: ctx.key.version,
  });

/** A4 usage: the minute and day windows of the shared account counters (A8). */
const usage: Handler = (ctx) =>
  v2Data({
    minute: ctx.rt.rates.minute(ctx.account.id, 'v2', ctx.now),
    day: ctx.rt.rates.day(ctx.account.id, 'v2', ctx.now),
  });

export const accountHandlers = { balance, stats, catalogGames, me, usage } satisfies RouteHandlers;
