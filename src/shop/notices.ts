// The shop's notices, built from what the service returned. A sale notice carries the
// profit only the API can give (spec 1.5: price - fee - sum of deliveredItems costCents; the
// marketplace's own chat webhook drops deliveredItems, spec 6.2.6).
import type { Order } from '../api/responses.js';
import type { Notice } from '../notify/notice.js';
import { formatCents } from '../output/money.js';
import type { RuleOutcome } from './types.js';

/** R$ 19,90: how a Brazilian seller reads money in a chat (cents in, never floats). */
export function brl(cents: number): string {
  return `R$ ${formatCents(cents).replace('.', ',')}`;
}

export interface SaleFigures {
  priceCents: number;
  feeCents: number;
  costCents: number;
  profitCents: number;
  /** Items delivered without a cost: the profit is then an upper bound. */
  withoutCost: number;
}

/** spec 1.5 for one v2 sale (money in cents). */
export function saleFigures(o: Order): SaleFigures {
  let costCents = 0;
  let withoutCost = 0;
  for (const it of o.deliveredItems ?? []) {
    if (typeof it.costCents === 'number' && Number.isFinite(it.costCents)) costCents += Math.round(it.costCents);
    else withoutCost++;
  }
  const priceCents = Math.round(o.price ?? 0);
  const feeCents = Math.round(o.fee ?? 0);
  return { priceCents, feeCents, costCents, profitCents: priceCents - feeCents - costCents, withoutCost };
}

export function saleNotice(o: Order, after: RuleOutcome | undefined, at: string): Notice {
  const f = saleFigures(o);
  const title = o.productTitle ?? after?.title ?? '';
  // No delivered item, or one without a cost: the profit is only an upper bound, and said so.
  const noCost = (o.deliveredItems ?? []).length === 0 || f.withoutCost > 0;
  const fields: Notice['fields'] = [
    ['listing', `${o.productId ?? '?'} ${title}`.trim()],
    ...(o.variantIndex !== undefined && o.variantIndex !== null
      ? [['variant', String(o.variantIndex)] as [string, string]]
      : []),
    ['order', o.orderCode ?? String(o.id)],
    ...(o.quantity && o.quantity > 1 ? [['quantity', String(o.quantity)] as [string, string]] : []),
    ['price', brl(f.priceCents)],
    ['net', brl(f.priceCents - f.feeCents)],
    noCost ? ['cost', 'no cost data', true] : ['cost', brl(f.costCents)],
    noCost ? ['profit', `at most ${brl(f.profitCents)}`, true] : ['profit', brl(f.profitCents)],
  ];
  if (after) {
    fields.push(['units left', String(after.inStock)]);
    fields.push(['days left', after.daysLeft === null ? '-' : String(after.daysLeft)]);
  }
  return {
    kind: 'sale',
    headline: `Sale: ${title || `listing ${o.productId}`}`,
    fields,
    at,
    data: {
      orderId: o.id,
      orderCode: o.orderCode ?? null,
      listingId: o.productId ?? null,
      variant: o.variantIndex ?? null,
      quantity: o.quantity ?? 1,
      priceCents: f.priceCents,
      feeCents: f.feeCents,
      costCents: noCost ? null : f.costCents,
      profitCents: f.profitCents,
      noCost,
      createdAt: o.createdAt ?? null,
      inStock: after?.inStock ?? null,
    },
  };
}

/** funds.released: the sale's value reached the balance. */
export function payoutNotice(o: Order, at: string): Notice {
  const f = saleFigures(o);
  return {
    kind: 'payout',
    headline: `Payout released: order ${o.orderCode ?? o.id}`,
    fields: [
      ['listing', `${o.productId ?? '?'} ${o.productTitle ?? ''}`.trim()],
      ['net', brl(f.priceCents - f.feeCents)],
    ],
    at,
    data: { orderId: o.id, listingId: o.productId ?? null, netCents: f.priceCents - f.feeCents },
  };
}

export function stuckNotice(o: Order, at: string): Notice {
  return {
    kind: 'stuck_sale',
    headline: `Sale not delivered: order ${o.orderCode ?? o.id}`,
    fields: [
      ['listing', `${o.productId ?? '?'} ${o.productTitle ?? ''}`.trim()],
      ['status', o.status ?? '?'],
      ['since', o.createdAt ?? '?'],
    ],
    at,
  };
}

export function ruleNotice(
  kind: Notice['kind'],
  r: RuleOutcome,
  headline: string,
  at: string,
  extra: [string, string][] = [],
): Notice {
  return {
    kind,
    headline: `${headline}: ${r.rule} ${r.title}`.trim(),
    fields: [
      ['listing', r.rule],
      ['in stock', String(r.inStock)],
      ['pool left', String(r.poolLeft)],
      ...(r.daysLeft !== null ? [['days left', String(r.daysLeft)] as [string, string]] : []),
      ...extra,
    ],
    at,
  };
}
