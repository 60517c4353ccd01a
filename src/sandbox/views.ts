// Response shapes of assumption A4, built from the internal model. Credentials never leave
// the sandbox: only counts, refs and costs do.
import type { Account, Listing, Order, Variant } from './state.js';
import { effectivePrice } from './state.js';

/** A3: v1 money is a decimal in the platform currency. */
export function toDecimal(cents: number): number {
  return Math.round(cents) / 100;
}

function variantView(v: Variant) {
  return {
    index: v.index,
    title: v.title,
    price: v.price,
    stock: v.stock,
    isAutoDelivery: v.isAutoDelivery,
    autoDeliveryStock: v.credentials.length,
  };
}

/** Manual stock and credentials held, summed over the listing and its variants. */
function stockTotals(l: Listing): { stock: number; autoDeliveryStock: number } {
  let stock = l.stock;
  let auto = l.credentials.length;
  for (const v of l.variants) {
    stock += v.stock;
    auto += v.credentials.length;
  }
  return { stock, autoDeliveryStock: auto };
}

export function listingV2(l: Listing) {
  const out: Record<string, unknown> = {
    id: l.id,
    title: l.title,
    description: l.description,
    price: l.price,
    effectivePrice: effectivePrice(l),
    game: l.game,
    category: l.category,
    listingType: l.listingType,
    status: l.status,
    isActive: l.isActive,
    pausedByOfflineMode: l.pausedByOfflineMode,
    isAutoDelivery: l.isAutoDelivery,
    ...stockTotals(l),
    variants: l.variants.map(variantView),
    imageUrls: l.imageUrls,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
  };
  if (l.warrantyPeriod !== undefined) out.warrantyPeriod = l.warrantyPeriod;
  if (l.deliveryTime !== undefined) out.deliveryTime = l.deliveryTime;
  if (l.accountProvenance !== undefined) out.accountProvenance = l.accountProvenance;
  return out;
}

/** A4: v1 listing = same fields, prices as decimals, no variants. */
export function listingV1(l: Listing) {
  const { variants: _variants, ...rest } = listingV2(l);
  return { ...rest, price: toDecimal(l.price), effectivePrice: toDecimal(effectivePrice(l)) };
}

/** Internal view for `GET /_sandbox/state/products/:id`: everything but the credentials. */
export function listingInternal(l: Listing) {
  const { credentials, variants, ...rest } = l;
  return {
    ...rest,
    credentialCount: credentials.length,
    credentialRefs: credentials.map((c) => c.ref ?? null),
    variants: variants.map(({ credentials: cs, ...v }) => ({
      ...v,
      credentialCount: cs.length,
      credentialRefs: cs.map((c) => c.ref ?? null),
    })),
  };
}

/** A4 order as seen by `account`: `type` sale or purchase; `deliveredItems` for the seller only (spec 2.5). */
export function orderView(o: Order, account: Account, version: 'v1' | 'v2') {
  const isSale = o.sellerId === account.id;
  const money = (c: number) => (version === 'v1' ? toDecimal(c) : c);
  const out: Record<string, unknown> = {
    id: o.id,
    orderCode: o.orderCode,
    type: isSale ? 'sale' : 'purchase',
    status: o.status,
    price: money(o.price),
    fee: money(o.fee),
    quantity: o.quantity,
    productId: o.productId,
    productTitle: o.productTitle,
    variantIndex: o.variantIndex,
    buyerId: o.buyerId,
    buyerName: o.buyerName,
    sellerId: o.sellerId,
    createdAt: o.createdAt,
  };
  if (isSale) out.deliveredItems = o.deliveredItems.map((d) => ({ ...d }));
  return out;
}

/** Whether the account can see the order: its sales and its purchases. */
export function seesOrder(o: Order, account: Account): boolean {
  return o.sellerId === account.id || o.buyerId === account.id;
}
