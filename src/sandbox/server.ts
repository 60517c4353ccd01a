// The HTTP front of the sandbox: prefixes (spec 9.1), the route table of src/api/routes.ts,
// and the order in which every API request is checked:
//   family → key (401) → rate limit (429, A8) → route (404) → injected fault → seller (403)
//   → scope (403, A9) → Idempotency-Key (v2 writes, spec 4.1) → handler.
// Every v1/v2/key-management response that names a valid key carries the A8 headers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  KEYS_PREFIX,
  LIMITS,
  V1_ALIAS_PREFIX,
  V1_PREFIX,
  V2_PREFIX,
} from '../api/assumptions.js';
import { matchRoute, type RouteDef, type RouteFamily } from '../api/routes.js';
import { authenticate, checkScope, checkSeller, familyKeyVersion } from './auth.js';
import { handleControl } from './control.js';
import { SandboxError, errorReply, shortError, type Reply } from './envelope.js';
import type { Fault } from './faults.js';
import { HANDLERS } from './handlers/index.js';
import { checkKeyHeader, fingerprint } from './idempotency.js';
import { parseJson, readBody } from './http-body.js';
import type { RequestLogEntry } from './request-log.js';
import type { Runtime } from './runtime.js';
import type { Account, KeyRecord, SandboxData } from './state.js';
import { changed } from './changes.js';

function familyOf(path: string): { family: RouteFamily; rest: string } | undefined {
  const prefixes: [string, RouteFamily][] = [
    [V2_PREFIX, 'v2'],
    [V1_PREFIX, 'v1'],
    [V1_ALIAS_PREFIX, 'v1'],
    [KEYS_PREFIX, 'keys'],
  ];
  for (const [prefix, family] of prefixes) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return { family, rest: path.slice(prefix.length) || '/' };
  }
  return undefined;
}

