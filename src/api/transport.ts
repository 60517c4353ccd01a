// The request core's seam to HTTP. Everything goes through a `Transport` so tests inject an
// in-memory one; the real ones are undici's `request` over a keep-alive Agent (here), and
// node:http's for one-shot reads (http-transport.ts). Both map failures through
// transport-errors.ts and are held to one contract by test/api/transport-conformance.test.ts.
import {
  CONNECT_TIMEOUT_MS,
  describeFailure,
  type TransportErrorKind,
  type TransportFailure,
  tooLargeMessage,
} from './transport-errors.js';
import { proxyConfigured, proxyFor } from './proxy.js';

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole request (connect, headers, body), one attempt. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Refuse a body larger than this many bytes; unlimited when absent. */
  maxBytes?: number;
}
export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type Transport = (req: TransportRequest) => Promise<TransportResponse>;

/** A failure below HTTP: refused, reset, dropped, or timed out. Always safe to retry with the same idempotency key. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly kind: TransportErrorKind,
    readonly causeCode?: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }

  static of(f: TransportFailure): TransportError {
    return new TransportError(f.message, f.kind, f.causeCode);
  }
}

/** Closers of the other transports' pools, registered when a pool is made (none loaded here). */
const closers = new Set<() => void>();
export function onCloseTransport(close: () => void): void {
  closers.add(close);
}

type Dispatcher = import('undici').Dispatcher;
let agent: import('undici').Agent | undefined;
/** One pool per proxy (by its URL), made on the first request that goes through it. */
const proxied = new Map<string, Dispatcher>();

// HTTP/1.1 only: undici 8 offers h2 in ALPN by default (its migration guide, step 4), and svc's
// timeouts, size cap and retries were built and tested on HTTP/1.1 (docs/DECISIONS.md).
const POOL = { keepAliveTimeout: 10_000, connections: 8, allowH2: false, connectTimeout: CONNECT_TIMEOUT_MS };

/**
 * undici's Agent with its request API. Loaded on first use, and without undici's index: the
 * index also evaluates fetch, WebSocket, caches and mocks (~60 ms of start-up that every
 * command would pay, bench/startup). undici is pinned exactly in package.json, so these
 * paths cannot move under us.
 */
async function loadAgent(): Promise<import('undici').Agent> {
  if (agent) return agent;
  const [{ default: Agent }, { default: Dispatcher }, { default: api }] = await Promise.all([
    import('undici/lib/dispatcher/agent.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/index.js'),
  ]);
  Object.assign(Dispatcher.prototype, api); // what undici's index does to give dispatchers .request()
  agent ??= new Agent(POOL);
  return agent;
}

/**
 * The dispatcher for `url`: the direct pool, or a ProxyAgent when the environment names a proxy
 * for it (proxy.ts). `proxyTunnel: true` makes undici CONNECT for an http: target too, as the
 * node:http transport does, so the proxy never reads a request of svc.
 */
async function dispatcherFor(url: URL): Promise<Dispatcher> {
  const direct = await loadAgent();
  const proxy = proxyConfigured() ? proxyFor(url) : undefined;
  if (!proxy) return direct;
  let d = proxied.get(proxy.href);
  if (!d) {
    const { default: ProxyAgent } = await import('undici/lib/dispatcher/proxy-agent.js');
    d = new ProxyAgent({ ...POOL, uri: proxy.href, proxyTunnel: true });
    proxied.set(proxy.href, d);
  }
  return d;
}

export function undiciTransport(): Transport {
  return async (req) => {
    const timeout = AbortSignal.timeout(req.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    try {
      const url = new URL(req.url);
      const dispatcher = await dispatcherFor(url);
      // Dispatcher.request never follows redirects: a 3xx comes back as it is.
      const res = await dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: req.method as 'GET',
        headers: req.headers,
        body: req.body,
        signal,
        headersTimeout: req.timeoutMs,
        bodyTimeout: req.timeoutMs,
      });
      const body = await readCapped(res.body, res.headers['content-length'], req.maxBytes);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
      }
      return { status: res.statusCode, headers, body };
    } catch (err) {
      if (err instanceof TransportError) throw err;
      throw TransportError.of(
        describeFailure(err, { aborted: !!req.signal?.aborted, timedOut: timeout.aborted, timeoutMs: req.timeoutMs }),
      );
    }
  };
}

/**
 * The body as text, refused once it passes `maxBytes`: a 600 MB answer is never
 * held whole, and is not a network error to retry. Chunks are kept as bytes and decoded once.
 */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(err?: Error): unknown },
  length: unknown,
  maxBytes: number | undefined,
): Promise<string> {
  if (maxBytes !== undefined && Number(length) > maxBytes) {
    body.destroy();
    throw new TransportError(tooLargeMessage(maxBytes), 'too-large');
  }
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of body) {
    n += c.length;
    if (maxBytes !== undefined && n > maxBytes) {
      body.destroy();
      throw new TransportError(tooLargeMessage(maxBytes), 'too-large');
    }
    chunks.push(c);
  }
  return Buffer.concat(chunks, n).toString('utf8');
}

export async function closeTransport(): Promise<void> {
  const pools = [agent, ...proxied.values()];
  agent = undefined;
  proxied.clear();
  for (const close of closers) close();
  closers.clear();
  await Promise.all(pools.map((p) => p?.destroy()));
}

/**
 * A plain JSON request outside the service's API (the sandbox's /_sandbox control routes, a
 * webhook target, a chat platform): the same transport, so the same pools and proxies.
 */
export async function rawRequest(
  method: string,
  url: string,
  opts: {
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
    signal?: AbortSignal;
    maxBytes?: number;
  } = {},
): Promise<TransportResponse & { json?: unknown }> {
  const body =
    opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const headers = {
    accept: 'application/json',
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...opts.headers,
  };
  const res = await undiciTransport()({
    method,
    url,
    headers,
    body,
    timeoutMs: opts.timeoutMs ?? 10_000,
    signal: opts.signal,
    maxBytes: opts.maxBytes,
  });
  let json: unknown;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { ...res, json };
}
