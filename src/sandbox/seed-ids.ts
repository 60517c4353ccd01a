// The demo data's ids (cli-spec 5; split from seed.ts): tests refer to `SEED_IDS`,
// never to numbers. T0 and `at` are the fixed times the demo records carry.
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

export const T0 = '2025-01-10T12:00:00.000Z';
export const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 0, day, hour)).toISOString();
