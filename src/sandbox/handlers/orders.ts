// Orders (spec 2.5, 4.2, A2, A4, A13): sales and purchases of the caller; `:id` is the
// numeric id or the orderCode; another seller's order is "not found".
import { ORDER_STATUSES, ORDER_TYPES } from '../../api/assumptions.js';
import { notFound, v1Data, v2Data } from '../envelope.js';
import type { Account, Order, SandboxData } from '../state.js';
import { dateParam, enumParam, paginate, type Query } from '../validate.js';
import { orderView, visibleOrders } from '../views.js';
import type { Handler, RouteHandlers } from './context.js';

function filterOrders(data: SandboxData, account: Account, q: Query): Order[] {
  const type = enumParam(q, 'type', ORDER_TYPES);
  const status = enumParam(q, 'status', ORDER_STATUSES);
  const from = dateParam(q, 'from');
  const to = dateParam(q, 'to');
  const list = visibleOrders(data, account).filter((o) => {
    if (type === 'sales' && o.sellerId !== account.id) return false;
    if (type === 'purchases' && o.buyerId !== account.id) return false;
    if (status && o.status !== status) return false;
    const t = Date.parse(o.createdAt);
    if (from !== undefined && t < from) return false;
    if (to !== undefined && t > to) return false;
    return true;
  });
  // The list's order is not documented (A2): oldest first unless a test asks otherwise (issue 23).
  if (data.ordersListOrder === 'newest') list.reverse();
  else if (data.ordersListOrder === 'id-desc') list.sort((a, b) => b.id - a.id);
  return list;
}

function findOrder(data: SandboxData, account: Account, raw: string | undefined): Order {
  const o = visibleOrders(data, account).find((x) => String(x.id) === raw || x.orderCode === raw);
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
