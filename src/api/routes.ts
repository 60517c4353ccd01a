// The one route table of the service (spec 4.2, 4.3, 4.4), shared by the client, the response
// layer (answers.ts) and the sandbox router. Each route has its method, path, scope
// (assumption A9), what it answers (the name of the zod schema of `data` in responses.ts and how
// `data` holds it; a name, not the schema, so loading the table loads no zod:), whether
// it is a paged list (A2), and the size cap of one answer (MAX_ANSWER_BYTES). Route
// names are a union type: a misspelled name, or an answer used as the wrong type, fails to
// compile (test/api/route-table.test.ts shows both).
import type { z } from 'zod';
import { MAX_ANSWER_BYTES, type Scope } from './assumptions.js';
import type * as R from './responses.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteFamily = 'v1' | 'v2' | 'keys';

/**
 * How the `data` of a 2xx answer holds the route's schema (A1 envelope):
 * - one: an object; page: an array, paged (A2 page/limit, `pagination`); array: an array, not
 *   paged; optional: an object or nothing (writes whose body the spec leaves "not shown",
 *   spec 4.2 note, A5 gives only the status); results: `{"results": [...]}` (A6);
 *   none: nothing documented to use (DELETE key: `{success: true}`).
 */
type AnswerShape = 'one' | 'page' | 'array' | 'optional' | 'results' | 'none';
type Schemas = typeof R;
/** The name of a zod schema exported by responses.ts (a key of SHAPES, answer-shapes.gen.ts). */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];
interface Answer<S extends SchemaName = SchemaName> {
  shape: AnswerShape;
  schema?: S;
}

const one = <S extends SchemaName>(schema: S) => ({ shape: 'one' as const, schema });
const page = <S extends SchemaName>(schema: S) => ({ shape: 'page' as const, schema });
const array = <S extends SchemaName>(schema: S) => ({ shape: 'array' as const, schema });
const optional = <S extends SchemaName>(schema: S) => ({ shape: 'optional' as const, schema });
const results = { shape: 'results' as const, schema: 'ItemResults' as const };
const none = { shape: 'none' as const };

interface RouteSpec<A extends Answer = Answer> {
  method: Method;
  family: RouteFamily;
  /** Path after the family prefix, with `:param` segments. */
  path: string;
  scope?: Scope;
  /** A5: a successful write answers 201. */
  created?: boolean;
  /** A v2 write: needs an Idempotency-Key (spec 4.1). */
  write?: boolean;
  answer: A;
  /** A paged list route: takes page/limit (A2). */
  list: boolean;
  /** The most bytes one answer may have: a list's or one resource's. */
  maxBytes: number;
}

function route<A extends Answer>(
  family: RouteFamily,
  method: Method,
  path: string,
  answer: A,
  extra: { scope?: Scope; created?: boolean } = {},
): RouteSpec<A> {
  const many = answer.shape === 'page' || answer.shape === 'array';
  // Without spreads: the table is built at each start of svc (the read lane's start spent more
  // here than in any other module's).
  const spec: RouteSpec<A> = { method, family, path, answer, list: answer.shape === 'page', maxBytes: 0 };
  spec.maxBytes = many ? MAX_ANSWER_BYTES.list : MAX_ANSWER_BYTES.one;
  if (extra.scope !== undefined) spec.scope = extra.scope;
  if (extra.created) spec.created = true;
  if (family === 'v2' && (method === 'POST' || method === 'PATCH')) spec.write = true;
  return spec;
}
const v2 = <A extends Answer>(method: Method, path: string, scope: Scope | undefined, answer: A, created = false) =>
  route('v2', method, path, answer, created ? { scope, created } : { scope });
const v1 = <A extends Answer>(method: Method, path: string, answer: A, created = false) =>
  route('v1', method, path, answer, created ? { created } : {});
// A10: key management is authenticated by a v1 key.
const keys = <A extends Answer>(method: Method, path: string, answer: A, created = false) =>
  route('keys', method, path, answer, created ? { created } : {});

