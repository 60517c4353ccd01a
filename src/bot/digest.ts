// The digest: the day (or week) of the shop in one message at the seller's local time. Sales and
// profit for the local day (spec 1.5, integer cents; the sales with no cost data named, their
// profit an upper bound), the best listings, stock days left and pool left (the last pass), the
// questions waiting, mediations open, the balance and the quota used. Pure: the caller gathers
// the facts (the orders mirror: no quota; three small reads for the rest).
import { STOCK_LEVELS } from '../api/assumptions.js';
import type { Order } from '../api/responses.js';
import type { Notice } from '../notify/notice.js';
import { brl, saleFigures } from '../shop/notices.js';
import type { RuleOutcome } from '../shop/types.js';
import { localClock, localDate } from './local-time.js';

export interface DigestFacts {
  kind: 'daily' | 'weekly';
  fromMs: number;
  toMs: number;
  zone: string;
  /** Sales created in [fromMs, toMs). */
  sales: Order[];
  outcomes?: RuleOutcome[];
  questionsWaiting?: number;
  mediationsOpen?: number;
  balance?: { available?: number; pending?: number };
  quota?: { used: number; limit: number };
}

export interface SalesTotals {
  count: number;
  units: number;
  priceCents: number;
  feeCents: number;
  profitCents: number;
  /** Orders (codes) whose profit is an upper bound: no delivered item, or one without a cost. */
  noCost: string[];
  /** Listings by revenue, best first. */
  best: { listing: number; title: string; units: number; priceCents: number }[];
}

/** Totals of the sales that count (sold statuses, type sale) in a window. */
export function salesTotals(sales: Iterable<Order>, fromMs: number, toMs: number): SalesTotals {
  const t: SalesTotals = { count: 0, units: 0, priceCents: 0, feeCents: 0, profitCents: 0, noCost: [], best: [] };
  const by = new Map<number, SalesTotals['best'][number]>();
  for (const o of sales) {
    const at = Date.parse(o.createdAt ?? '');
    if (!(at >= fromMs && at < toMs)) continue;
    if (o.type !== undefined && o.type !== null && o.type !== 'sale') continue;
    if (!STOCK_LEVELS.soldStatuses.includes(o.status ?? '')) continue;
    const f = saleFigures(o);
    t.count++;
    t.units += o.quantity ?? 1;
    t.priceCents += f.priceCents;
    t.feeCents += f.feeCents;
    t.profitCents += f.profitCents;
    if ((o.deliveredItems ?? []).length === 0 || f.withoutCost > 0) t.noCost.push(o.orderCode ?? String(o.id));
    const id = o.productId ?? 0;
    const b = by.get(id) ?? { listing: id, title: o.productTitle ?? '', units: 0, priceCents: 0 };
    b.units += o.quantity ?? 1;
    b.priceCents += f.priceCents;
    by.set(id, b);
  }
  t.best = [...by.values()].sort((a, b) => b.priceCents - a.priceCents || a.listing - b.listing).slice(0, 3);
  return t;
}

/** The digest as a notice (kind `digest`): every label in the seller's language, data in cents. */
export function digestNotice(f: DigestFacts): Notice {
  const s = salesTotals(f.sales, f.fromMs, f.toMs);
  const day = localDate(f.fromMs, f.zone);
  const fields: Notice['fields'] = [
    ['sales', `${s.count} (${s.units} un.) ${brl(s.priceCents)}`],
    ['net', brl(s.priceCents - s.feeCents)],
    [s.noCost.length > 0 ? 'profit (at most)' : 'profit', brl(s.profitCents)],
  ];
  if (s.noCost.length > 0) fields.push(['no cost data', s.noCost.slice(0, 10).join(', ')]);
  for (const [i, b] of s.best.entries())
    fields.push([`best ${i + 1}`, `${b.listing} ${b.title} - ${b.units} un. ${brl(b.priceCents)}`]);
  for (const r of f.outcomes ?? [])
    fields.push([
      'stock',
      `${r.rule}: ${r.inStock} un., ${r.daysLeft === null ? '-' : r.daysLeft} d, pool ${r.poolLeft}`,
      true,
    ]);
  if (f.questionsWaiting !== undefined) fields.push(['questions waiting', String(f.questionsWaiting)]);
  if (f.mediationsOpen !== undefined) fields.push(['mediations open', String(f.mediationsOpen)]);
  if (f.balance)
    fields.push([
      'balance',
      `${brl(Math.round(f.balance.available ?? 0))} / ${brl(Math.round(f.balance.pending ?? 0))}`,
    ]);
  if (f.quota) fields.push(['quota used today', `${f.quota.used} / ${f.quota.limit}`]);
  return {
    kind: 'digest',
    // A week is named by its last local day (the one it was sent on), not its first.
    headline: f.kind === 'weekly' ? `Week of the shop to ${localDate(f.toMs, f.zone)}` : `Day of the shop: ${day}`,
    fields,
    at: new Date(f.toMs).toISOString(),
    data: {
      period: f.kind,
      day,
      until: `${localDate(f.toMs, f.zone)} ${localClock(f.toMs, f.zone)}`,
      zone: f.zone,
      sales: s.count,
      units: s.units,
      priceCents: s.priceCents,
      feeCents: s.feeCents,
      profitCents: s.profitCents,
      noCostSales: s.noCost.length,
      questionsWaiting: f.questionsWaiting ?? null,
      mediationsOpen: f.mediationsOpen ?? null,
      availableCents: f.balance?.available ?? null,
      pendingCents: f.balance?.pending ?? null,
    },
  };
}
