// v2 listings: list, get, create (spec 2.1, 4.2, 8, A13) and PATCH (spec 3 via listing-rules).
import {
  DEFAULT_SEPARATOR,
  ERROR_CODES,
  LIMITS,
  PRODUCT_STATUS_FILTERS,
  WARRANTY_CATEGORY,
} from '../../api/assumptions.js';
import { ProductCreateV2, ProductUpdateV2 } from '../../api/requests.js';
import { credentialLengthProblem } from '../../api/rules/credential.js';
import { SandboxError, notFound, v2Data, validationError } from '../envelope.js';
import { patchListing } from '../listing-rules.js';
import { nextId, ownListing, type Credential, type Listing, type SandboxData, type Variant } from '../state.js';
import { enumParam, numericId, paginate, parseBody, type Query } from '../validate.js';
import { listingV2 } from '../views.js';
import type { Handler, RouteHandlers, HandlerContext } from './context.js';
import { changed } from '../changes.js';

/** A2 product filters, shared with v1. */
export function filterListings(data: SandboxData, accountId: number, q: Query): Listing[] {
  const status = enumParam(q, 'status', PRODUCT_STATUS_FILTERS);
  const game = q.get('game') || undefined;
  const text = q.get('q')?.toLowerCase() || undefined;
  return data.listings.filter((l) => {
    if (l.accountId !== accountId) return false;
    if (status === 'active' && !l.isActive) return false;
    if (status === 'inactive' && l.isActive) return false;
    if (status && status !== 'active' && status !== 'inactive' && l.status !== status) return false;
    if (game && l.game !== game) return false;
    if (text && !l.title.toLowerCase().includes(text)) return false;
    return true;
  });
}

export function listingFromPath(ctx: HandlerContext, param = 'id'): Listing {
  const id = numericId(ctx.params[param]);
  const l = id === undefined ? undefined : ownListing(ctx.data, ctx.account.id, id);
  if (!l) throw notFound('listing');
  return l;
}

/** A13: the price must be at least the game's catalog minPrice; the game must exist. */
export function checkGamePrice(data: SandboxData, game: string, prices: [string, number][]): void {
  const g = data.games.find((x) => x.id === game);
  if (!g) throw validationError('game', `unknown game ${game}`);
  for (const [field, price] of prices) {
    if (price < g.minPrice) throw validationError(field, `price must be at least ${g.minPrice} cents for ${g.name}`);
  }
}

/** Split a credentials text; empty pieces (a trailing separator) are dropped. */
export function splitCredentials(text: string, separator: string): string[] {
  return text.split(separator).filter((s) => s.length > 0);
}

/** Credentials split from a text field (`field` for the error), each within the credential rule. */
export function checkedCredentials(pieces: string[], field: string): Credential[] {
  pieces.forEach((credential, i) => {
    const problem = credentialLengthProblem(credential, `credential ${i + 1}`);
    if (problem) throw validationError(field, problem);
  });
  return pieces.map((credential) => ({ credential }));
}

/** spec 8 creation limits: characters and auto-delivery variants (field `variants`), then the 10000 credentials. */
function creationCredentials(b: ProductCreateV2): { listing: Credential[]; variants: Credential[][] } {
  const sep = b.autoDeliverySeparator ?? DEFAULT_SEPARATOR;
  const variants = b.variants ?? [];
  const chars =
    (b.autoDeliveryContent?.length ?? 0) + variants.reduce((n, v) => n + (v.autoDeliveryItems?.length ?? 0), 0);
  if (chars > LIMITS.credentialsTextCharsPerCreation) {
    throw validationError(
      'variants',
      `credentials text is limited to ${LIMITS.credentialsTextCharsPerCreation} characters per creation`,
    );
  }
  // spec 2.2: a variant with autoDeliveryItems counts as automatic delivery even without isAutoDelivery.
  const auto = variants.filter((v) => v.isAutoDelivery === true || v.autoDeliveryItems !== undefined).length;
  if (auto > LIMITS.autoDeliveryVariantsPerCreation) {
    throw validationError(
      'variants',
      `at most ${LIMITS.autoDeliveryVariantsPerCreation} variants with automatic delivery`,
    );
  }
  const split = (text: string | undefined, field: string): Credential[] =>
    text === undefined ? [] : checkedCredentials(splitCredentials(text, sep), field);
  const listing = split(b.autoDeliveryContent, 'autoDeliveryContent');
  const perVariant = variants.map((v, i) => split(v.autoDeliveryItems, `variants[${i}].autoDeliveryItems`));
  const total = listing.length + perVariant.reduce((n, c) => n + c.length, 0);
  if (total > LIMITS.credentialsPerCreation) {
    throw new SandboxError(
      400,
      ERROR_CODES.TOO_MANY_CREDENTIALS,
      `at most ${LIMITS.credentialsPerCreation} credentials in one creation`,
      { limit: LIMITS.credentialsPerCreation },
    );
  }
  return { listing, variants: perVariant };
}

