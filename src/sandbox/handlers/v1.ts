// v1 routes (spec 4.3, A1, A3): the same data as v2 with decimal money and the `success`
// envelope; served under /api/v1 and the /api/service alias. v1 bodies are not strict.
import { DEFAULT_SEPARATOR, ERROR_CODES, LIMITS, WARRANTY_CATEGORY } from '../../api/assumptions.js';
import { ProductCreateV1, ProductUpdateV1 } from '../../api/requests.js';
import { priceProblem, v1PriceBelowMin } from '../../api/rules/price.js';
import { SandboxError, v1Data, validationError } from '../envelope.js';
import { patchListing, type ListingPatch } from '../listing-rules.js';
import { nextId, type Listing } from '../state.js';
import { paginate, parseBody } from '../validate.js';
import { listingV1, toDecimal } from '../views.js';
import { accountStats } from './account.js';
import type { Handler, RouteHandlers, HandlerContext } from './context.js';
import { getOrderFor, listOrdersFor } from './orders.js';
import { checkGamePrice, filterListings, listingFromPath } from './products.js';
import { changed } from '../changes.js';

/** A3: v1 prices are decimals; to cents, with the spec 8 ceiling. */
function toCents(price: number, field = 'price'): number {
  const cents = Math.round(price * 100);
  const problem = priceProblem(cents, 'price', 'decimal');
  if (problem) throw validationError(field, problem);
  return cents;
}

/** spec 8: 50 v1 creations per day (day window × timeScale, epoch-aligned like the rate limits). */
function countCreation(ctx: HandlerContext): void {
  const dayMs = Math.max(1000, Math.ceil(86_400 * ctx.rt.timeScale) * 1000);
  const windowStart = Math.floor(ctx.now / dayMs) * dayMs;
  const k = String(ctx.account.id);
  const c = ctx.data.v1Creations[k];
  const count = c && c.windowStart === windowStart ? c.count : 0;
  if (count >= LIMITS.v1CreationsPerDay) {
    throw new SandboxError(
      429,
      ERROR_CODES.DAILY_CREATION_LIMIT,
      `at most ${LIMITS.v1CreationsPerDay} listing creations per day`,
      { retryAfterS: Math.max(1, Math.ceil((windowStart + dayMs - ctx.now) / 1000)) },
    );
  }
  ctx.data.v1Creations[k] = { windowStart, count: count + 1 };
}

const v1ListProducts: Handler = (ctx) => {
  const { items, pagination } = paginate(filterListings(ctx.data, ctx.account.id, ctx.query), ctx.query);
  return v1Data(items.map(listingV1), { pagination });
};

const v1GetProduct: Handler = (ctx) => v1Data(listingV1(listingFromPath(ctx)));

const v1CreateProduct: Handler = (ctx) => {
  const b = parseBody(ProductCreateV1, ctx.body);
  const price = toCents(b.price);
  checkGamePrice(ctx.data, b.game, [['price', price]]);
  if (price < LIMITS.v1MinPriceCents) throw validationError('price', v1PriceBelowMin('price'));
  countCreation(ctx);
  const category = b.category ?? 'other';
  const l: Listing = {
    id: nextId(ctx.data, 'listing'),
    accountId: ctx.account.id,
    title: b.title,
    description: b.description,
    price,
    game: b.game,
    category,
    listingType: 'single',
    autoDeliverySeparator: DEFAULT_SEPARATOR,
    imageUrls: b.imageUrls ?? [],
    isAutoDelivery: false,
    isActive: b.isActive ?? true,
    pausedByOfflineMode: false,
    status: 'em_analise',
    stock: 1,
    credentials: [],
    variants: [],
    createdAt: ctx.nowIso,
    updatedAt: ctx.nowIso,
  };
  if (category === WARRANTY_CATEGORY && b.warrantyPeriod !== undefined) l.warrantyPeriod = b.warrantyPeriod;
  if (b.deliveryTime !== undefined) l.deliveryTime = b.deliveryTime;
  ctx.data.listings.push(l);
  changed(ctx.data, 'listings', l);
  ctx.rt.emit(ctx.account.id, 'product.created', { productId: l.id });
  return v1Data(listingV1(l), { status: 201 });
};

const v1UpdateProduct: Handler = (ctx) => {
  const b = parseBody(ProductUpdateV1, ctx.body);
  const l = listingFromPath(ctx);
  const patch: ListingPatch = { ...b, price: b.price === undefined ? undefined : toCents(b.price) };
  if (patch.price === undefined) delete patch.price;
  changed(ctx.data, 'listings', l); // before: a refusal half-way may have changed it
  const outcome = patchListing(l, patch, ctx.nowIso);
  return v1Data(listingV1(l), { message: outcome.message });
};

const v1Balance: Handler = (ctx) => {
  const b = ctx.account.balance;
  return v1Data({ available: toDecimal(b.available), pending: toDecimal(b.pending), blocked: toDecimal(b.blocked) });
};

const v1Stats: Handler = (ctx) => v1Data(accountStats(ctx.data, ctx.account));
const v1Games: Handler = (ctx) => v1Data(ctx.data.games.map(({ id, name, slug }) => ({ id, name, slug })));

export const v1Handlers = {
  v1ListProducts,
  v1GetProduct,
  v1CreateProduct,
  v1UpdateProduct,
  v1Balance,
  v1ListOrders: listOrdersFor('v1'),
  v1GetOrder: getOrderFor('v1'),
  v1Stats,
  v1Games,
} satisfies RouteHandlers;
