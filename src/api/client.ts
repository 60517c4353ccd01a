// The one request core (style.md principle 2): key header, idempotency keys, pacing, retries,
// timeouts and error mapping. Resources are thin callers of `request()`.
import {
  IDEMPOTENCY_HEADER,
  KEYS_PREFIX,
  TIMEOUT_ATTEMPTS,
  V1_PREFIX,
  V2_PREFIX,
  type ApiVersion,
} from './assumptions.js';
import { checkAnswer } from './answers.js';
import { checkBaseUrl } from './base-url.js';
import {
  ApiError,
  BadAnswerError,
  NeedsV1KeyError,
  NeedsV2KeyError,
  NetworkError,
  RateLimitError,
  type SvcError,
  errorFromResponse,
} from './errors.js';
import { featureNow } from './feature.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { RateBudget, realClock, type Clock } from './rate-budget.js';
import { followPages, type ListPage, type PagingOptions } from './paging.js';
import { DEFAULT_RETRY, decide, type AttemptOutcome, type RetryOptions } from './retry-policy.js';
import { buildPath, routeByName, type AnswerOf, type AnyRoute, type ItemOf, type RouteName } from './routes.js';
import type { ErrorBody, Pagination } from './responses.js';
import { TransportError, type Transport, type TransportResponse } from './transport.js';
import { isPermanentFailure, refusedLocally } from './transport-errors.js';

export interface AttemptLog {
  method: string;
  path: string;
  status?: number;
  ms: number;
  attempt: number;
  remaining?: number;
  note?: string;
  headers?: Record<string, string>; // the usage ledger reads the rate headers (A8)
  feature: string;
}

export interface ClientConfig {
  baseUrl: string;
  keys: { v1?: string; v2?: string };
  /** spec 4.3: v1 routes under /api/v1, or the /api/service alias. */
  v1Prefix?: string;
  timeoutMs?: number;
  transport: Transport;
  budget?: RateBudget;
  clock?: Clock;
  retry?: Partial<RetryOptions>;
  /** --no-wait: a rate-limit wait becomes exit 5. */
  noWait?: boolean;
  userAgent?: string;
  onAttempt?: (log: AttemptLog) => void;
  onWait?: (ms: number, why: string) => void;
  random?: () => number;
}

export interface RequestOptions<N extends RouteName = RouteName> {
  /** A name of the route table (routes.ts): a misspelled one does not compile. */
  route: N;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON-able value, or JSON already encoded as bytes. */
  body?: unknown;
  /** The caller's key (e.g. journaled by the job engine); else a fresh one per call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A request without its route (the route is given apart: a table name, or any route for `svc api`). */
type RequestBase = Omit<RequestOptions, 'route'>;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  /** The whole parsed body (envelope included). */
  body: Record<string, unknown>;
  data: T;
  pagination?: Pagination;
  message?: string;
  idempotencyKey?: string;
  attempts: number;
}

export class ApiClient {
  readonly budget: RateBudget;
  private readonly clock: Clock;
  private readonly retry: RetryOptions;

  constructor(readonly config: ClientConfig) {
    checkBaseUrl(config.baseUrl, 'the base URL'); // exit 2 before anything is sent
    this.clock = config.clock ?? realClock;
    this.budget = config.budget ?? new RateBudget(this.clock, config.noWait ?? false);
    this.retry = { ...DEFAULT_RETRY, ...config.retry };
  }

  hasKey(version: ApiVersion): boolean {
    return Boolean(this.config.keys[version]);
  }

  /** The path and query a request of `route` goes to (also what a `--dry-run` plan shows). */
  pathOf(route: AnyRoute, params?: RequestOptions['params'], query?: RequestOptions['query']): string {
    const prefix =
      route.family === 'v2' ? V2_PREFIX : route.family === 'keys' ? KEYS_PREFIX : (this.config.v1Prefix ?? V1_PREFIX);
    return buildPath(prefix, route, params) + queryString(query);
  }

  /** One request of route `N`; its `data` is what the route table says `N` answers, checked. */
  async request<N extends RouteName>(opts: RequestOptions<N>): Promise<ApiResponse<AnswerOf<N>>> {
    return (await this.send(routeByName(opts.route), opts)) as ApiResponse<AnswerOf<N>>;
  }

  /** `svc api`: one request of a table route or of one svc has not modelled. */
  requestAny(route: AnyRoute, opts: RequestBase): Promise<ApiResponse<unknown>> {
    return this.send(route, opts);
  }

