// The demo listings and orders (cli-spec 5; split from seed.ts): listings in every
// state of spec 3, orders with and without `deliveredItems` costs, and the other seller's.
import { at, SEED_IDS, T0 } from './seed-ids.js';
import type { Credential, Listing, Order, Variant } from './state.js';

const P = SEED_IDS.products;

const creds = (
  prefix: string,
  n: number,
  withMeta: (i: number) => Omit<Credential, 'credential'> = () => ({}),
): Credential[] =>
  Array.from({ length: n }, (_, i) => ({ credential: `${prefix}-login-${i + 1}:pass${i + 1}`, ...withMeta(i) }));

function listing(id: number, accountId: number, title: string, extra: Partial<Listing>): Listing {
  return {
    id,
    accountId,
    title,
    description: `${title}: demo listing of the sandbox, delivered fast.`,
    price: 2500,
    game: 'valorant',
    category: 'skin',
    listingType: 'single',
    autoDeliverySeparator: '\n',
    imageUrls: [],
    isAutoDelivery: false,
    isActive: false,
    pausedByOfflineMode: false,
    status: 'approved',
    stock: 0,
    credentials: [],
    variants: [],
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  };
}

function variant(index: number, title: string, price: number, extra: Partial<Variant> = {}): Variant {
  return { index, title, price, stock: 0, isAutoDelivery: false, credentials: [], ...extra };
}

export function listings(main: number, other: number): Listing[] {
  return [
    listing(P.activeManual, main, 'Immortal account with rare skins', {
      category: 'account',
      warrantyPeriod: 30,
      deliveryTime: '24h',
      accountProvenance: 'resale',
      isActive: true,
      stock: 5,
      price: 25000,
    }),
    listing(P.inactiveWithStock, main, 'Prime Vandal skin bundle', { stock: 3, price: 1500, deliveryTime: '12h' }),
    listing(P.inactiveNoStock, main, 'Reaver knife skin', { stock: 0, price: 1800 }),
    listing(P.underReview, main, 'Radiant boost service', {
      status: 'em_analise',
      stock: 2,
      price: 9000,
      category: 'service',
    }),
    listing(P.rejected, main, 'Suspicious coin pack', { status: 'rejected', stock: 2, price: 700 }),
    listing(P.takenDown, main, 'Removed listing', { status: 'taken_down', stock: 1, price: 600 }),
    listing(P.permanentlyRejected, main, 'Forbidden listing', { status: 'permanently_rejected', stock: 1, price: 650 }),
    listing(P.offlinePaused, main, 'League account level 30', {
      game: 'lol',
      category: 'account',
      warrantyPeriod: 7,
      stock: 4,
      price: 3000,
      pausedByOfflineMode: true,
    }),
    listing(P.multiAuto, main, 'Valorant Points top-up', {
      listingType: 'multiple',
      isAutoDelivery: true,
      isActive: true,
      price: 1000,
      category: 'currency',
      variants: [
        variant(0, '1000 VP', 1000, {
          isAutoDelivery: true,
          credentials: creds('vp1000', 3, (i) => ({ ref: `VP1K-${i + 1}`, costCents: 700 + i * 10 })),
        }),
        variant(1, '2000 VP', 1900, {
          isAutoDelivery: true,
          credentials: [...creds('vp2000a', 1, () => ({ ref: 'VP2K-1' })), ...creds('vp2000b', 1)],
        }),
        variant(2, '5000 VP', 4500, { isAutoDelivery: true }),
      ],
    }),
    listing(P.multiManual, main, 'Genshin account tiers', {
      game: 'genshin',
      listingType: 'multiple',
      isActive: true,
      price: 1500,
      category: 'account',
      warrantyPeriod: 14,
      variants: [variant(0, 'Bronze', 1500, { stock: 10 }), variant(1, 'Silver', 2500, { stock: 0 })],
    }),
    listing(P.singleAuto, main, 'CS2 Prime account', {
      game: 'cs2',
      category: 'account',
      isAutoDelivery: true,
      isActive: true,
      price: 800,
      credentials: [
        { credential: 'cs2-prime-1:pw1', ref: 'CS2-1', costCents: 300 },
        { credential: 'cs2-prime-2:pw2', costCents: 250 },
        { credential: 'cs2-prime-3:pw3' },
      ],
    }),
    listing(P.other, other, 'Other seller smurf account', { isActive: true, stock: 5, price: 2000 }),
  ];
}

function order(
  id: number,
  o: Partial<Order> & Pick<Order, 'sellerId' | 'buyerId' | 'price' | 'productId' | 'status'>,
): Order {
  return {
    id,
    orderCode: `ORD-${id}`,
    fee: Math.round(o.price * 0.1),
    quantity: 1,
    productTitle: 'demo',
    variantIndex: null,
    buyerName: o.buyerId === SEED_IDS.accounts.buyer ? 'demo_buyer' : 'demo_seller',
    createdAt: at(12),
    deliveredItems: [],
    ...o,
  };
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: seed data, one literal per demo order; splitting it would only scatter the table
export function orders(main: number, other: number, buyer: number): Order[] {
  const O = SEED_IDS.orders;
  return [
    order(O.saleDelivered, {
      sellerId: main,
      buyerId: buyer,
      price: 1600,
      quantity: 2,
      productId: P.singleAuto,
      productTitle: 'CS2 Prime account',
      status: 'delivered',
      createdAt: at(11),
      deliveredItems: [{ ref: 'CS2-0', costCents: 300 }, { ref: 'CS2-00' }],
    }),
    order(O.saleCompleted, {
      sellerId: main,
      buyerId: buyer,
      price: 1000,
      productId: P.multiAuto,
      productTitle: 'Valorant Points top-up',
      variantIndex: 0,
      status: 'completed',
      createdAt: at(12),
      deliveredItems: [{ ref: 'VP1K-0', costCents: 690 }],
    }),
    order(O.saleProcessing, {
      sellerId: main,
      buyerId: buyer,
      price: 25000,
      productId: P.activeManual,
      productTitle: 'Immortal account with rare skins',
      status: 'processing',
      createdAt: at(13),
    }),
    order(O.saleCancelled, {
      sellerId: main,
      buyerId: buyer,
      price: 1500,
      productId: P.inactiveWithStock,
      productTitle: 'Prime Vandal skin bundle',
      status: 'cancelled',
      createdAt: at(14),
    }),
    order(O.saleInMediation, {
      sellerId: main,
      buyerId: buyer,
      price: 3000,
      productId: P.offlinePaused,
      productTitle: 'League account level 30',
      status: 'in_mediation',
      createdAt: at(15),
    }),
    order(O.saleMediationClosed, {
      sellerId: main,
      buyerId: buyer,
      price: 800,
      productId: P.singleAuto,
      productTitle: 'CS2 Prime account',
      status: 'completed',
      createdAt: at(16),
      deliveredItems: [{ costCents: 250 }],
    }),
    order(O.purchase, {
      sellerId: other,
      buyerId: main,
      buyerName: 'demo_seller',
      price: 2000,
      productId: P.other,
      productTitle: 'Other seller smurf account',
      status: 'delivered',
      createdAt: at(17),
      deliveredItems: [{ ref: 'OTHER-1', costCents: 100 }],
    }),
    order(O.other, {
      sellerId: other,
      buyerId: buyer,
      price: 2000,
      productId: P.other,
      productTitle: 'Other seller smurf account',
      status: 'completed',
      createdAt: at(18),
    }),
  ];
}
