// zod schemas of the service's responses: lenient (api-assumptions A4: unknown fields pass
// through, optional fields may be missing). Request bodies are in requests.ts.
import { z } from 'zod';

const loose = z.looseObject;
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodType>(t: T) => t.nullish();
/**
 * Each exported schema is built on its first use: a run parses one or two kinds of response,
 * and building all twenty at load cost ~5 ms of every start (bench/startup). z.lazy keeps the
 * type and caches what it builds.
 */
const lazy = <T extends z.ZodType>(build: () => T) => z.lazy(build);

export const Pagination = lazy(() => loose({ page: num, limit: num, total: num, totalPages: num }));
export type Pagination = z.infer<typeof Pagination>;

export const Variant = lazy(() =>
  loose({
    index: num,
    title: opt(str),
    price: opt(num),
    stock: opt(num),
    isAutoDelivery: opt(z.boolean()),
    autoDeliveryStock: opt(num),
  }),
);
export type Variant = z.infer<typeof Variant>;

export const Listing = lazy(() =>
  loose({
    id: num,
    title: opt(str),
    description: opt(str),
    price: opt(num),
    effectivePrice: opt(num),
    game: opt(str),
    category: opt(str),
    listingType: opt(str),
    status: opt(str),
    isActive: opt(z.boolean()),
    pausedByOfflineMode: opt(z.boolean()),
    isAutoDelivery: opt(z.boolean()),
    stock: opt(num),
    autoDeliveryStock: opt(num),
    variants: opt(z.array(Variant)),
    createdAt: opt(str),
    updatedAt: opt(str),
  }),
);
export type Listing = z.infer<typeof Listing>;

const DeliveredItem = lazy(() => loose({ ref: opt(str), costCents: opt(num) }));
export const Order = lazy(() =>
  loose({
    id: num,
    orderCode: opt(str),
    type: opt(str),
    status: opt(str),
    price: opt(num),
    fee: opt(num),
    quantity: opt(num),
    productId: opt(num),
    productTitle: opt(str),
    variantIndex: opt(num),
    buyerId: opt(num),
    buyerName: opt(str),
    sellerId: opt(num),
    createdAt: opt(str),
    deliveredItems: opt(z.array(DeliveredItem)),
  }),
);
export type Order = z.infer<typeof Order>;

export const Balance = lazy(() => loose({ available: opt(num), pending: opt(num), blocked: opt(num) }));
export type Balance = z.infer<typeof Balance>;
export const Stats = lazy(() =>
  loose({ totalSales: opt(num), rating: opt(num), level: opt(z.union([num, str])), activeListings: opt(num) }),
);
export type Stats = z.infer<typeof Stats>;
export const Game = lazy(() => loose({ id: z.union([str, num]), name: opt(str), slug: opt(str), minPrice: opt(num) }));
export type Game = z.infer<typeof Game>;
export const Review = lazy(() =>
  loose({
    id: num,
    orderId: opt(num),
    productId: opt(num),
    rating: opt(num),
    comment: opt(str),
    buyerName: opt(str),
    createdAt: opt(str),
    contested: opt(z.boolean()),
  }),
);
export type Review = z.infer<typeof Review>;
export const ReviewStats = lazy(() =>
  loose({ count: opt(num), average: opt(num), distribution: opt(z.record(str, num)) }),
);
export type ReviewStats = z.infer<typeof ReviewStats>;
export const Contestation = lazy(() =>
  loose({
    id: num,
    reviewId: opt(num),
    orderId: opt(num),
    reason: opt(str),
    status: opt(str),
    createdAt: opt(str),
  }),
);
export type Contestation = z.infer<typeof Contestation>;
export const Question = lazy(() =>
  loose({
    id: num,
    productId: opt(num),
    orderId: opt(num),
    status: opt(str),
    text: opt(str),
    answer: opt(str),
    askerName: opt(str),
    createdAt: opt(str),
    answeredAt: opt(str),
  }),
);
export type Question = z.infer<typeof Question>;
export const Mediation = lazy(() =>
  loose({
    orderId: num,
    status: opt(str),
    reason: opt(str),
    openedAt: opt(str),
    closedAt: opt(str),
    resolution: opt(str),
  }),
);
export type Mediation = z.infer<typeof Mediation>;
export const Me = lazy(() =>
  loose({
    accountId: opt(num),
    sellerId: opt(num),
    username: opt(str),
    keyId: opt(z.union([num, str])),
    keyPrefix: opt(str),
    keyCreatedAt: opt(str),
    scopes: opt(z.array(str)),
    version: opt(str),
  }),
);
export type Me = z.infer<typeof Me>;
// a window's `reset` is a time (A3: ISO 8601 strings) or, like X-RateLimit-Reset
// (A8), Unix seconds; both are accepted, read with timeToMs (src/api/times.ts).
const Time = z.union([
  z.number().nonnegative(),
  z.string().refine((s) => Number.isFinite(Date.parse(s)), 'not an ISO 8601 time'),
]);
const Window = loose({ limit: num, remaining: num, reset: Time });
export const Usage = lazy(() => loose({ minute: opt(Window), day: opt(Window) }));
export type Usage = z.infer<typeof Usage>;
export const ApiKey = lazy(() =>
  loose({
    id: z.union([num, str]),
    name: opt(str),
    version: opt(str),
    prefix: opt(str),
    last4: opt(str),
    scopes: opt(z.array(str)),
    active: opt(z.boolean()),
    createdAt: opt(str),
    lastUsedAt: opt(str),
    key: opt(str),
  }),
);
export type ApiKey = z.infer<typeof ApiKey>;
export const KeyUsageEntry = lazy(() => loose({ method: opt(str), path: opt(str), status: opt(num), at: opt(str) }));
export type KeyUsageEntry = z.infer<typeof KeyUsageEntry>;

// A6
export const ItemResult = lazy(() =>
  loose({
    id: opt(num),
    index: opt(num),
    status: z.enum(['ok', 'failed', 'unchanged']).or(str),
    code: opt(str),
    error: opt(str),
    message: opt(str),
  }),
);
export type ItemResult = z.infer<typeof ItemResult>;
export const ItemResults = lazy(() => loose({ results: z.array(ItemResult) }));
// A7
export const StockAddResult = lazy(() => loose({ added: num, duplicates: num, total: num }));
export type StockAddResult = z.infer<typeof StockAddResult>;

// A1: error bodies of either version.
export const ErrorBody = lazy(() =>
  loose({
    success: opt(z.boolean()),
    error: opt(str),
    code: opt(str),
    message: opt(str),
    retryable: opt(z.boolean()),
    limit: opt(num),
    field: opt(str),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;