  private async send(route: AnyRoute, opts: RequestBase): Promise<ApiResponse<unknown>> {
    const req = this.prepare(route, opts);
    const where = `${route.method} ${req.path.split('?')[0]}`;
    const started = this.clock.now();
    let timedOut = 0;
    for (let attempt = 1; ; attempt++) {
      const { res, netErr } = await this.attempt(route, req, attempt, where, opts.signal);
      const parsed = res ? parseJson(res.body) : undefined;
      if (res && res.status >= 200 && res.status < 300) {
        // the one response layer; every answer is checked before any verb uses it.
        if (parsed === undefined)
          throw new BadAnswerError(where, res.body ? 'is not JSON' : 'is empty', 'the answer', res.status);
        await checkAnswer(route, where, parsed);
        return toResponse<unknown>(res, parsed, req.idempotencyKey, attempt);
      }
      if (res && res.status >= 300 && res.status < 400) {
        throw new ApiError({
          status: res.status,
          message: `the service redirected to ${res.headers.location ?? 'another address'}; check --base-url`,
        });
      }
      // An error answer is not a read's fast path: zod (a lazy chunk) reads its body (A1),.
      const errBody = parsed ? (await import('./answer-explain.js')).errorBody(parsed) : undefined;
      const outcome: AttemptOutcome = res
        ? { status: res.status, body: errBody, headers: res.headers }
        : {
            networkKind:
              netErr!.kind === 'timeout' ? 'timeout' : isPermanentFailure(netErr!.causeCode) ? 'permanent' : 'network',
          };
      const now = this.clock.now();
      // a request gets at most TIMEOUT_ATTEMPTS attempts that time out: the resend
      // cli-spec 4 asks for (same key: a slow write is replayed, not lost), then it fails, so a
      // silent server fails in about two --timeout instead of six plus backoff.
      if (netErr?.kind === 'timeout') timedOut++;
      const timedOutTooLong = netErr?.kind === 'timeout' && timedOut >= TIMEOUT_ATTEMPTS;
      const d =
        timedOutTooLong || refusedLocally(netErr, this.config.baseUrl)
          ? { retry: false as const, reason: 'final' as const }
          : decide(outcome, attempt, now - started, now, this.retry, this.config.noWait ?? false, this.config.random);
      if (!d.retry) throw finalError(res, errBody, netErr, d.reason, attempt);
      this.config.onWait?.(d.delayMs, d.why);
      await this.clock.sleep(d.delayMs, opts.signal);
    }
  }

