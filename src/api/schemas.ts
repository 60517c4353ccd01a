// zod schemas of the service. Requests are strict (spec 2.1: an unknown v2 field is a 400),
// responses are lenient (api-assumptions: unknown fields pass through, optional fields may be
// missing). The sandbox validates requests with the same request schemas, so the CLI's
// pre-flight checks and the server's answers cannot drift apart.
import { z } from 'zod';
import {
  DEDUPE_MODES, DELIVERY_TIME_PATTERN, LIMITS, LISTING_TYPES, PRICE_MIN_CENTS, REF_PATTERN, SCOPES,
} from './assumptions.js';

// ---------------------------------------------------------------- request pieces
export const priceCents = z.number().int('price must be whole cents')
  .min(PRICE_MIN_CENTS, 'price must be greater than 0')
  .max(LIMITS.priceMaxCents, `price must be at most ${LIMITS.priceMaxCents} cents`);
const id = z.number().int().positive();
const deliveryTime = z.string().regex(DELIVERY_TIME_PATTERN, 'deliveryTime must look like 24h'); // A3

// spec 2.2 + A13
export const VariantCreate = z.strictObject({
  title: z.string().min(1),
  price: priceCents,
  autoDeliveryItems: z.string().optional(),
  stock: z.number().int().min(0).optional(),
  isAutoDelivery: z.boolean().optional(),
});

// spec 2.1 + A13 (required fields, v1 listing limits applied to v2 creation).
export const ProductCreateV2 = z.strictObject({
  title: z.string().min(LIMITS.titleMin).max(LIMITS.titleMax),
  description: z.string().min(LIMITS.descriptionMin).max(LIMITS.descriptionMax),
  price: priceCents.optional(),
  game: z.string().min(1),
  category: z.string().min(1),
  warrantyPeriod: z.number().int().min(0).optional(),
  accountProvenance: z.string().optional(),
  listingType: z.enum(LISTING_TYPES).optional(),
  deliveryTime: deliveryTime.optional(),
  autoDeliverySeparator: z.string().min(1).optional(),
  imageUrls: z.array(z.url()).max(LIMITS.v1ImagesMax).optional(),
  variants: z.array(VariantCreate).optional(),
  isAutoDelivery: z.boolean().optional(),
  autoDeliveryContent: z.string().optional(),
  isActive: z.boolean().optional(),
}).refine((b) => b.price !== undefined || (b.variants !== undefined && b.variants.length > 0), {
  message: 'price is required unless variants are given', path: ['price'],
});
export type ProductCreateV2 = z.infer<typeof ProductCreateV2>;

// spec 2.4
export const ProductUpdateV2 = z.strictObject({
  price: priceCents.optional(),
  isActive: z.boolean().optional(),
  title: z.string().min(LIMITS.titleMin).max(LIMITS.titleMax).optional(),
  description: z.string().min(LIMITS.descriptionMin).max(LIMITS.descriptionMax).optional(),
  warrantyPeriod: z.number().int().min(0).optional(),
  deliveryTime: deliveryTime.optional(),
});
export type ProductUpdateV2 = z.infer<typeof ProductUpdateV2>;

export const VariantsEdit = z.strictObject({
  items: z.array(z.strictObject({
    index: z.number().int().min(0),
    price: priceCents.optional(),
    stock: z.number().int().min(0).optional(),
  })).min(1).max(LIMITS.itemsPerBulk),
});
export type VariantsEdit = z.infer<typeof VariantsEdit>;

export const BulkPrice = z.strictObject({
  items: z.array(z.strictObject({ id, price: priceCents })).min(1).max(LIMITS.itemsPerBulk),
});
export type BulkPrice = z.infer<typeof BulkPrice>;

export const BulkStatus = z.strictObject({
  items: z.array(z.strictObject({ id, isActive: z.boolean() })).min(1).max(LIMITS.itemsPerBulk),
});
export type BulkStatus = z.infer<typeof BulkStatus>;

// spec 2.3
export const StockItem = z.strictObject({
  credential: z.string().min(1).max(LIMITS.credentialMaxChars),
  ref: z.string().regex(REF_PATTERN, 'ref must be 1-64 letters, digits, dot, hyphen or underscore').optional(),
  costCents: z.number().int().min(0).optional(),
});
export type StockItem = z.infer<typeof StockItem>;
export const StockAdd = z.strictObject({
  variantIndex: z.number().int().min(0).optional(),
  items: z.array(StockItem).min(1).max(LIMITS.stockItemsPerRequest).optional(),
  credentialsText: z.string().min(1).optional(),
  separator: z.string().min(1).optional(),
  dedupeMode: z.enum(DEDUPE_MODES).optional(),
}).refine((b) => (b.items === undefined) !== (b.credentialsText === undefined), {
  message: 'send either items or credentialsText', path: ['items'],
});
export type StockAdd = z.infer<typeof StockAdd>;

export const ContestReview = z.strictObject({
  reason: z.string().min(1),
  orderId: z.number().int().optional(), // spec 2.4: accepted and ignored
});
export const AnswerQuestion = z.strictObject({ answer: z.string().min(1) });

