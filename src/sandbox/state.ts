// The sandbox data model: one plain, JSON-serialisable object (`SandboxData`), so that
// persistence (persist.ts) is a JSON dump and a reset is a re-seed. Field names follow the
// response shapes of assumption A4; internal-only fields are marked.
import type { ApiVersion, ListingStatus, Scope } from '../api/assumptions.js';

export interface Credential {
  credential: string; // the secret: never logged, never returned, never in a webhook
  ref?: string;
  costCents?: number;
}

export interface Account {
  id: number; // accountId = sellerId = user id (svc sandbox decision)
  username: string;
  verified: boolean; // spec 5.3
  inBeta: boolean; // spec 9.3 / A10
  restricted: boolean; // spec 7.2 SELLER_RESTRICTED
  inDebt: boolean; // spec 7.3 SELLER_IN_DEBT
  emailVerified: boolean; // spec 7.2 EMAIL_NOT_VERIFIED
  questionsBlocked: boolean; // spec 7.2 QUESTIONS_BLOCKED
  offlineMode: boolean; // spec 3
  balance: { available: number; pending: number; blocked: number }; // cents
  level: number;
}

interface KeyUsage {
  method: string;
  path: string;
  status: number | null;
  at: string;
}

export interface KeyRecord {
  id: number;
  accountId: number;
  name: string;
  version: ApiVersion;
  hash: string; // sha256 of the key; the key itself is never stored (demo keys aside)
  prefix: string;
  last4: string;
  scopes?: Scope[];
  active: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  usage: KeyUsage[]; // newest last, at most LIMITS.keyUsageHistory
}

interface Game {
  id: string;
  name: string;
  slug: string;
  minPrice: number;
}

export interface Variant {
  index: number;
  title: string;
  price: number;
  stock: number;
  isAutoDelivery: boolean;
  credentials: Credential[];
}

export interface Listing {
  id: number;
  accountId: number;
  title: string;
  description: string;
  price: number; // base price, cents
  game: string;
  category: string;
  warrantyPeriod?: number;
  accountProvenance?: string;
  listingType: 'single' | 'multiple';
  deliveryTime?: string;
  autoDeliverySeparator: string;
  imageUrls: string[];
  isAutoDelivery: boolean;
  isActive: boolean;
  pausedByOfflineMode: boolean;
  status: ListingStatus;
  stock: number; // manual stock of a single listing
  credentials: Credential[]; // auto-delivery stock of a single listing
  variants: Variant[];
  createdAt: string;
  updatedAt: string;
}

export interface DeliveredItem {
  ref?: string;
  costCents?: number;
}

export interface Order {
  id: number;
  orderCode: string;
  status: string;
  price: number; // cents, order total (A13)
  fee: number;
  quantity: number;
  productId: number;
  productTitle: string;
  variantIndex: number | null;
  buyerId: number;
  buyerName: string;
  sellerId: number;
  createdAt: string;
  deliveredItems: DeliveredItem[]; // shown to the seller only (spec 2.5)
}

export interface Review {
  id: number;
  sellerId: number;
  orderId: number;
  productId: number;
  rating: number;
  comment: string;
  buyerName: string;
  createdAt: string;
  contested: boolean;
}
export interface Contestation {
  id: number;
  sellerId: number;
  reviewId: number;
  orderId: number;
  reason: string;
  status: 'pending' | 'accepted' | 'rejected';
  createdAt: string;
}
export interface Question {
  id: number;
  sellerId: number;
  productId: number;
  orderId: number | null;
  status: 'unanswered' | 'answered';
  text: string;
  answer: string | null;
  askerName: string;
  createdAt: string;
  answeredAt: string | null;
}
export interface Mediation {
  orderId: number;
  sellerId: number;
  status: 'open' | 'closed';
  reason: string;
  openedAt: string;
  closedAt: string | null;
  resolution: string | null;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
export interface IdempotencyEntry {
  key: string;
  accountId: number;
  fingerprint: string;
  expiresAt: number; // sandbox clock ms
  response: StoredResponse;
}

/** Demo keys, kept in clear so `svc sandbox` can print them again after a restart. */
export interface DemoKeys {
  v1: string;
  v2: string;
  otherV1: string;
  otherV2: string;
  unverifiedV1: string;
  unverifiedV2: string;
}

export interface SandboxData {
  version: 2; // of the data file format (data-file.ts); version 1 files still load
  nextId: Record<'listing' | 'order' | 'review' | 'contestation' | 'question' | 'key', number>;
  accounts: Account[];
  keys: KeyRecord[];
  demoKeys: DemoKeys;
  games: Game[];
  listings: Listing[];
  orders: Order[];
  reviews: Review[];
  contestations: Contestation[];
  questions: Question[];
  mediations: Mediation[];
  idempotency: Record<string, IdempotencyEntry>; // by Idempotency-Key (keys are global, A12)
  clockOffsetMs: number;
  v1Creations: Record<string, { windowStart: number; count: number }>; // spec 8: 50 per day
  answerTimes: Record<string, number[]>; // spec 8: question answers per account
  /** The order the orders list comes in (the mirror tests: a server that lists otherwise); default oldest first. */
  ordersListOrder?: OrdersListOrder;
}

type OrdersListOrder = 'oldest' | 'newest' | 'id-desc';

export function nextId(data: SandboxData, kind: keyof SandboxData['nextId']): number {
  const id = data.nextId[kind];
  data.nextId[kind] = id + 1;
  return id;
}

/**
 * Listings by id (a bulk item was found by a linear scan, 39x the time for 10x the
 * rows at 100,000 listings). Keyed by the listings array, so a reset or a load builds a new one;
 * listings are only ever appended, so a longer array extends the index.
 */
const listingIndex = new WeakMap<Listing[], { byId: Map<number, Listing>; size: number }>();

function listingById(data: SandboxData, id: number): Listing | undefined {
  let idx = listingIndex.get(data.listings);
  if (!idx) {
    idx = { byId: new Map(), size: 0 };
    listingIndex.set(data.listings, idx);
  }
  if (idx.size !== data.listings.length) {
    if (idx.size > data.listings.length) {
      idx.byId.clear();
      idx.size = 0;
    }
    for (let i = idx.size; i < data.listings.length; i++) idx.byId.set(data.listings[i]!.id, data.listings[i]!);
    idx.size = data.listings.length;
  }
  const l = idx.byId.get(id);
  return l && l.id === id ? l : undefined;
}

/** A listing of this account, or undefined (another seller's listing is "not found"). */
export function ownListing(data: SandboxData, accountId: number, id: number): Listing | undefined {
  const l = listingById(data, id);
  return l && l.accountId === accountId ? l : undefined;
}

/** A13: "has stock" = manual stock > 0 or credentials held, on the listing or any variant. */
export function hasStock(l: Listing): boolean {
  if (l.stock > 0 || l.credentials.length > 0) return true;
  return l.variants.some((v) => v.stock > 0 || v.credentials.length > 0);
}

/** Effective price: the base price, or the cheapest variant's price for a listing with variants. */
export function effectivePrice(l: Listing): number {
  if (l.variants.length === 0) return l.price;
  return Math.min(...l.variants.map((v) => v.price));
}
