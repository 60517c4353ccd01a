// What `svc api` will send, worked out before anything is sent: the route (a known
// one when the path matches the route table, else an ad-hoc one of the same family), the query,
// the body, and whether it is a v2 write that needs an Idempotency-Key (spec 4.1). Pure, so the
// refusals (another host, a path outside the API, a bad field) are tested without a server.
import {
  IDEMPOTENCY_KEY_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  KEYS_PREFIX,
  V1_ALIAS_PREFIX,
  V1_PREFIX,
  V2_PREFIX,
} from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { matchRoute, rawRoute, type AnyRoute, type Method, type RouteFamily } from '../../api/routes.js';

export const API_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

const FAMILIES: [string, RouteFamily][] = [
  [V2_PREFIX, 'v2'],
  [V1_PREFIX, 'v1'],
  [V1_ALIAS_PREFIX, 'v1'],
  [KEYS_PREFIX, 'keys'],
];

/**
 * The path part of what was typed: `/api/v2/me`, `api/v2/me`, or a full URL of the profile's own
 * service. A URL of any other host is refused: the profile's key goes to its own service only.
 */
export function apiPath(typed: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) {
    let url: URL;
    try {
      url = new URL(typed);
    } catch {
      throw new UsageError(`"${typed}" is not a URL`);
    }
    const base = new URL(baseUrl);
    if (url.origin !== base.origin) {
      throw new UsageError(
        `svc api sends the profile's key to its own service only (${base.origin}), not to ${url.origin}`,
        'give the path alone, e.g. `svc api /api/v2/me`',
      );
    }
    return url.pathname + url.search;
  }
  return typed.startsWith('/') ? typed : `/${typed}`;
}

/** The route a path goes to, with its family from the prefix (spec 4.2-4.4). */
export function routeFor(
  method: Method,
  pathAndQuery: string,
): { route: AnyRoute; params: Record<string, string>; path: string; query: Record<string, string> } {
  const [path, search = ''] = pathAndQuery.split(/\?(.*)/s, 2) as [string, string?];
  if (path.split('/').some((seg) => seg === '.' || seg === '..')) {
    throw new UsageError(`the path "${path}" has a . or .. segment`, 'give the path as the API documents it');
  }
  const hit = FAMILIES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  if (!hit) {
    throw new UsageError(
      `svc api reaches the service's API only: a path under ${V2_PREFIX}, ${V1_PREFIX}, ${V1_ALIAS_PREFIX} or ${KEYS_PREFIX}`,
      'e.g. `svc api /api/v2/products --paginate`',
    );
  }
  const [prefix, family] = hit;
  const rest = path.slice(prefix.length);
  const query = Object.fromEntries(new URLSearchParams(search));
  const known = matchRoute(family, method, rest || '');
  if (known && 'route' in known) return { route: known.route, params: known.params, path, query };
  // A route svc has not modelled: the same family, its path taken literally (`:` escaped so
  // buildPath sees no parameter), a write when it changes something.
  const route = rawRoute(family, method, rest.replace(/:/g, '%3A'), `api ${method} ${path}`);
  return { route, params: {}, path, query };
}

/** `-f key=value` (a string) and `-F key=value` (JSON: number, true, false, null, object, array). */
export function parseFields(raw: string[] | undefined, typed: string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const split = (f: string, flag: string): [string, string] => {
    const i = f.indexOf('=');
    if (i <= 0) throw new UsageError(`${flag} ${JSON.stringify(f)}: expected key=value`);
    return [f.slice(0, i), f.slice(i + 1)];
  };
  for (const f of raw ?? []) {
    const [k, v] = split(f, '-f');
    out[k] = v;
  }
  for (const f of typed ?? []) {
    const [k, v] = split(f, '-F');
    try {
      out[k] = JSON.parse(v);
    } catch {
      out[k] = v; // not JSON: a string, as gh does
    }
  }
  return out;
}

/** A key given with --idempotency-key: the service's own shape (spec 4.1.1), on a v2 write only. */
export function checkGivenKey(key: string | undefined, write: boolean): void {
  if (key === undefined) return;
  if (!write) throw new UsageError('--idempotency-key is for v2 writes (POST, PATCH, DELETE under /api/v2)');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new UsageError(
      `--idempotency-key must be ${IDEMPOTENCY_KEY_LENGTH.min}-${IDEMPOTENCY_KEY_LENGTH.max} characters of A-Za-z0-9_-`,
    );
  }
}