// v1 bodies are not shown (spec 4.5); assumption A3/A4: same fields, price as a decimal.
// v1 is not strict: unknown fields are ignored.
export const ProductCreateV1 = z.object({
  title: z.string().min(LIMITS.titleMin).max(LIMITS.titleMax),
  description: z.string().min(LIMITS.descriptionMin).max(LIMITS.descriptionMax),
  price: z.number().positive(),
  game: z.string().min(1),
  category: z.string().min(1).optional(),
  warrantyPeriod: z.number().int().min(0).optional(),
  deliveryTime: deliveryTime.optional(),
  imageUrls: z.array(z.url()).max(LIMITS.v1ImagesMax).optional(),
  isActive: z.boolean().optional(),
});
export const ProductUpdateV1 = z.object({
  price: z.number().positive().optional(),
  isActive: z.boolean().optional(),
  title: z.string().min(LIMITS.titleMin).max(LIMITS.titleMax).optional(),
  description: z.string().min(LIMITS.descriptionMin).max(LIMITS.descriptionMax).optional(),
  warrantyPeriod: z.number().int().min(0).optional(),
  deliveryTime: deliveryTime.optional(),
});

// A10
export const KeyCreate = z.strictObject({
  name: z.string().min(1).max(100),
  version: z.enum(['v1', 'v2']),
  scopes: z.array(z.enum(SCOPES)).min(1).optional(),
}).refine((b) => b.version === 'v1' || (b.scopes?.length ?? 0) > 0, {
  message: 'v2 keys need scopes', path: ['scopes'],
});

// ---------------------------------------------------------------- responses (lenient, A4)
const loose = z.looseObject;
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodType>(t: T) => t.nullish();

export const Pagination = loose({ page: num, limit: num, total: num, totalPages: num });
export type Pagination = z.infer<typeof Pagination>;

export const Variant = loose({
  index: num, title: opt(str), price: opt(num), stock: opt(num),
  isAutoDelivery: opt(z.boolean()), autoDeliveryStock: opt(num),
});
export type Variant = z.infer<typeof Variant>;

export const Listing = loose({
  id: num, title: opt(str), description: opt(str), price: opt(num), effectivePrice: opt(num),
  game: opt(str), category: opt(str), listingType: opt(str), status: opt(str),
  isActive: opt(z.boolean()), pausedByOfflineMode: opt(z.boolean()), isAutoDelivery: opt(z.boolean()),
  stock: opt(num), autoDeliveryStock: opt(num), variants: opt(z.array(Variant)),
  createdAt: opt(str), updatedAt: opt(str),
});
export type Listing = z.infer<typeof Listing>;

export const DeliveredItem = loose({ ref: opt(str), costCents: opt(num) });
export const Order = loose({
  id: num, orderCode: opt(str), type: opt(str), status: opt(str), price: opt(num), fee: opt(num),
  quantity: opt(num), productId: opt(num), productTitle: opt(str), variantIndex: opt(num),
  buyerId: opt(num), buyerName: opt(str), sellerId: opt(num), createdAt: opt(str),
  deliveredItems: opt(z.array(DeliveredItem)),
});
export type Order = z.infer<typeof Order>;

export const Balance = loose({ available: opt(num), pending: opt(num), blocked: opt(num) });
export const Stats = loose({ totalSales: opt(num), rating: opt(num), level: opt(z.union([num, str])), activeListings: opt(num) });
export const Game = loose({ id: z.union([str, num]), name: opt(str), slug: opt(str), minPrice: opt(num) });
export const Review = loose({
  id: num, orderId: opt(num), productId: opt(num), rating: opt(num), comment: opt(str),
  buyerName: opt(str), createdAt: opt(str), contested: opt(z.boolean()),
});
export const ReviewStats = loose({ count: opt(num), average: opt(num), distribution: opt(z.record(str, num)) });
export const Contestation = loose({
  id: num, reviewId: opt(num), orderId: opt(num), reason: opt(str), status: opt(str), createdAt: opt(str),
});
export const Question = loose({
  id: num, productId: opt(num), orderId: opt(num), status: opt(str), text: opt(str), answer: opt(str),
  askerName: opt(str), createdAt: opt(str), answeredAt: opt(str),
});
export type Question = z.infer<typeof Question>;
export const Mediation = loose({
  orderId: num, status: opt(str), reason: opt(str), openedAt: opt(str), closedAt: opt(str), resolution: opt(str),
});
export const Me = loose({
  accountId: opt(num), sellerId: opt(num), username: opt(str), keyId: opt(z.union([num, str])),
  keyPrefix: opt(str), keyCreatedAt: opt(str), scopes: opt(z.array(str)), version: opt(str),
});
const Window = loose({ limit: num, remaining: num, reset: num });
export const Usage = loose({ minute: opt(Window), day: opt(Window) });
export const ApiKey = loose({
  id: z.union([num, str]), name: opt(str), version: opt(str), prefix: opt(str), last4: opt(str),
  scopes: opt(z.array(str)), active: opt(z.boolean()), createdAt: opt(str), lastUsedAt: opt(str),
  key: opt(str),
});
export const KeyUsageEntry = loose({ method: opt(str), path: opt(str), status: opt(num), at: opt(str) });

// A6
export const ItemResult = loose({
  id: opt(num), index: opt(num), status: z.enum(['ok', 'failed', 'unchanged']).or(str),
  code: opt(str), error: opt(str), message: opt(str),
});
export type ItemResult = z.infer<typeof ItemResult>;
export const ItemResults = loose({ results: z.array(ItemResult) });
// A7
export const StockAddResult = loose({ added: num, duplicates: num, total: num });
export type StockAddResult = z.infer<typeof StockAddResult>;

// A1: error bodies of either version.
export const ErrorBody = loose({
  success: opt(z.boolean()), error: opt(str), code: opt(str), message: opt(str),
  retryable: opt(z.boolean()), limit: opt(num), field: opt(str),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Turn a zod issue path into the JSON path the service names (`variants[3].price`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}
