// Demo data (cli-spec 5): deterministic ids, listings in every state of spec 3, orders with
// and without `deliveredItems` costs, reviews, questions, mediations, and a second seller
// whose things the main seller must not see. Tests refer to `SEED_IDS`, never to numbers.
import { SCOPES } from '../api/assumptions.js';
import { makeKeyRecord } from './auth.js';
import type { Account, Credential, DemoKeys, Listing, Order, SandboxData, Variant } from './state.js';

export const SEED_IDS = {
  accounts: { main: 1001, other: 1002, unverified: 1003, buyer: 2001 },
  games: { valorant: 'valorant', lol: 'lol', cs2: 'cs2', genshin: 'genshin' },
  products: {
    activeManual: 101, // approved, active, manual stock, category account (warranty applies)
    inactiveWithStock: 102, // approved, inactive, manual stock, category skin
    inactiveNoStock: 103, // approved, inactive, no stock
    underReview: 104, // em_analise, inactive, with stock
    rejected: 105, // rejected, inactive, with stock
    takenDown: 106, // taken_down
    permanentlyRejected: 107, // permanently_rejected
    offlinePaused: 108, // approved, paused by Offline Mode, with stock
    multiAuto: 109, // multiple, auto-delivery variants holding credentials with refs and costs
    multiManual: 110, // multiple, manual-stock variants
    singleAuto: 111, // single, auto-delivery
    other: 201, // the other seller's listing
    deleted: 999, // a listing that no longer exists (a question still points at it)
  },
  orders: {
    saleDelivered: 5001, // auto delivery, items with and without cost
    saleCompleted: 5002, // variant sale, items with refs and costs
    saleProcessing: 5003, // manual delivery, no deliveredItems
    saleCancelled: 5004,
    saleInMediation: 5005, // open mediation
    saleMediationClosed: 5006, // closed mediation
    purchase: 5101, // the main seller bought from the other seller
    other: 5201, // the other seller's sale: not visible to the main seller
  },
  orderCodes: { saleDelivered: 'ORD-5001', purchase: 'ORD-5101', other: 'ORD-5201' },
  reviews: { fiveStars: 3001, contested: 3002, twoStars: 3003, other: 3004 },
  contestations: { first: 4001 },
  questions: {
    unanswered: 6001,
    answered: 6002,
    onUnderReview: 6003,
    onInactive: 6004,
    onPaused: 6005,
    onDeleted: 6006,
    withOrder: 6007,
    other: 6008,
  },
  mediations: { open: 5005, closed: 5006 },
} as const;

const P = SEED_IDS.products;
const T0 = '2025-01-10T12:00:00.000Z';
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 0, day, hour)).toISOString();

function account(id: number, username: string, extra: Partial<Account> = {}): Account {
  return {
    id,
    username,
    verified: true,
    inBeta: true,
    restricted: false,
    inDebt: false,
    emailVerified: true,
    questionsBlocked: false,
    offlineMode: false,
    balance: { available: 0, pending: 0, blocked: 0 },
    level: 1,
    ...extra,
  };
}

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

