// A simulated sale (cli-spec 5, `POST /_sandbox/purchase`): automatic delivery consumes
// credentials first in, first out, records their `ref`/`costCents` as `deliveredItems` (spec
// 1.5, 2.5; never the credential) and emits `sale.processing` and `order.delivered` (spec 6.4).
import { SANDBOX_FEE_RATE } from '../api/assumptions.js';
import { SandboxError, notFound, validationError } from './envelope.js';
import type { Runtime } from './runtime.js';
import { SEED_IDS } from './seed.js';
import {
  hasStock,
  nextId,
  type Credential,
  type DeliveredItem,
  type Listing,
  type Order,
  type SandboxData,
} from './state.js';
import { changed } from './changes.js';

export interface PurchaseRequest {
  productId: number;
  variantIndex?: number;
  quantity?: number;
}

/** Only the fields the credential had; a credential with neither is left out (spec 2.5). */
export function deliveredItem(c: Credential): DeliveredItem | undefined {
  if (c.ref === undefined && c.costCents === undefined) return undefined;
  const d: DeliveredItem = {};
  if (c.ref !== undefined) d.ref = c.ref;
  if (c.costCents !== undefined) d.costCents = c.costCents;
  return d;
}

/** The order is added and the listing's stock was taken: both are written with the next flush. */
function recordSale(data: SandboxData, l: Listing, order: Order): void {
  data.orders.push(order);
  changed(data, 'orders', order);
  changed(data, 'listings', l);
}

export function purchase(rt: Runtime, req: PurchaseRequest): Order {
  const data = rt.data;
  const quantity = req.quantity ?? 1;
  const l = data.listings.find((x) => x.id === req.productId);
  if (!l) throw notFound('listing');
  if (!l.isActive || l.status !== 'approved')
    throw new SandboxError(409, 'NOT_ON_SALE', 'the listing is not active and approved');
  let target: { credentials: Credential[]; stock: number; isAutoDelivery: boolean; price: number } = l;
  let variantIndex: number | null = null;
  if (l.listingType === 'multiple') {
    if (req.variantIndex === undefined)
      throw validationError('variantIndex', 'variantIndex is required for a multiple listing');
    const v = l.variants.find((x) => x.index === req.variantIndex);
    if (!v) throw new SandboxError(404, 'VARIANT_NOT_FOUND', `no variant with index ${req.variantIndex}`);
    target = v;
    variantIndex = v.index;
  }
  const auto = target.credentials.length > 0 || target.isAutoDelivery;
  const available = auto ? target.credentials.length : target.stock;
  if (available < quantity) throw new SandboxError(409, 'NO_STOCK', `only ${available} in stock`);
  const delivered = auto ? target.credentials.splice(0, quantity) : [];
  if (!auto) target.stock -= quantity;
  const price = target.price * quantity;
  const fee = Math.round(price * SANDBOX_FEE_RATE);
  const id = nextId(data, 'order');
  const buyer = data.accounts.find((a) => a.id === SEED_IDS.accounts.buyer);
  const order: Order = {
    id,
    orderCode: `ORD-${id}`,
    status: auto ? 'delivered' : 'processing',
    price,
    fee,
    quantity,
    productId: l.id,
    productTitle: l.title,
    variantIndex,
    buyerId: buyer?.id ?? SEED_IDS.accounts.buyer,
    buyerName: buyer?.username ?? 'demo_buyer',
    sellerId: l.accountId,
    createdAt: rt.clock.iso(),
    deliveredItems: delivered.map(deliveredItem).filter((d): d is DeliveredItem => d !== undefined),
  };
  recordSale(data, l, order);
  const seller = data.accounts.find((a) => a.id === l.accountId);
  if (seller) seller.balance.pending += price - fee;
  const common = {
    id: order.id,
    orderCode: order.orderCode,
    productId: l.id,
    productTitle: l.title,
    buyerId: order.buyerId,
    buyerName: order.buyerName,
    sellerId: order.sellerId,
  };
  rt.emit(l.accountId, 'sale.processing', { ...common, variantIndex, quantity, price, status: 'processing' });
  if (auto) {
    // spec 6.4, exactly these fields.
    rt.emit(l.accountId, 'order.delivered', {
      ...common,
      deliveryType: 'auto',
      itemsDelivered: delivered.length,
      deliveredItems: order.deliveredItems,
    });
  }
  if (!hasStock(l)) rt.emit(l.accountId, 'product.out_of_stock', { productId: l.id }); // A11
  return order;
}
