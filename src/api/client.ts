// The one request core (style.md principle 2): key header, idempotency keys, pacing, retries,
// timeouts and error mapping. Resources are thin callers of `request()`.
import {
  IDEMPOTENCY_HEADER, KEYS_PREFIX, V1_PREFIX, V2_PREFIX, type ApiVersion,
} from './assumptions.js';
import {
  ApiError, NeedsV1KeyError, NeedsV2KeyError, NetworkError, RateLimitError, SvcError, errorFromResponse,
} from './errors.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { RateBudget, realClock, type Clock } from './rate-budget.js';
import { DEFAULT_RETRY, decide, type AttemptOutcome, type RetryOptions } from './retry-policy.js';
import { buildPath, routeByName, type RouteDef } from './routes.js';
import { ErrorBody, type Pagination } from './responses.js';
import { TransportError, type Transport, type TransportResponse } from './transport.js';

export interface AttemptLog {
  method: string;
  path: string;
  status?: number;
  ms: number;
  attempt: number;
  remaining?: number;
  note?: string;
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

export interface RequestOptions {
  route: string | RouteDef;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON-able value, or JSON already encoded as bytes. */
  body?: unknown;
  /** The caller's key (e.g. journaled by the job engine); else a fresh one per call. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

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

export { newIdempotencyKey } from './idempotency-key.js';

export class ApiClient {
  readonly budget: RateBudget;
  private readonly clock: Clock;
  private readonly retry: RetryOptions;

  constructor(readonly config: ClientConfig) {
    this.clock = config.clock ?? realClock;
    this.budget = config.budget ?? new RateBudget(this.clock, config.noWait ?? false);
    this.retry = { ...DEFAULT_RETRY, ...config.retry };
  }

  hasKey(version: ApiVersion): boolean {
    return Boolean(this.config.keys[version]);
  }

  async request<T = unknown>(opts: RequestOptions): Promise<ApiResponse<T>> {
    const route = typeof opts.route === 'string' ? routeByName(opts.route) : opts.route;
    const version: ApiVersion = route.family === 'v2' ? 'v2' : 'v1'; // A10: key routes take a v1 key
    const key = this.config.keys[version];
    if (!key) throw missingKey(route, version);

    const prefix = route.family === 'v2' ? V2_PREFIX : route.family === 'keys' ? KEYS_PREFIX : (this.config.v1Prefix ?? V1_PREFIX);
    const path = buildPath(prefix, route, opts.params) + queryString(opts.query);
    const url = this.config.baseUrl.replace(/\/+$/, '') + path;
    // A caller with a large body may hand it over already encoded (stock chunks: one buffer
    // instead of items + JSON text + buffer at once).
    const body = opts.body === undefined ? undefined : opts.body instanceof Uint8Array ? opts.body : JSON.stringify(opts.body);
    const headers: Record<string, string> = {
      'x-api-key': key,
      accept: 'application/json',
      'user-agent': this.config.userAgent ?? 'svc',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // spec 4.1.1: made once, before the first attempt, reused by every retry of this operation.
    const idempotencyKey = route.write ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;

    const started = this.clock.now();
    for (let attempt = 1; ; attempt++) {
      await this.budget.acquire(version, opts.signal, (ms) => this.config.onWait?.(ms, 'rate limit window spent'));
      const t0 = this.clock.now();
      let res: TransportResponse | undefined;
      let netErr: TransportError | undefined;
      try {
        res = await this.config.transport({ method: route.method, url, headers, body, timeoutMs: this.config.timeoutMs ?? 30_000, signal: opts.signal });
      } catch (err) {
        if (!(err instanceof TransportError)) throw err;
        if (err.kind === 'aborted') throw err;
        netErr = err;
      }
      if (res) this.budget.update(version, res.headers);
      const parsed = res ? parseJson(res.body) : undefined;
      this.config.onAttempt?.({
        method: route.method, path, status: res?.status, ms: this.clock.now() - t0, attempt,
        remaining: this.budget.remaining(version), note: netErr?.message,
      });

      if (res && res.status >= 200 && res.status < 300) {
        if (parsed === undefined) throw new ApiError({ status: res.status, message: 'the service answered with something that is not JSON' });
        return toResponse<T>(res, parsed, idempotencyKey, attempt);
      }
      if (res && res.status >= 300 && res.status < 400) {
        throw new ApiError({ status: res.status, message: `the service redirected to ${res.headers.location ?? 'another address'}; check --base-url` });
      }
      const errBody = parsed ? ErrorBody.safeParse(parsed).data : undefined;
      const outcome: AttemptOutcome = res
        ? { status: res.status, body: errBody, headers: res.headers }
        : { networkKind: netErr!.kind === 'timeout' ? 'timeout' : 'network' };
      const now = this.clock.now();
      const d = decide(outcome, attempt, now - started, now, this.retry, this.config.noWait ?? false, this.config.random);
      if (!d.retry) throw finalError(res, errBody, netErr, d.reason, attempt);
      this.config.onWait?.(d.delayMs, d.why);
      await this.clock.sleep(d.delayMs, opts.signal);
    }
  }

  /** Follow every page of a list route and join them into one array (cli-spec 1 `--all`). */
  async *pages<T>(opts: RequestOptions & { limit?: number; all?: boolean }): AsyncGenerator<{ items: T[]; pagination?: Pagination }> {
    let page = Number(opts.query?.page ?? 1);
    for (;;) {
      const res = await this.request<T[]>({ ...opts, query: { ...opts.query, page, limit: opts.limit ?? opts.query?.limit } });
      const items = Array.isArray(res.data) ? res.data : [];
      yield { items, pagination: res.pagination };
      const p = res.pagination;
      if (!opts.all || !p || page >= p.totalPages || items.length === 0) return;
      page++;
    }
  }
}

function missingKey(route: RouteDef, version: ApiVersion): SvcError {
  if (version === 'v2') return new NeedsV2KeyError(describeRoute(route));
  return new NeedsV1KeyError(describeRoute(route));
}

function describeRoute(route: RouteDef): string {
  return `${route.method} ${route.family === 'keys' ? '/api/api-keys' : `/api/${route.family}`}${route.path}`;
}

function finalError(res: TransportResponse | undefined, body: ErrorBody | undefined, netErr: TransportError | undefined, reason: string, attempts: number): ApiError {
  if (!res) {
    return new NetworkError({ message: `${netErr?.message ?? 'network error'} (gave up after ${attempts} attempt${attempts > 1 ? 's' : ''})` });
  }
  const err = errorFromResponse(res.status, body);
  if (reason === 'no-wait' && err instanceof RateLimitError) {
    return new RateLimitError({ status: res.status, code: err.code, message: `${err.message}; --no-wait was given` });
  }
  if (reason === 'too-long' && res.status === 429) {
    const ra = Number(res.headers['retry-after'] ?? 0);
    return new RateLimitError({ status: 429, code: err.code, message: `${err.message}; the quota resets in ${formatWait(ra)}` });
  }
  return err;
}

function formatWait(s: number): string {
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.round(s / 60)} min`;
  return `${s} s`;
}

function toResponse<T>(res: TransportResponse, parsed: unknown, idempotencyKey: string | undefined, attempts: number): ApiResponse<T> {
  const body = (parsed && typeof parsed === 'object' ? parsed : { data: parsed }) as Record<string, unknown>;
  // A1: v1 {success, data, pagination}; v2 {data, pagination, message}; per-item routes {results} (A6).
  const data = ('data' in body ? body.data : 'results' in body ? body.results : body) as T;
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
  try { return JSON.parse(text); } catch { return undefined; }
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
