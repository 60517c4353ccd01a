// What the reports read from the mirror, aggregated in the database: nothing above
// this file pages orders itself, and no query holds more than a page of rows at once (keyset
// paging, which also runs on Node 22.13, whose node:sqlite has no statement.iterate()).
import { PROFIT_ORDER_STATUSES } from '../api/assumptions.js';
import type { Order } from '../api/responses.js';
import type { MirrorDb } from './db.js';
import type { OrderRow } from './rows.js';

const BATCH = 500;

export interface SaleFilter {
  productId?: number;
  /** Only these statuses. */
  statuses?: readonly string[];
  /** Created at or before this ISO time. */
  untilIso?: string;
}

function where(filter: SaleFilter | undefined, args: (string | number)[]): string {
  let sql = '';
  if (filter?.productId !== undefined) {
    sql += ' AND product_id = ?';
    args.push(filter.productId);
  }
  if (filter?.statuses) {
    sql += ` AND status IN (${filter.statuses.map(() => '?').join(',') || "''"})`;
    args.push(...filter.statuses);
  }
  if (filter?.untilIso) {
    sql += ' AND created_at <= ?';
    args.push(filter.untilIso);
  }
  return sql;
}

/** Sales created at or after `sinceIso`, newest first, a batch at a time. */
export function* salesSince(m: MirrorDb, sinceIso: string, filter?: SaleFilter): Generator<Order> {
  let cursor: { t: string; id: number } | undefined;
  for (;;) {
    const args: (string | number)[] = [sinceIso];
    let sql = `SELECT id, created_at AS t, json FROM orders WHERE type = 'sale' AND created_at >= ?${where(filter, args)}`;
    if (cursor) {
      sql += ' AND (created_at < ? OR (created_at = ? AND id < ?))';
      args.push(cursor.t, cursor.t, cursor.id);
    }
    sql += ` ORDER BY created_at DESC, id DESC LIMIT ${BATCH}`;
    const rows = m.db.prepare(sql).all(...args) as { id: number; t: string; json: string }[];
    for (const r of rows) yield JSON.parse(r.json) as Order;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { t: last.t, id: last.id };
  }
}

/**
 * Sales in a range, oldest first (the profit report's order), a batch at a time. `json` is the
 * whole order; with `brief`, only the fields a per-sale row shows (less to parse and collect).
 */
export function* salesBetween(
  m: MirrorDb,
  fromIso: string,
  filter?: SaleFilter,
  brief = false,
): Generator<SaleAmounts> {
  const body = brief
    ? "json_object('orderCode', json_extract(json, '$.orderCode'), 'createdAt', json_extract(json, '$.createdAt'), 'productTitle', json_extract(json, '$.productTitle')) AS json"
    : 'json';
  let cursor: { t: string; id: number } | undefined;
  for (;;) {
    const args: (string | number)[] = [fromIso];
    let sql = `SELECT ${AMOUNT_COLUMNS}, ${body} FROM orders WHERE type = 'sale' AND created_at >= ?${where(filter, args)}`;
    if (cursor) {
      sql += ' AND (created_at > ? OR (created_at = ? AND id > ?))';
      args.push(cursor.t, cursor.t, cursor.id);
    }
    sql += ` ORDER BY created_at, id LIMIT ${BATCH}`;
    const rows = m.db.prepare(sql).all(...args) as unknown as (SaleAmounts & { json: string })[];
    for (const r of rows) yield r;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    cursor = { t: last.created_at, id: last.id };
  }
}

/** A sale's amounts as the mirror stores them (rows.ts), without its type (always a sale here). */
export type SaleAmounts = Omit<OrderRow, 'type'>;

const AMOUNT_COLUMNS = 'id, status, created_at, product_id, variant_index, quantity, price, fee, cost, items, costed';

export interface GroupTotals {
  key: string;
  sales: number;
  items: number;
  itemsWithoutCost: number;
  priceCents: number;
  feeCents: number;
  costCents: number;
  profitCents: number;
  productId?: number;
  productTitle?: string;
}

/**
 * Profit totals of the counted sales (A13: delivered and completed) grouped in SQL: by listing,
 * by day, or one total (`by` undefined). Titles are each listing's latest.
 */
