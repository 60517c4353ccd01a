// The transport of one-shot reads ("the read lane"), on Node's own node:http. undici's
// Agent costs a read its 275 KB chunk, its WebAssembly llhttp parser and its own load of
// node:http: the same read was 13-16 ms faster on this one (docs/DECISIONS.md "
// node:http for one-shot reads"). undici stays the transport of everything else (transport.ts). Same contract as undiciTransport() in everything a caller sees: kinds and
// messages of failures (transport-errors.ts), headers, body, redirects not followed, the size cap
// and the deadline; test/api/transport-conformance.test.ts runs the same cases against both.
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { proxyConfigured, proxyFor } from './proxy.js';
import { tunnelThrough } from './proxy-tunnel.js';
import { CONNECT_TIMEOUT_MS, describeFailure, tooLargeMessage } from './transport-errors.js';
import {
  onCloseTransport,
  type Transport,
  TransportError,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';

type Done = (err: unknown, res?: TransportResponse) => void;

/**
 * One keep-alive pool per scheme and proxy, made on first use and destroyed by closeTransport()
 * (a run bin/svc.js ends right after leaves them to the exit: lifecycle.ts `processExits`).
 */
const pools = new Map<string, Agent>();

function poolFor(url: URL): { request: typeof import('node:http').request; agent: Agent } {
  const { protocol } = url;
  if (protocol !== 'http:' && protocol !== 'https:') {
    // undici's words for it (base-url.ts refuses such a base URL before any request)
    const message = 'Invalid URL protocol: the URL must start with `http:` or `https:`.';
    throw Object.assign(new Error(message), { code: 'ERR_INVALID_PROTOCOL' });
  }
  // node:https only for an https: URL
  const mod = protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const proxy = proxyConfigured() ? proxyFor(url) : undefined; // proxy.ts: none for loopback
  const key = proxy ? `${protocol} ${proxy.href}` : protocol;
  let agent = pools.get(key);
  if (!agent) {
    // undici's Agent here has 8 connections and drops an idle socket after 10 s (`timeout` ends
    // only idle sockets: a 11.5 s silent answer within a 15 s deadline still arrives). Idle
    // sockets are unref'd by node:http, so a finished process exits without waiting for them.
    const options = { keepAlive: true, maxSockets: 8, timeout: 10_000 };
    agent = new mod.Agent(options);
    if (proxy) tunnelThrough(agent, protocol === 'https:', proxy);
    pools.set(key, agent);
    if (pools.size === 1) onCloseTransport(closePools);
  }
  return { request: mod.request, agent };
}

function closePools(): void {
  for (const agent of pools.values()) agent.destroy();
  pools.clear();
}

export function nodeHttpTransport(): Transport {
  return (req) => new Promise((resolve, reject) => attempt(req, resolve, reject));
}

/** One attempt: a request, its answer read whole (or refused), settled once. */
function attempt(req: TransportRequest, resolve: (res: TransportResponse) => void, reject: (err: unknown) => void) {
  let out: ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  let settled = false;
  const onAbort = () => done(new Error('request aborted'));
  const done: Done = (err, res) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    if (res) return resolve(res);
    out?.destroy(); // the socket goes with it: never back to the pool half-read
    if (err instanceof TransportError) return reject(err);
    const ctx = { aborted: !!req.signal?.aborted, timedOut, timeoutMs: req.timeoutMs };
    reject(TransportError.of(describeFailure(err, ctx)));
  };
  if (req.signal?.aborted) return done(new Error('request aborted'));
  // The deadline bounds the whole attempt: connect, headers and body (as undici's signal does).
  timer = setTimeout(() => {
    timedOut = true;
    done(new Error('timeout'));
  }, req.timeoutMs);
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const url = new URL(req.url);
    const { request, agent } = poolFor(url);
    // A 3xx comes back as it is: node:http never follows redirects.
    out = request(url, { method: req.method, headers: req.headers, agent });
    out.on('error', done);
    out.on('socket', (socket) => connectTimeout(socket, done));
    out.on('response', (res) => readCapped(res, req.maxBytes, done));
    out.end(req.body); // a string or bytes: node:http sets Content-Length (0 when absent on a POST)
  } catch (err) {
    done(err);
  }
}

/** A new socket that has not connected within CONNECT_TIMEOUT_MS fails as undici's does. */
function connectTimeout(socket: Socket, done: Done): void {
  if (!socket.connecting) return; // a kept-alive socket, reused
  const timer = setTimeout(() => {
    done(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' }));
  }, CONNECT_TIMEOUT_MS);
  const clear = () => clearTimeout(timer);
  socket.once('connect', clear);
  socket.once('close', clear);
}

/**
 * The body as text, refused by its Content-Length or once it passes `maxBytes`: kept
 * as bytes and decoded once, so a character split across chunks decodes whole.
 */
function readCapped(res: IncomingMessage, maxBytes: number | undefined, done: Done): void {
  res.on('error', done); // "aborted" (ECONNRESET) when the socket closes mid-body
  if (maxBytes !== undefined && Number(res.headers['content-length']) > maxBytes) {
    done(new TransportError(tooLargeMessage(maxBytes), 'too-large'));
    return;
  }
  const chunks: Buffer[] = [];
  let n = 0;
  res.on('data', (c: Buffer) => {
    n += c.length;
    if (maxBytes !== undefined && n > maxBytes) return done(new TransportError(tooLargeMessage(maxBytes), 'too-large'));
    chunks.push(c);
  });
  res.on('end', () => {
    const body = Buffer.concat(chunks, n).toString('utf8');
    done(undefined, { status: res.statusCode ?? 0, headers: joinHeaders(res.rawHeaders), body });
  });
}

/**
 * Headers as undici gives them: lower-case names, every value of a repeated header (not only
 * set-cookie: node:http's `headers` keeps the first of some) joined with ', ', latin-1 as sent.
 */
function joinHeaders(raw: string[]): Record<string, string> {
  const byName = new Map<string, string[]>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const values = byName.get(name);
    if (values) values.push(raw[i + 1]!);
    else byName.set(name, [raw[i + 1]!]);
  }
  const headers: Record<string, string> = {};
  for (const [name, values] of byName) headers[name] = values.join(', ');
  return headers;
}
