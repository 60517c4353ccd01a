// `svc stock status` rows, computed from two lists the service already has: the
// listings (A4 `autoDeliveryStock`, per listing and per variant) and the sales of the last
// days (A4 orders: productId, variantIndex, quantity). Pure: tests feed it records directly.
import { STOCK_LEVELS } from '../../api/assumptions.js';
import type { Listing, Order } from '../../api/responses.js';

export interface StockRow {
  listing: number;
  /** Variant index for a multi-variant listing, null for a single one. */
  variant: number | null;
  title: string;
  /** Credentials held for automatic delivery (A4 autoDeliveryStock). */
  held: number;
  /** Units sold in the window. */
  sold: number;
  windowDays: number;
  /** Units a day at that pace. */
  perDay: number;
  /** held / perDay, one decimal; 0 when nothing is held; null when nothing sold (no pace). */
  daysLeft: number | null;
  /** active | out of stock | paused | inactive | under review | rejected | taken down | permanently rejected */
  state: string;
  /** A threshold (--below, --days) marks it; only listings on sale (or paused by Offline Mode) are marked. */
  alert: boolean;
  reasons: string[];
}

export interface Thresholds {
  below?: number;
  days?: number;
}

const STATUS_STATE: Record<string, string> = {
  em_analise: 'under review',
  rejected: 'rejected',
  taken_down: 'taken down',
  permanently_rejected: 'permanently rejected',
};

/** Auto-delivery listings (and variants) with their sales pace and the thresholds' marks. */
export function stockRows(
  listings: Listing[],
  sales: Order[],
  t: Thresholds,
  windowDays = STOCK_LEVELS.salesWindowDays,
): StockRow[] {
  const sold = new Map<string, number>();
  for (const o of sales) {
    if (o.productId === undefined || o.productId === null) continue;
    if (o.type !== undefined && o.type !== null && o.type !== 'sale') continue;
    if (!STOCK_LEVELS.soldStatuses.includes(o.status ?? '')) continue;
    const k = key(o.productId, o.variantIndex ?? null);
    sold.set(k, (sold.get(k) ?? 0) + (o.quantity ?? 1));
  }
  return stockRowsFromSold(listings, sold, t, windowDays);
}

/** The same rows from units sold already summed per `id:variant` (by the orders mirror). */
export function stockRowsFromSold(
  listings: Listing[],
  sold: ReadonlyMap<string, number>,
  t: Thresholds,
  windowDays = STOCK_LEVELS.salesWindowDays,
): StockRow[] {
  const rows: StockRow[] = [];
  for (const l of listings) {
    const variants = l.listingType === 'multiple' ? (l.variants ?? []) : [];
    if (variants.length > 0) {
      for (const v of variants) {
        if (!(l.isAutoDelivery || v.isAutoDelivery || (v.autoDeliveryStock ?? 0) > 0)) continue;
        rows.push(
          row(
            l,
            v.index,
            `${l.title ?? ''} / ${v.title ?? `variant ${v.index}`}`,
            v.autoDeliveryStock ?? 0,
            sold.get(key(l.id, v.index)) ?? 0,
            windowDays,
            t,
          ),
        );
      }
    } else if (l.isAutoDelivery || (l.autoDeliveryStock ?? 0) > 0) {
      rows.push(
        row(
          l,
          null,
          l.title ?? '',
          l.autoDeliveryStock ?? 0,
          sold.get(key(l.id, null)) ?? sold.get(key(l.id, 0)) ?? 0,
          windowDays,
          t,
        ),
      );
    }
  }
  return rows;
}

function row(
  l: Listing,
  variant: number | null,
  title: string,
  held: number,
  sold: number,
  windowDays: number,
  t: Thresholds,
): StockRow {
  const perDay = Math.round((sold / windowDays) * 100) / 100;
  const daysLeft = held === 0 ? 0 : sold === 0 ? null : Math.floor((held / (sold / windowDays)) * 10) / 10;
  const listingState =
    STATUS_STATE[l.status ?? ''] ?? (l.pausedByOfflineMode ? 'paused' : l.isActive === false ? 'inactive' : 'active');
  const onSale = listingState === 'active' || listingState === 'paused';
  const state = onSale && held === 0 ? 'out of stock' : listingState;
  const reasons: string[] = [];
  if (onSale && t.below !== undefined && held < t.below) reasons.push(`< ${t.below} held`);
  if (onSale && t.days !== undefined && daysLeft !== null && daysLeft < t.days) reasons.push(`< ${t.days} days`);
  return {
    listing: l.id,
    variant,
    title,
    held,
    sold,
    windowDays,
    perDay,
    daysLeft,
    state,
    alert: reasons.length > 0,
    reasons,
  };
}

function key(id: number, variant: number | null): string {
  return `${id}:${variant ?? '-'}`;
}
