// Orders (spec 2.5, 4.2, A2, A4, A13): sales and purchases of the caller; `:id` is the
// numeric id or the orderCode; another seller's order is "not found".
import { ORDER_STATUSES, ORDER_TYPES } from '../../api/assumptions.js';
import { notFound, v1Data, v2Data } from '../envelope.js';
import type { Account, Order, SandboxData } from '../state.js';
import { dateParam, enumParam, paginate, type Query } from '../validate.js';
import { orderView, seesOrder } from '../views.js';
import type { Handler, RouteHandlers } from './context.js';

function filterOrders(data: SandboxData, account: Account, q: Query): Order[] {
  const type = enumParam(q, 'type', ORDER_TYPES);
  const status = enumParam(q, 'status', ORDER_STATUSES);
  const from = dateParam(q, 'from');
  const to = dateParam(q, 'to');
  // One pass over the orders, no copy of the visible ones first: a sandbox holding 100,000
  // orders answers each page in a few ms (test/sandbox/persist-reads reads 200 pages).
  const list = data.orders.filter((o) => {
    if (!seesOrder(o, account)) return false;
    if (type === 'sales' && o.sellerId !== account.id) return false;
    if (type === 'purchases' && o.buyerId !== account.id) return false;
    if (status && o.status !== status) return false;
    if (from === undefined && to === undefined) return true;
    // Parsed only when a date filter asks: a page of 100,000 orders parsed every date.
    const t = Date.parse(o.createdAt);
    if (from !== undefined && t < from) return false;
    if (to !== undefined && t > to) return false;
    return true;
  });
  // The list's order is not documented (A2): oldest first unless a test asks otherwise.
  if (data.ordersListOrder === 'newest') list.reverse();
  else if (data.ordersListOrder === 'id-desc') list.sort((a, b) => b.id - a.id);
  return list;
}

function findOrder(data: SandboxData, account: Account, raw: string | undefined): Order {
  const o = data.orders.find((x) => seesOrder(x, account) && (String(x.id) === raw || x.orderCode === raw));
  if (!o) throw notFound('order');
  return o;
}

export function listOrdersFor(version: 'v1' | 'v2'): Handler {
  return (ctx) => {
    const { items, pagination } = paginate(filterOrders(ctx.data, ctx.account, ctx.query), ctx.query);
    const data = items.map((o) => orderView(o, ctx.account, version));
    return version === 'v1' ? v1Data(data, { pagination }) : v2Data(data, { pagination });
  };
}

export function getOrderFor(version: 'v1' | 'v2'): Handler {
  return (ctx) => {
    const view = orderView(findOrder(ctx.data, ctx.account, ctx.params.id), ctx.account, version);
    return version === 'v1' ? v1Data(view) : v2Data(view);
  };
}

export const orderHandlers = {
  listOrders: listOrdersFor('v2'),
  getOrder: getOrderFor('v2'),
} satisfies RouteHandlers;