// Order matters only where a literal segment and a parameter compete (bulk-price vs :id):
// literal routes come first.
const TABLE = {
  // ---- v2 (24 routes) ----
  listProducts: v2('GET', '/products', 'products:read', page('Listing')),
  bulkPrice: v2('PATCH', '/products/bulk-price', 'products:write', results),
  bulkStatus: v2('PATCH', '/products/bulk-status', 'products:write', results),
  getProduct: v2('GET', '/products/:id', 'products:read', one('Listing')),
  createProduct: v2('POST', '/products', 'products:write', one('Listing'), true),
  updateProduct: v2('PATCH', '/products/:id', 'products:write', optional('Listing')),
  updateVariants: v2('PATCH', '/products/:id/variants', 'products:write', results),
  addStock: v2('POST', '/products/:id/stock', 'products:write', one('StockAddResult')), // A7
  listOrders: v2('GET', '/orders', 'orders:read', page('Order')),
  getOrder: v2('GET', '/orders/:id', 'orders:read', one('Order')),
  listMediations: v2('GET', '/mediations', 'mediations:read', page('Mediation')),
  getMediation: v2('GET', '/mediations/:orderId', 'mediations:read', one('Mediation')),
  listReviews: v2('GET', '/reviews', 'reviews:read', page('Review')),
  reviewStats: v2('GET', '/reviews/stats', 'reviews:read', one('ReviewStats')),
  contestReview: v2('POST', '/reviews/:reviewId/contest', 'reviews:contest', one('Contestation'), true),
  listContestations: v2('GET', '/contestations', 'reviews:read', page('Contestation')),
  listQuestions: v2('GET', '/questions', 'questions:read', page('Question')),
  getQuestion: v2('GET', '/questions/:id', 'questions:read', one('Question')),
  answerQuestion: v2('POST', '/questions/:id/answer', 'questions:write', optional('Question')),
  balance: v2('GET', '/balance', 'wallet:read', one('Balance')),
  stats: v2('GET', '/stats', 'orders:read', one('Stats')),
  catalogGames: v2('GET', '/catalog/games', 'catalog:read', array('Game')),
  me: v2('GET', '/me', undefined, one('Me')),
  usage: v2('GET', '/usage', undefined, one('Usage')),
  // ---- v1 (9 routes, also under the /api/service alias) ----
  v1ListProducts: v1('GET', '/products', page('Listing')),
  v1GetProduct: v1('GET', '/products/:id', one('Listing')),
  v1CreateProduct: v1('POST', '/products', one('Listing'), true),
  v1UpdateProduct: v1('PATCH', '/products/:id', optional('Listing')),
  v1Balance: v1('GET', '/balance', one('Balance')),
  v1ListOrders: v1('GET', '/orders', page('Order')),
  v1GetOrder: v1('GET', '/orders/:id', one('Order')),
  v1Stats: v1('GET', '/stats', one('Stats')),
  v1Games: v1('GET', '/games', array('Game')),
  // ---- key management (4 routes) ----
  createKey: keys('POST', '', one('ApiKey'), true),
  listKeys: keys('GET', '', array('ApiKey')),
  revokeKey: keys('DELETE', '/:id', none),
  keyUsage: keys('GET', '/:id/usage', array('KeyUsageEntry')),
};

type Table = typeof TABLE;
export type RouteName = keyof Table;
export type RouteDef = RouteSpec & { name: RouteName };
/**
 * A route of the table, or one svc has not modelled (`svc api`: its answer is checked
 * only as an A1 envelope). Only the client's `requestAny`/`pagesAny` take one; every verb names
 * a table route.
 */
export type AnyRoute = RouteSpec & { name: string };

/** A route svc has not modelled, for `svc api PATH`: a v2 write carries a key. */
export function rawRoute(family: RouteFamily, method: Method, path: string, name: string): AnyRoute {
  return { ...route(family, method, path, none), name, write: family === 'v2' && method !== 'GET' };
}

type DataOf<A> = A extends { shape: 'one'; schema: infer S extends SchemaName }
  ? z.infer<Schemas[S]>
  : A extends { shape: 'page' | 'array'; schema: infer S extends SchemaName }
    ? z.infer<Schemas[S]>[]
    : A extends { shape: 'optional'; schema: infer S extends SchemaName }
      ? z.infer<Schemas[S]> | undefined
      : A extends { shape: 'results' }
        ? R.ItemResult[]
        : unknown;
/** What `data` of a 2xx answer of route `N` is, once the response layer has checked it. */
export type AnswerOf<N extends RouteName> = DataOf<Table[N]['answer']>;
/** One item of a list route's `data`. */
export type ItemOf<N extends RouteName> = AnswerOf<N> extends (infer I)[] ? I : never;

export const ROUTES: readonly RouteDef[] = Object.entries(TABLE).map(([name, spec]) =>
  // each route spec is made above for this table alone: named in place, not copied
  Object.assign(spec as RouteSpec, { name: name as RouteName }),
);
const BY_NAME = new Map(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: RouteName): RouteDef {
  return BY_NAME.get(name)!;
}

/** A route name from outside the code (the sandbox's fault rules, `svc sandbox --route`). */
export function isRouteName(name: string): name is RouteName {
  return BY_NAME.has(name as RouteName);
}

/** Fill `:param` segments; every value is URI-encoded. */
export function buildPath(prefix: string, route: AnyRoute, params: Record<string, string | number> = {}): string {
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k} for ${route.name}`);
    return encodeURIComponent(String(v));
  });
  return prefix + path;
}

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Match a path (without prefix) against the routes of one family. Used by the sandbox. */
export function matchRoute(
  family: RouteFamily,
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: true } | undefined {
  const segs = path.split('/').filter(Boolean);
  let pathMatched = false;
  for (const route of ROUTES) {
    if (route.family !== family) continue;
    const params = matchSegments(route.path.split('/').filter(Boolean), segs);
    if (!params) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
}

function matchSegments(rsegs: string[], segs: string[]): Record<string, string> | undefined {
  if (rsegs.length !== segs.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < rsegs.length; i++) {
    const r = rsegs[i]!;
    const s = decodeURIComponent(segs[i]!);
    if (r.startsWith(':')) params[r.slice(1)] = s;
    else if (r !== s) return undefined;
  }
  return params;
}
