// zod schemas of the service's request bodies: strict (spec 2.1: an unknown v2 field is a 400).
// The sandbox validates requests with these same schemas, so the CLI's pre-flight checks and
// the server's answers cannot drift apart. Responses are in responses.ts: a read never builds
// these (bench/startup).
import { z } from 'zod';
import {
  DEDUPE_MODES,
  DELIVERY_TIME_PATTERN,
  LIMITS,
  LISTING_TYPES,
  PRICE_MIN_CENTS,
  REF_PATTERN,
  SCOPES,
} from './assumptions.js';
import { credentialTooLong } from './rules/credential.js';
import { priceAboveMax, priceBelowMin } from './rules/price.js';
import { REF_FORMAT } from './rules/ref.js';

// ---------------------------------------------------------------- request pieces
// The price rule (src/api/rules/price.ts) speaks for the sandbox's answers too.
export const priceCents = z
  .number()
  .int('price must be whole cents')
  .min(PRICE_MIN_CENTS, priceBelowMin('price'))
  .max(LIMITS.priceMaxCents, priceAboveMax('price', 'cents'));
const id = z.number().int().positive();
const deliveryTime = z.string().regex(DELIVERY_TIME_PATTERN, 'deliveryTime must look like 24h'); // A3

// spec 2.2 + A13
const VariantCreate = z.strictObject({
  // spec 2.2 lists `index` as a variant field: accepted in a create body (a variants
  // list copied from a GET answer); the position in the array decides, as in the GET answer.
  index: z.number().int().min(0).optional(),
  title: z.string().min(1),
  price: priceCents,
  autoDeliveryItems: z.string().optional(),
  stock: z.number().int().min(0).optional(),
  isAutoDelivery: z.boolean().optional(),
});

// spec 2.1 + A13 (required fields, v1 listing limits applied to v2 creation).
export const ProductCreateV2 = z
  .strictObject({
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
  })
  .refine((b) => b.price !== undefined || (b.variants !== undefined && b.variants.length > 0), {
    message: 'price is required unless variants are given',
    path: ['price'],
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
  items: z
    .array(
      z.strictObject({
        index: z.number().int().min(0),
        price: priceCents.optional(),
        stock: z.number().int().min(0).optional(),
      }),
    )
    .min(1)
    .max(LIMITS.itemsPerBulk),
});
export type VariantsEdit = z.infer<typeof VariantsEdit>;

export const BulkPrice = z.strictObject({
  items: z
    .array(z.strictObject({ id, price: priceCents }))
    .min(1)
    .max(LIMITS.itemsPerBulk),
});
export type BulkPrice = z.infer<typeof BulkPrice>;

export const BulkStatus = z.strictObject({
  items: z
    .array(z.strictObject({ id, isActive: z.boolean() }))
    .min(1)
    .max(LIMITS.itemsPerBulk),
});
export type BulkStatus = z.infer<typeof BulkStatus>;

// spec 2.3
export const StockItem = z.strictObject({
  credential: z.string().min(1, 'empty credential').max(LIMITS.credentialMaxChars, credentialTooLong()),
  ref: z.string().regex(REF_PATTERN, REF_FORMAT).optional(),
  costCents: z.number().int().min(0).optional(),
});
export type StockItem = z.infer<typeof StockItem>;
export const StockAdd = z
  .strictObject({
    variantIndex: z.number().int().min(0).optional(),
    items: z.array(StockItem).min(1).max(LIMITS.stockItemsPerRequest).optional(),
    credentialsText: z.string().min(1).optional(),
    separator: z.string().min(1).optional(),
    dedupeMode: z.enum(DEDUPE_MODES).optional(),
  })
  .refine((b) => (b.items === undefined) !== (b.credentialsText === undefined), {
    message: 'send either items or credentialsText',
    path: ['items'],
  });
export type StockAdd = z.infer<typeof StockAdd>;

export const ContestReview = z.strictObject({
  reason: z.string().min(1),
  orderId: z.number().int().optional(), // spec 2.4: accepted and ignored
});
export type ContestReview = z.infer<typeof ContestReview>;
export const AnswerQuestion = z.strictObject({ answer: z.string().min(1) });
export type AnswerQuestion = z.infer<typeof AnswerQuestion>;

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
export const KeyCreate = z
  .strictObject({
    name: z.string().min(1).max(100),
    version: z.enum(['v1', 'v2']),
    scopes: z.array(z.enum(SCOPES)).min(1).optional(),
  })
  .refine((b) => b.version === 'v1' || (b.scopes?.length ?? 0) > 0, {
    message: 'v2 keys need scopes',
    path: ['scopes'],
  });
export type KeyCreate = z.infer<typeof KeyCreate>;

/** Turn a zod issue path into the JSON path the service names (`variants[3].price`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}
