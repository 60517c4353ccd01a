// The one route table of the service (spec 4.2, 4.3, 4.4), shared by the client and the
// sandbox router. A route's `scope` is assumption A9; `created` is assumption A5.
import type { Scope } from './assumptions.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type RouteFamily = 'v1' | 'v2' | 'keys';

export interface RouteDef {
  name: string;
  method: Method;
  family: RouteFamily;
  /** Path after the family prefix, with `:param` segments. */
  path: string;
  scope?: Scope;
  /** A5: a successful write answers 201. */
  created?: boolean;
  /** A v2 write: needs an Idempotency-Key (spec 4.1). */
  write?: boolean;
  /** A list route: takes page/limit (A2). */
  list?: boolean;
}

const v2 = (
  name: string,
  method: Method,
  path: string,
  scope: Scope | undefined,
  extra: Partial<RouteDef> = {},
): RouteDef => ({
  name,
  method,
  family: 'v2',
  path,
  scope,
  write: method === 'POST' || method === 'PATCH',
  ...extra,
});
const v1 = (name: string, method: Method, path: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  method,
  family: 'v1',
  path,
  ...extra,
});
const keys = (name: string, method: Method, path: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  method,
  family: 'keys',
  path,
  ...extra,
});

// Order matters only where a literal segment and a parameter compete (bulk-price vs :id):
// literal routes come first, and the matcher also requires `:id` to be numeric where noted.
export const ROUTES: readonly RouteDef[] = [
  // ---- v2 (24 routes) ----
  v2('listProducts', 'GET', '/products', 'products:read', { list: true }),
  v2('bulkPrice', 'PATCH', '/products/bulk-price', 'products:write'),
  v2('bulkStatus', 'PATCH', '/products/bulk-status', 'products:write'),
  v2('getProduct', 'GET', '/products/:id', 'products:read'),
  v2('createProduct', 'POST', '/products', 'products:write', { created: true }),
  v2('updateProduct', 'PATCH', '/products/:id', 'products:write'),
  v2('updateVariants', 'PATCH', '/products/:id/variants', 'products:write'),
  v2('addStock', 'POST', '/products/:id/stock', 'products:write'),
  v2('listOrders', 'GET', '/orders', 'orders:read', { list: true }),
  v2('getOrder', 'GET', '/orders/:id', 'orders:read'),
  v2('listMediations', 'GET', '/mediations', 'mediations:read', { list: true }),
  v2('getMediation', 'GET', '/mediations/:orderId', 'mediations:read'),
  v2('listReviews', 'GET', '/reviews', 'reviews:read', { list: true }),
  v2('reviewStats', 'GET', '/reviews/stats', 'reviews:read'),
  v2('contestReview', 'POST', '/reviews/:reviewId/contest', 'reviews:contest', { created: true }),
  v2('listContestations', 'GET', '/contestations', 'reviews:read', { list: true }),
  v2('listQuestions', 'GET', '/questions', 'questions:read', { list: true }),
  v2('getQuestion', 'GET', '/questions/:id', 'questions:read'),
  v2('answerQuestion', 'POST', '/questions/:id/answer', 'questions:write'),
  v2('balance', 'GET', '/balance', 'wallet:read'),
  v2('stats', 'GET', '/stats', 'orders:read'),
  v2('catalogGames', 'GET', '/catalog/games', 'catalog:read'),
  v2('me', 'GET', '/me', undefined),
  v2('usage', 'GET', '/usage', undefined),
  // ---- v1 (9 routes, also under the /api/service alias) ----
  v1('v1ListProducts', 'GET', '/products', { list: true }),
  v1('v1GetProduct', 'GET', '/products/:id'),
  v1('v1CreateProduct', 'POST', '/products', { created: true }),
  v1('v1UpdateProduct', 'PATCH', '/products/:id'),
  v1('v1Balance', 'GET', '/balance'),
  v1('v1ListOrders', 'GET', '/orders', { list: true }),
  v1('v1GetOrder', 'GET', '/orders/:id'),
  v1('v1Stats', 'GET', '/stats'),
  v1('v1Games', 'GET', '/games'),
  // ---- key management (4 routes; A10: authenticated by a v1 key) ----
  keys('createKey', 'POST', '', { created: true }),
  keys('listKeys', 'GET', ''),
  keys('revokeKey', 'DELETE', '/:id'),
  keys('keyUsage', 'GET', '/:id/usage'),
];

export function routeByName(name: string): RouteDef {
  const r = ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(`unknown route ${name}`);
  return r;
}

/** Fill `:param` segments; every value is URI-encoded. */
export function buildPath(prefix: string, route: RouteDef, params: Record<string, string | number> = {}): string {
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
    const rsegs = route.path.split('/').filter(Boolean);
    if (rsegs.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < rsegs.length; i++) {
      const r = rsegs[i]!;
      const s = decodeURIComponent(segs[i]!);
      if (r.startsWith(':')) params[r.slice(1)] = s;
      else if (r !== s) {
        ok = false;
        break;
      }
    }
    if (!ok) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
}