export function profitGroups(
  m: MirrorDb,
  by: 'listing' | 'day' | 'total',
  range: { from?: string; to?: string },
): GroupTotals[] {
  const keyExpr =
    by === 'listing'
      ? "coalesce(product_id, '?')"
      : by === 'day'
        ? "coalesce(substr(created_at, 1, 10), '?')"
        : "'TOTAL'";
  const args: (string | number)[] = [...PROFIT_ORDER_STATUSES];
  let sql = `SELECT CAST(${keyExpr} AS TEXT) AS key, count(*) AS sales, sum(items) AS items,
    sum(items - costed) AS itemsWithoutCost, sum(price) AS priceCents, sum(fee) AS feeCents,
    sum(cost) AS costCents, sum(price - fee - cost) AS profitCents, min(product_id) AS productId,
    max(created_at) AS latest
    FROM orders WHERE type = 'sale' AND status IN (${PROFIT_ORDER_STATUSES.map(() => '?').join(',')})`;
  if (range.from) {
    sql += ' AND created_at >= ?';
    args.push(range.from);
  }
  if (range.to) {
    sql += ' AND created_at <= ?';
    args.push(range.to);
  }
  sql += ` GROUP BY ${keyExpr} ORDER BY ${by === 'listing' ? 'min(product_id)' : 'key'}`;
  const rows = m.db.prepare(sql).all(...args) as unknown as (GroupTotals & {
    latest: string;
    productId: number | null;
  })[];
  if (by !== 'listing') return rows.map(({ latest: _l, productId: _p, ...r }) => r);
  const title = m.db.prepare(
    "SELECT json_extract(json, '$.productTitle') AS t FROM orders WHERE type = 'sale' AND product_id = ? ORDER BY created_at DESC LIMIT 1",
  );
  return rows.map(({ latest: _l, ...r }) => {
    const t = r.productId === null ? undefined : (title.get(r.productId) as { t: unknown } | undefined)?.t;
    return { ...r, productId: r.productId ?? undefined, productTitle: typeof t === 'string' ? t : undefined };
  });
}

/** Units sold per listing and variant (`id:variant`, `id:-` for none) since `sinceIso`, in the given statuses. */
export function soldSince(m: MirrorDb, sinceIso: string, statuses: readonly string[]): Map<string, number> {
  const rows = m.db
    .prepare(
      `SELECT product_id AS p, variant_index AS v, sum(quantity) AS n FROM orders
       WHERE type = 'sale' AND created_at >= ? AND product_id IS NOT NULL AND status IN (${statuses.map(() => '?').join(',')})
       GROUP BY product_id, variant_index`,
    )
    .all(sinceIso, ...statuses) as { p: number; v: number | null; n: number }[];
  return new Map(rows.map((r) => [`${r.p}:${r.v ?? '-'}`, r.n]));
}

/** Sales not counted for profit in a range (listed apart by the report), oldest first. */
export function excludedSales(
  m: MirrorDb,
  range: { from?: string; to?: string },
): { id: number; status: string | null; created_at: string; price: number; json: string }[] {
  const args: (string | number)[] = [...PROFIT_ORDER_STATUSES];
  let sql = `SELECT id, status, created_at, price, json FROM orders WHERE type = 'sale'
    AND (status IS NULL OR status NOT IN (${PROFIT_ORDER_STATUSES.map(() => '?').join(',')}))`;
  if (range.from) {
    sql += ' AND created_at >= ?';
    args.push(range.from);
  }
  if (range.to) {
    sql += ' AND created_at <= ?';
    args.push(range.to);
  }
  return m.db.prepare(`${sql} ORDER BY created_at, id LIMIT 10000`).all(...args) as never;
}

/** Paid sales with no delivery, created before `beforeIso` (stuck: MIRROR.stuckAfterMs). */
export function stuckSales(m: MirrorDb, sinceIso: string, beforeIso: string): Order[] {
  const rows = m.db
    .prepare(
      "SELECT json FROM orders WHERE type = 'sale' AND status = 'processing' AND created_at >= ? AND created_at < ? ORDER BY created_at, id LIMIT 1000",
    )
    .all(sinceIso, beforeIso) as { json: string }[];
  return rows.map((r) => JSON.parse(r.json) as Order);
}

/**
 * Sales since `sinceIso` in one of `statuses` that no catch-up has handed on as `event` yet
 *, oldest first, at most `limit` (the rest come on the next run).
 */
export function unhandedSales(
  m: MirrorDb,
  sinceIso: string,
  event: string,
  statuses: readonly string[],
  limit = 5000,
): Order[] {
  const rows = m.db
    .prepare(
      `SELECT json FROM orders o WHERE type = 'sale' AND created_at >= ? AND status IN (${statuses.map(() => '?').join(',')})
       AND NOT EXISTS (SELECT 1 FROM handed h WHERE h.order_id = o.id AND h.event = ?)
       ORDER BY created_at, id LIMIT ${Math.max(1, Math.floor(limit))}`,
    )
    .all(sinceIso, ...statuses, event) as { json: string }[];
  return rows.map((r) => JSON.parse(r.json) as Order);
}

/** Remember that a sale's event was handed on (by catch-up, or live before it looked). */
export function markHanded(m: MirrorDb, key: string, orderId: number, event: string, source: string): void {
  m.db
    .prepare('INSERT OR IGNORE INTO handed (key, order_id, event, source, at) VALUES (?, ?, ?, ?, ?)')
    .run(key, orderId, event, source, new Date().toISOString());
}