const list: Handler = (ctx) => {
  const { items, pagination } = paginate(filterListings(ctx.data, ctx.account.id, ctx.query), ctx.query);
  return v2Data(items.map(listingV2), { pagination });
};

const get: Handler = (ctx) => v2Data(listingV2(listingFromPath(ctx)));

const create: Handler = (ctx) => {
  const b = parseBody(ProductCreateV2, ctx.body);
  const variants = b.variants ?? [];
  // svc decision: listingType defaults to `multiple` when variants are given; the two must agree.
  const listingType = b.listingType ?? (variants.length > 0 ? 'multiple' : 'single');
  if (listingType === 'multiple' && variants.length === 0)
    throw validationError('variants', 'a multiple listing needs at least one variant');
  if (listingType === 'single' && variants.length > 0)
    throw validationError('listingType', 'variants need listingType multiple');
  const prices: [string, number][] = [];
  if (b.price !== undefined) prices.push(['price', b.price]);
  for (const [i, v] of variants.entries()) prices.push([`variants[${i}].price`, v.price]);
  checkGamePrice(ctx.data, b.game, prices);
  const creds = creationCredentials(b);
  const vs: Variant[] = variants.map((v, i) => ({
    index: i,
    title: v.title,
    price: v.price,
    stock: v.stock ?? 0,
    isAutoDelivery: v.isAutoDelivery === true || v.autoDeliveryItems !== undefined,
    credentials: creds.variants[i]!,
  }));
  const isAuto = b.isAutoDelivery ?? (creds.listing.length > 0 || vs.some((v) => v.isAutoDelivery));
  const l: Listing = {
    id: nextId(ctx.data, 'listing'),
    accountId: ctx.account.id,
    title: b.title,
    description: b.description,
    price: b.price ?? Math.min(...vs.map((v) => v.price)),
    game: b.game,
    category: b.category,
    listingType,
    autoDeliverySeparator: b.autoDeliverySeparator ?? DEFAULT_SEPARATOR,
    imageUrls: b.imageUrls ?? [],
    isAutoDelivery: isAuto,
    isActive: b.isActive ?? true,
    pausedByOfflineMode: false,
    status: 'em_analise', // a new listing waits for moderation (POST /_sandbox/moderate)
    // spec 2.1 has no stock field for the listing: a listing created without
    // automatic delivery has none, so activating it is NO_STOCK (spec 3) until stock is given
    // (variants edit, or POST /_sandbox/listings for tests).
    stock: 0,
    credentials: creds.listing,
    variants: vs,
    createdAt: ctx.nowIso,
    updatedAt: ctx.nowIso,
  };
  if (b.category === WARRANTY_CATEGORY && b.warrantyPeriod !== undefined) l.warrantyPeriod = b.warrantyPeriod; // A13
  if (b.deliveryTime !== undefined) l.deliveryTime = b.deliveryTime;
  if (b.accountProvenance !== undefined) l.accountProvenance = b.accountProvenance;
  ctx.data.listings.push(l);
  changed(ctx.data, 'listings', l);
  ctx.rt.emit(ctx.account.id, 'product.created', { productId: l.id }); // A11
  return v2Data(listingV2(l), { status: 201 }); // A5
};

const update: Handler = (ctx) => {
  const patch = parseBody(ProductUpdateV2, ctx.body);
  const l = listingFromPath(ctx);
  changed(ctx.data, 'listings', l); // before: a refusal half-way may have changed it
  const outcome = patchListing(l, patch, ctx.nowIso);
  return v2Data(listingV2(l), { message: outcome.message });
};

export const productHandlers = {
  listProducts: list,
  getProduct: get,
  createProduct: create,
  updateProduct: update,
} satisfies RouteHandlers;