  /** What every attempt of one request sends: the same URL, body, headers and key. */
  private prepare(route: AnyRoute, opts: RequestBase): PreparedRequest {
    const version: ApiVersion = route.family === 'v2' ? 'v2' : 'v1'; // A10: key routes take a v1 key
    const key = this.config.keys[version];
    if (!key) throw missingKey(route, version);
    const path = this.pathOf(route, opts.params, opts.query);
    // A caller with a large body may hand it over already encoded (stock chunks: one buffer
    // instead of items + JSON text + buffer at once).
    const body =
      opts.body === undefined ? undefined : opts.body instanceof Uint8Array ? opts.body : JSON.stringify(opts.body);
    const headers: Record<string, string> = {
      'x-api-key': key,
      accept: 'application/json',
      'user-agent': this.config.userAgent ?? 'svc',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // spec 4.1.1: made once, before the first attempt, reused by every retry of this operation.
    const idempotencyKey = route.write ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    return { version, path, url: this.config.baseUrl.replace(/\/+$/, '') + path, body, headers, idempotencyKey };
  }

  /** One attempt: wait for the rate budget, send, log. A network failure is returned, not thrown. */
  private async attempt(
    route: AnyRoute,
    req: PreparedRequest,
    attempt: number,
    where: string,
    signal: AbortSignal | undefined,
  ): Promise<{ res?: TransportResponse; netErr?: TransportError }> {
    const { version } = req;
    await this.budget.acquire(version, signal, (ms) => this.config.onWait?.(ms, 'rate limit window spent'));
    const t0 = this.clock.now();
    let res: TransportResponse | undefined;
    let netErr: TransportError | undefined;
    try {
      res = await this.config.transport({
        method: route.method,
        url: req.url,
        headers: req.headers,
        body: req.body,
        timeoutMs: this.config.timeoutMs ?? 30_000,
        signal,
        maxBytes: route.maxBytes,
      });
    } catch (err) {
      if (!(err instanceof TransportError)) throw err;
      if (err.kind === 'aborted') throw err;
      // too big is the answer's fault; the same answer would come back.
      if (err.kind === 'too-large')
        throw new BadAnswerError(where, err.message.replace(/^the answer /, ''), 'the answer');
      netErr = err;
    }
    if (res) this.budget.update(version, res.headers);
    this.config.onAttempt?.({
      method: route.method,
      path: req.path,
      status: res?.status,
      ms: this.clock.now() - t0,
      attempt,
      remaining: this.budget.remaining(version),
      note: netErr?.message,
      headers: res?.headers,
      feature: featureNow(),
    });
    return { res, netErr };
  }

  /** Follow the pages of a list route (cli-spec 1 `--all`) with the guards of paging.ts. */
  pages<N extends RouteName>(opts: RequestOptions<N> & PagingOptions): AsyncGenerator<ListPage<ItemOf<N>>> {
    return this.pagesOf(routeByName(opts.route), opts) as AsyncGenerator<ListPage<ItemOf<N>>>;
  }

  /** `svc api --paginate`: the pages of any route, with the same guards. */
  pagesAny(route: AnyRoute, opts: RequestBase & PagingOptions): AsyncGenerator<ListPage<unknown>> {
    return this.pagesOf(route, opts);
  }

  private pagesOf(route: AnyRoute, opts: RequestBase & PagingOptions): AsyncGenerator<ListPage<unknown>> {
    return followPages(
      (query) => this.send(route, { ...opts, query }),
      () => `GET ${this.pathOf(route).split('?')[0]}`,
      opts,
    );
  }
}

interface PreparedRequest {
  version: ApiVersion;
  /** Prefix, path and query. */
  path: string;
  url: string;
  body: string | Uint8Array | undefined;
  headers: Record<string, string>;
  idempotencyKey: string | undefined;
}

function missingKey(route: AnyRoute, version: ApiVersion): SvcError {
  if (version === 'v2') return new NeedsV2KeyError(describeRoute(route));
  return new NeedsV1KeyError(describeRoute(route));
}

function describeRoute(route: AnyRoute): string {
  return `${route.method} ${route.family === 'keys' ? '/api/api-keys' : `/api/${route.family}`}${route.path}`;
}

function finalError(
  res: TransportResponse | undefined,
  body: ErrorBody | undefined,
  netErr: TransportError | undefined,
  reason: string,
  attempts: number,
): ApiError {
  if (!res) {
    return new NetworkError({
      message: `${netErr?.message ?? 'network error'} (gave up after ${attempts} attempt${attempts > 1 ? 's' : ''})`,
    });
  }
  const err = errorFromResponse(res.status, body);
  if (reason === 'no-wait' && err instanceof RateLimitError) {
    return new RateLimitError({ status: res.status, code: err.code, message: `${err.message}; --no-wait was given` });
  }
  if (reason === 'too-long' && res.status === 429) {
    const ra = Number(res.headers['retry-after'] ?? 0);
    return new RateLimitError({
      status: 429,
      code: err.code,
      message: `${err.message}; the quota resets in ${formatWait(ra)}`,
      ...(ra > 0 ? { retryAfterS: ra } : {}), // spec 7.3: every caller (the receiver's lookups) waits it
    });
  }
  return err;
}

function formatWait(s: number): string {
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.round(s / 60)} min`;
  return `${s} s`;
}

function toResponse<T>(
  res: TransportResponse,
  parsed: unknown,
  idempotencyKey: string | undefined,
  attempts: number,
): ApiResponse<T> {
  const body = (parsed && typeof parsed === 'object' ? parsed : { data: parsed }) as Record<string, unknown>;
  // A1: v1 {success, data, pagination}; v2 {data, pagination, message}; per-item routes {results} (A6).
  // A `"data": null` (a write whose answer the spec does not show) is no data.
  const data = ('data' in body ? (body.data ?? undefined) : 'results' in body ? body.results : body) as T;
  return {
    status: res.status,
    headers: res.headers,
    body,
    data,
    pagination: body.pagination as Pagination | undefined,
    message: typeof body.message === 'string' ? body.message : undefined,
    idempotencyKey,
    attempts,
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function queryString(q: RequestOptions['query']): string {
  if (!q) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === '') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