export function send(res: ServerResponse, reply: Reply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Answer of a `status` fault (cli-spec 5: 500, 503 IDEMPOTENCY_UNAVAILABLE, retryable 409, ...). */
function faultReply(fault: Fault, family: RouteFamily): Reply {
  const status = fault.status ?? 500;
  let err: SandboxError;
  if (status === 503) {
    err = new SandboxError(503, 'IDEMPOTENCY_UNAVAILABLE', 'idempotency temporarily unavailable; nothing executed', {
      retryAfterS: 1,
    });
  } else if (status === 409) {
    // spec 7.2: "listing or stock in use by a sale in progress" has no code, only retryable.
    err = new SandboxError(409, undefined, 'listing or stock in use by a sale in progress', {
      retryable: true,
      retryAfterS: 1,
    });
  } else if (status === 429) {
    err = new SandboxError(429, 'RATE_LIMITED', 'rate limit exceeded', { retryable: true, retryAfterS: 1 });
  } else {
    err = new SandboxError(status, undefined, `injected fault: ${shortError(status)}`);
  }
  const base = errorReply(family, err);
  return {
    status,
    body: fault.body !== undefined ? fault.body : base.body,
    headers: { ...base.headers, ...lowerKeys(fault.headers ?? {}) },
  };
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

interface Outcome {
  reply?: Reply;
  drop?: boolean;
  auth?: { key: KeyRecord; account: Account };
}

function isWrite(route: RouteDef): boolean {
  return route.write === true || route.method !== 'GET';
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the order of the checks is the spec's (route, key, rate, fault, seller, scope, idempotency, handler) and reads best as one sequence
async function processApi(
  rt: Runtime,
  req: IncomingMessage,
  family: RouteFamily,
  rest: string,
  url: URL,
  entry: RequestLogEntry,
): Promise<Outcome> {
  const method = req.method ?? 'GET';
  const now = rt.clock.now();
  const m = matchRoute(family, method, rest);
  const matched = m && !('methodNotAllowed' in m) ? m : undefined;
  entry.route = matched?.route.name ?? null; // logged even when the key is refused
  rt.requests.routed(entry);
  let auth: Outcome['auth'];
  try {
    auth = authenticate(rt.data, family, header(req, 'x-api-key'));
  } catch (e) {
    // spec 8 / A8: rate headers on every response, a 401 included; no account is
    // known, so they describe a fresh window of the key's version (nothing was counted).
    if (e instanceof SandboxError) {
      const reply = errorReply(family, e);
      return {
        reply: { ...reply, headers: { ...rt.rates.headersAnonymous(familyKeyVersion(family), now), ...reply.headers } },
      };
    }
    throw e;
  }
  const { key, account } = auth;
  const version = familyKeyVersion(family);
  let reply: Reply;
  let drop = false;
  try {
    rt.rates.hit(account.id, version, now);
    const bodyText = await readBody(req);
    if (!matched) throw new SandboxError(404, undefined, `no route ${method} ${url.pathname}`);
    const { route, params } = matched;
    const fault = rt.faults.take(method, route.name, url.pathname);
    entry.fault = fault?.type ?? null;
    if (fault?.type === 'drop-before') return { drop: true, auth };
    if (fault?.type === 'status') return { reply: faultReply(fault, family), auth };
    checkSeller(account);
    checkScope(route, key);
    const handler = HANDLERS[route.name]; // every route has one: a missing one does not compile
    let idemKey: string | undefined;
    let body: unknown;
    let badJson: unknown;
    if (route.write) {
      idemKey = checkKeyHeader(header(req, IDEMPOTENCY_HEADER)); // spec 4.1.1
      entry.idempotencyKey = idemKey;
      // spec 4.1.2: "after an error the same stored error is returned; to retry with
      // a corrected body, use a new key": a body that is not JSON is an error stored under its
      // key like any other 400, fingerprinted by its text.
      try {
        body = parseJson(bodyText);
      } catch (e) {
        badJson = e;
        body = { invalidJson: bodyText };
      }
      const r = rt.idem.reserve(idemKey, account.id, fingerprint(method, route.name, params, body), now);
      if (r.kind === 'replay') {
        entry.replayed = true;
        const stored = r.response;
        return {
          reply: {
            status: stored.status,
            body: stored.body,
            headers: { ...stored.headers, [IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]: 'true' },
          },
          auth,
        };
      }
    } else {
      body = method === 'GET' ? undefined : parseJson(bodyText);
    }
    try {
      if (badJson !== undefined) throw badJson;
      if (fault?.type === 'delay') await sleep(fault.ms ?? 1000);
      const ctxNow = rt.clock.now();
      reply = await handler({
        rt,
        data: rt.data,
        account,
        key,
        route,
        params,
        query: url.searchParams,
        body,
        now: ctxNow,
        nowIso: new Date(ctxNow).toISOString(),
      });
      if (isWrite(route) && reply.status >= 200 && reply.status < 300) entry.applied = true;
    } catch (e) {
      reply = toReply(family, e);
    }
    if (idemKey !== undefined) rt.idem.complete(idemKey, reply, reply.headers ?? {}, rt.clock.now());
    if (fault?.type === 'drop-after') drop = true;
  } catch (e) {
    reply = toReply(family, e);
  }
  return { reply, drop, auth };
}

function toReply(family: RouteFamily, e: unknown): Reply {
  if (e instanceof SandboxError) return errorReply(family, e);
  const msg = e instanceof Error ? e.message : String(e);
  return errorReply(family, new SandboxError(500, undefined, `unexpected error: ${msg}`));
}

/** Merge the A8 headers: a reply's own Retry-After (429, 503, retryable 409) wins. */
function withRateHeaders(rt: Runtime, reply: Reply, family: RouteFamily, account: Account): Reply {
  const rate = rt.rates.headersFor(account.id, familyKeyVersion(family), rt.clock.now());
  return { ...reply, headers: { ...rate, ...reply.headers } };
}

export async function handleRequest(rt: Runtime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now();
  const url = new URL(req.url ?? '/', 'http://sandbox.local');
  const method = req.method ?? 'GET';
  if (url.pathname === '/_sandbox' || url.pathname.startsWith('/_sandbox/')) {
    const reply = await handleControl(rt, req, url);
    send(res, reply);
    return;
  }
  const fam = familyOf(url.pathname);
  if (!fam) {
    send(res, { status: 404, body: { error: 'Not found', message: `no route ${method} ${url.pathname}` } });
    return;
  }
  const entry = rt.requests.start({
    // The key as sent, recorded even when a fault answers before it is checked, so tests can
    // see that a retry reused it.
    method,
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    route: null,
    idempotencyKey: header(req, IDEMPOTENCY_HEADER) ?? null,
    at: rt.clock.iso(),
  });
  let out: Outcome;
  try {
    out = await processApi(rt, req, fam.family, fam.rest, url, entry);
  } catch (e) {
    out = { reply: toReply(fam.family, e) };
  }
  const reply = out.reply && out.auth ? withRateHeaders(rt, out.reply, fam.family, out.auth.account) : out.reply;
  if (out.auth)
    recordKeyUsage(
      rt.data,
      out.auth.key,
      method,
      url.pathname,
      out.drop ? null : (reply?.status ?? null),
      rt.clock.iso(),
    );
  if (out.drop || !reply) {
    entry.status = null;
    res.socket?.destroy();
  } else {
    entry.status = reply.status;
    send(res, reply);
  }
  rt.requests.finish(entry);
  rt.log?.(
    `${method} ${url.pathname} ${entry.status ?? 'dropped'} ${Date.now() - started}ms${entry.replayed ? ' replayed' : ''}${entry.fault ? ` fault=${entry.fault}` : ''}`,
  );
  // a read never writes the data file (with a 31 MB state, every GET serialised it
  // whole and the heap ran out under reads). What a read changes (the key's usage history, A14)
  // is saved with the next write or at close; a sandbox killed before that loses only that.
  if (method !== 'GET' && method !== 'HEAD') rt.onChange();
}

/** A14 key usage history: the last 100 requests of the key. */
function recordKeyUsage(
  data: SandboxData,
  key: KeyRecord,
  method: string,
  path: string,
  status: number | null,
  at: string,
): void {
  key.usage.push({ method, path, status, at });
  if (key.usage.length > LIMITS.keyUsageHistory) key.usage.splice(0, key.usage.length - LIMITS.keyUsageHistory);
  key.lastUsedAt = at;
  changed(data, 'keys', key); // written with the next write's flush: a read schedules none
}
