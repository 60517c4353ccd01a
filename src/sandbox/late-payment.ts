// Orders that are paid later: spec 6.3 names unpaid payments that later expire
// (`order.cancelled`), and A4 the status `pending_payment`; a buyer can also pay days after the
// order was made. `POST /_sandbox/purchase {unpaid: true, createdAgoMs}` makes such an order
// (nothing delivered, nothing sent); `POST /_sandbox/pay {orderIds}` pays them now: automatic
// delivery takes the listing's credentials and the service sends `sale.processing` and
// `order.delivered`, for an order whose createdAt is days back (not on a page of recent sales).
import { SANDBOX_FEE_RATE } from '../api/assumptions.js';
import { SandboxError, notFound } from './envelope.js';
import { deliveredItem } from './purchase.js';
import type { Runtime } from './runtime.js';
import { SEED_IDS } from './seed.js';
import { nextId, type DeliveredItem, type Order } from './state.js';
import { changed } from './changes.js';

export function createUnpaid(rt: Runtime, req: { productId: number; createdAgoMs?: number }): Order {
  const l = rt.data.listings.find((x) => x.id === req.productId);
  if (!l) throw notFound('listing');
  if (l.listingType === 'multiple') throw new SandboxError(400, undefined, 'an unpaid order needs a single listing');
  const id = nextId(rt.data, 'order');
  const buyer = rt.data.accounts.find((a) => a.id === SEED_IDS.accounts.buyer);
  const order: Order = {
    id,
    orderCode: `ORD-${id}`,
    status: 'pending_payment',
    price: l.price,
    fee: Math.round(l.price * SANDBOX_FEE_RATE),
    quantity: 1,
    productId: l.id,
    productTitle: l.title,
    variantIndex: null,
    buyerId: buyer?.id ?? SEED_IDS.accounts.buyer,
    buyerName: buyer?.username ?? 'demo_buyer',
    sellerId: l.accountId,
    createdAt: new Date(rt.clock.now() - (req.createdAgoMs ?? 0)).toISOString(),
    deliveredItems: [],
  };
  rt.data.orders.push(order);
  changed(rt.data, 'orders', order);
  return order;
}

/** Pays each order now, in the order given; all are checked before any is paid. */
export function payOrders(rt: Runtime, ids: number[]): Order[] {
  const orders = ids.map((id) => {
    const o = rt.data.orders.find((x) => x.id === id);
    if (!o) throw notFound('order');
    if (o.status !== 'pending_payment') throw new SandboxError(409, undefined, `order ${id} is ${o.status}`);
    return o;
  });
  return orders.map((o) => pay(rt, o));
}

function pay(rt: Runtime, o: Order): Order {
  const l = rt.data.listings.find((x) => x.id === o.productId);
  if (!l) throw notFound('listing');
  const auto = l.credentials.length > 0 || l.isAutoDelivery;
  if (auto && l.credentials.length < o.quantity) throw new SandboxError(409, 'NO_STOCK', 'no credential left');
  const delivered = auto ? l.credentials.splice(0, o.quantity) : [];
  o.status = auto ? 'delivered' : 'processing';
  o.deliveredItems = delivered.map(deliveredItem).filter((d): d is DeliveredItem => d !== undefined);
  changed(rt.data, 'orders', o);
  changed(rt.data, 'listings', l);
  const seller = rt.data.accounts.find((a) => a.id === o.sellerId);
  if (seller) seller.balance.pending += o.price - o.fee;
  const common = {
    id: o.id,
    orderCode: o.orderCode,
    productId: o.productId,
    productTitle: o.productTitle,
    buyerId: o.buyerId,
    buyerName: o.buyerName,
    sellerId: o.sellerId,
  };
  rt.emit(o.sellerId, 'sale.processing', {
    ...common,
    variantIndex: null,
    quantity: o.quantity,
    price: o.price,
    status: 'processing',
  });
  if (auto)
    rt.emit(o.sellerId, 'order.delivered', {
      ...common,
      deliveryType: 'auto',
      itemsDelivered: delivered.length,
      deliveredItems: o.deliveredItems,
    });
  return o;
}