function listings(main: number, other: number): Listing[] {
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
function orders(main: number, other: number, buyer: number): Order[] {
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

/** A fresh data set. `keys` are the demo keys (kept across resets so handles stay valid). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the demo data set written out as one literal, read top to bottom
export function seedData(keys: DemoKeys, withDemo = true): SandboxData {
  const A = SEED_IDS.accounts;
  const data: SandboxData = {
    version: 2,
    nextId: { listing: 300, order: 7001, review: 3101, contestation: 4101, question: 6101, key: 1 },
    accounts: [
      account(A.main, 'demo_seller', {
        offlineMode: true,
        level: 3,
        balance: { available: 125_000, pending: 8_000, blocked: 1_500 },
      }),
      account(A.other, 'other_seller', { balance: { available: 5_000, pending: 0, blocked: 0 } }),
      account(A.unverified, 'unverified_seller', { verified: false }),
      account(A.buyer, 'demo_buyer', { inBeta: false }),
    ],
    keys: [],
    demoKeys: keys,
    games: [
      { id: 'valorant', name: 'Valorant', slug: 'valorant', minPrice: 500 },
      { id: 'lol', name: 'League of Legends', slug: 'league-of-legends', minPrice: 300 },
      { id: 'cs2', name: 'Counter-Strike 2', slug: 'cs2', minPrice: 100 },
      { id: 'genshin', name: 'Genshin Impact', slug: 'genshin-impact', minPrice: 1000 },
    ],
    listings: [],
    orders: [],
    reviews: [],
    contestations: [],
    questions: [],
    mediations: [],
    idempotency: {},
    clockOffsetMs: 0,
    v1Creations: {},
    answerTimes: {},
  };
  const all = [...SCOPES];
  const mk = (accountId: number, name: string, key: string, scopes?: typeof all) =>
    makeKeyRecord(data, data.nextId.key++, accountId, name, key, scopes, T0);
  mk(A.main, 'demo v1', keys.v1);
  mk(A.main, 'demo v2', keys.v2, all);
  mk(A.other, 'other v1', keys.otherV1);
  mk(A.other, 'other v2', keys.otherV2, all);
  mk(A.unverified, 'unverified v1', keys.unverifiedV1);
  mk(A.unverified, 'unverified v2', keys.unverifiedV2, all);
  if (!withDemo) return data;

  data.listings = listings(A.main, A.other);
  data.orders = orders(A.main, A.other, A.buyer);
  const R = SEED_IDS.reviews;
  const O = SEED_IDS.orders;
  data.reviews = [
    {
      id: R.fiveStars,
      sellerId: A.main,
      orderId: O.saleDelivered,
      productId: P.singleAuto,
      rating: 5,
      comment: 'Fast delivery, works.',
      buyerName: 'demo_buyer',
      createdAt: at(12),
      contested: false,
    },
    {
      id: R.contested,
      sellerId: A.main,
      orderId: O.saleCompleted,
      productId: P.multiAuto,
      rating: 4,
      comment: 'Good but slow.',
      buyerName: 'demo_buyer',
      createdAt: at(13),
      contested: true,
    },
    {
      id: R.twoStars,
      sellerId: A.main,
      orderId: O.saleMediationClosed,
      productId: P.singleAuto,
      rating: 2,
      comment: 'Had to open a mediation.',
      buyerName: 'demo_buyer',
      createdAt: at(17),
      contested: false,
    },
    {
      id: R.other,
      sellerId: A.other,
      orderId: O.other,
      productId: P.other,
      rating: 3,
      comment: 'ok',
      buyerName: 'demo_buyer',
      createdAt: at(19),
      contested: false,
    },
  ];
  data.contestations = [
    {
      id: SEED_IDS.contestations.first,
      sellerId: A.main,
      reviewId: R.contested,
      orderId: O.saleCompleted,
      reason: 'The delivery was instant; the buyer confused orders.',
      status: 'pending',
      createdAt: at(14),
    },
  ];
  const Q = SEED_IDS.questions;
  const q = (
    id: number,
    sellerId: number,
    productId: number,
    text: string,
    extra: Partial<SandboxData['questions'][number]> = {},
  ) => ({
    id,
    sellerId,
    productId,
    orderId: null,
    status: 'unanswered' as const,
    text,
    answer: null,
    askerName: 'curious_buyer',
    createdAt: at(20),
    answeredAt: null,
    ...extra,
  });
  data.questions = [
    q(Q.unanswered, A.main, P.activeManual, 'Does the account have the Champions bundle?'),
    q(Q.answered, A.main, P.activeManual, 'Is the e-mail changeable?', {
      status: 'answered',
      answer: 'Yes, full access.',
      answeredAt: at(21),
    }),
    q(Q.onUnderReview, A.main, P.underReview, 'How long does the boost take?'),
    q(Q.onInactive, A.main, P.inactiveWithStock, 'Will this come back?'),
    q(Q.onPaused, A.main, P.offlinePaused, 'Are you online?'),
    q(Q.onDeleted, A.main, P.deleted, 'Still available?'),
    q(Q.withOrder, A.main, P.singleAuto, 'My login does not work, can you check?', { orderId: O.saleDelivered }),
    q(Q.other, A.other, P.other, 'Other seller question'),
  ];
  data.mediations = [
    {
      orderId: O.saleInMediation,
      sellerId: A.main,
      status: 'open',
      reason: 'Account was recovered by the original owner',
      openedAt: at(16),
      closedAt: null,
      resolution: null,
    },
    {
      orderId: O.saleMediationClosed,
      sellerId: A.main,
      status: 'closed',
      reason: 'Wrong region',
      openedAt: at(17),
      closedAt: at(18),
      resolution: 'refunded',
    },
  ];
  return data;
}
