// Demo data (cli-spec 5): deterministic ids, listings in every state of spec 3, orders with
// and without `deliveredItems` costs, reviews, questions, mediations, and a second seller
// whose things the main seller must not see. Tests refer to `SEED_IDS`, never to numbers.
// The ids are seed-ids.ts, the listings and orders seed-catalogue.ts (split).
import { SCOPES } from '../api/assumptions.js';
import { makeKeyRecord } from './auth.js';
import { listings, orders } from './seed-catalogue.js';
import { at, SEED_IDS, T0 } from './seed-ids.js';
import type { Account, DemoKeys, SandboxData } from './state.js';

export { SEED_IDS } from './seed-ids.js';

const P = SEED_IDS.products;

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
