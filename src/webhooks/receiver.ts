// The listener's own HTTP server (node:http). It answers at once (spec 6.2.1: 2xx within 10 s)
// and never waits on confirmation or forwarding: the notification is recorded durably, the
// answer goes out, and only then is the processor told. Duplicates get 2xx too (spec 6.2.4:
// the service must stop resending). What is not a notification gets a 4xx and a log line.
// bodies are counted while read (413 past the cap, the connection closed, nothing
// kept); each sender address has a share of the connections and of the unconfirmed pool (429
// past it, said once a minute); behind a named proxy the sender is the forwarded address.
import http from 'node:http';
import type { AddressInfo, BlockList } from 'node:net';
import { dedupeKey, describeIssues, eventDef, Notification, orderIdOf, type EventDef } from './events.js';
import type { LogFn } from './log.js';
import {
  MAX_BODY_BYTES,
  RECEIVER_LIMITS,
  SENDER_LIMITED_RETRY_AFTER_S,
  STORE_FULL_RETRY_AFTER_S,
} from './decisions.js';
import { ConnectionShare, proxyHint, senderOf } from './senders.js';
import { SenderLimitedError, StoreFullError } from './store.js';

interface Accepted {
  key: string;
  def: EventDef;
  orderId?: number;
  /** The notification's timestamp (checked to be a date), as an ISO string. */
  timestamp: string;
  /** The notification's data, parsed and checked against the event's schema (unverified). */
  data: Record<string, unknown>;
  /** The sender's address (the forwarded one behind a trusted proxy). */
  from: string;
}

type Verdict = 'received' | 'duplicate' | 'ignored';

export interface ReceiverOptions {
  host: string;
  port: number;
  path: string;
  /** Only these events are handed on; others get 2xx and are ignored (--events). */
  events?: ReadonlySet<string>;
  /** Called before the answer: records the notification (StoreFullError → 503, other errors → 500: the service resends). */
  accept(n: Accepted): Promise<'received' | 'duplicate'>;
  /** Called after the answer was sent, for a notification `received` or a `duplicate`. */
  afterAnswer(key: string, verdict: 'received' | 'duplicate', from: string): void;
  log: LogFn;
  maxBytes?: number;
  /**
   * `GET /healthz` answers 200 {"ok":true} (`shop run`: for a process manager; no secret, no data), or 503 {"ok":false,"degraded":why} while this returns a reason (confirmations starved).
   */
  health?: boolean;
  degraded?: () => string | undefined;
  /** Proxies whose X-Forwarded-For is believed (--trust-proxy). */
  trustProxy?: BlockList;
  /** Connections one address may hold (--max-connections-per-address). */
  connectionsPerAddress?: number;
  /** A hint for the seller (a proxy that is not named), said once. */
  onHint?: (message: string) => void;
}

export interface Receiver {
  url: string;
  port: number;
  /** Posts answered with an error, by status and reason (say how many and why). */
  refusals(): Record<string, number>;
  close(graceMs?: number): Promise<void>;
}

class Refusal extends Error {
  /** `reason`: a short cause for the refusal counts (the message may hold sender text). */
  constructor(
    readonly status: number,
    message: string,
    readonly event?: string,
    readonly headers: Record<string, string> = {},
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** A notification recorded (or a repeat, or an event not listened to): 200, logged, handed on. */
function answered(res: http.ServerResponse, opts: ReceiverOptions, verdict: Verdict, accepted: Accepted, t0: number) {
  reply(res, 200, {
    ok: true,
    ...(verdict === 'duplicate' ? { duplicate: true } : {}),
    ...(verdict === 'ignored' ? { ignored: true } : {}),
  });
  opts.log({ action: verdict, event: accepted.def.name, orderId: accepted.orderId, status: 200, ms: Date.now() - t0 });
  if (verdict !== 'ignored') opts.afterAnswer(accepted.key, verdict, accepted.from);
}

/** The answer to a notification that was not recorded. */
function refusalOf(err: unknown): Refusal {
  if (err instanceof Refusal) return err;
  if (err instanceof SenderLimitedError)
    return new Refusal(
      429,
      'too many of your notifications wait for confirmation: send it again later',
      undefined,
      { 'retry-after': String(SENDER_LIMITED_RETRY_AFTER_S) },
      'sender over its share',
    );
  if (err instanceof StoreFullError)
    return new Refusal(
      503,
      `not recorded, send it again later: ${err.message}`,
      undefined,
      { 'retry-after': String(STORE_FULL_RETRY_AFTER_S) },
      'store cannot write',
    );
  return new Refusal(500, `cannot record the notification: ${(err as Error).message}`);
}

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startReceiver(opts: ReceiverOptions): Promise<Receiver> {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES;
  const refusals: Record<string, number> = {};
  let hinted = false;
  const share = new ConnectionShare(
    opts.connectionsPerAddress ?? RECEIVER_LIMITS.connectionsPerAddress,
    RECEIVER_LIMITS.sharedFrom,
    opts.trustProxy,
    (from, detail) => opts.log({ action: 'limited', from, detail: `sender ${from} limited: ${detail}` }),
  );
  const server = http.createServer(
    {
      headersTimeout: RECEIVER_LIMITS.headersTimeoutMs,
      requestTimeout: RECEIVER_LIMITS.requestTimeoutMs,
      keepAliveTimeout: RECEIVER_LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: RECEIVER_LIMITS.checkEveryMs,
    },
    (req, res) => {
      const t0 = Date.now();
      if (opts.health && req.method === 'GET' && req.url === '/healthz') {
        const degraded = opts.degraded?.();
        return reply(res, degraded ? 503 : 200, degraded ? { ok: false, degraded } : { ok: true });
      }
      if (!hinted) {
        const hint = proxyHint(req, opts.trustProxy);
        if (hint) {
          hinted = true;
          opts.onHint?.(hint);
        }
      }
      handle(req, opts, maxBytes).then(
        ({ verdict, accepted }) => answered(res, opts, verdict, accepted, t0),
        (err: unknown) => {
          if (err instanceof SenderLimitedError)
            share.limited(
              err.address,
              `${err.held} posts wait for confirmation, its share (--max-pending-per-address)`,
            );
          const r = refusalOf(err);
          // A body refused for its size is not read on: the connection goes once answered.
          if (r.status === 413) res.once('finish', () => req.socket.destroy());
          reply(res, r.status, { error: r.message }, r.headers);
          const reason = `${r.status} ${r.reason ?? r.message}`;
          refusals[reason] = (refusals[reason] ?? 0) + 1;
          // A limited sender is said once a minute ('limited'), not once per post.
          if (r.status !== 429)
            opts.log({ action: 'rejected', event: r.event, status: r.status, ms: Date.now() - t0, detail: r.message });
        },
      );
    },
  );
  server.maxConnections = RECEIVER_LIMITS.maxConnections;
  server.on('connection', (socket) => share.admit(socket));
  await listen(server, opts.port, opts.host);
  const port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${host}:${port}${opts.path}`,
    port,
    refusals: () => ({
      ...refusals,
      ...(share.refused > 0 ? { 'connection over its address share': share.refused } : {}),
    }),
    close: closer(server),
  };
}

/** Stops the server once: idle connections at once, the rest after `graceMs`. */
function closer(server: http.Server): (graceMs?: number) => Promise<void> {
  let closed: Promise<void> | undefined;
  return (graceMs = 2_000) => {
    closed ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closed;
  };
}

async function handle(
  req: http.IncomingMessage,
  opts: ReceiverOptions,
  maxBytes: number,
): Promise<{ verdict: Verdict; accepted: Accepted }> {
  checkRequest(req, opts, maxBytes);
  const { n, def, data } = notificationOf(await readBody(req, maxBytes), req);
  const accepted: Accepted = {
    key: dedupeKey(def, n),
    def,
    orderId: orderIdOf(def, n.data),
    timestamp: isoOf(n.timestamp),
    data,
    from: senderOf(req, opts.trustProxy),
  };
  if (opts.events && !opts.events.has(def.name)) return { verdict: 'ignored', accepted };
  return { verdict: await opts.accept(accepted), accepted };
}

/** What is refused before the body is read: the path, the method, the type, a declared size. */
function checkRequest(req: http.IncomingMessage, opts: ReceiverOptions, maxBytes: number): void {
  const url = new URL(req.url ?? '/', 'http://listener');
  // The path may be the listener's secret (--init): never echoed, not in the answer nor the log.
  if (normalise(url.pathname) !== normalise(opts.path))
    throw new Refusal(404, 'not found', undefined, {}, 'wrong path');
  if (req.method !== 'POST')
    throw new Refusal(
      405,
      `method ${clip(req.method ?? '')} not allowed: notifications are POSTed (spec 6.1)`,
      undefined,
      { allow: 'POST' },
      'not a POST',
    );
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new Refusal(
      415,
      `content-type ${clip(type) || '(none)'} is not application/json (spec 6.1)`,
      undefined,
      {},
      'not JSON',
    );
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes)
    throw new Refusal(413, `body of ${declared} bytes is over the ${maxBytes}-byte limit`, undefined, {}, 'too large');
}

/** The body as a notification of a known event, its header matching and its payload valid (spec 6.1). */
function notificationOf(body: string, req: http.IncomingMessage) {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new Refusal(400, 'body is not valid JSON', undefined, {}, 'not JSON');
  }
  const env = Notification.safeParse(value);
  if (!env.success)
    throw new Refusal(
      400,
      `not a notification {event, timestamp, data} (spec 6.1): ${describeIssues(env.error, 'body')}`,
      undefined,
      {},
      'not a notification',
    );
  const n = env.data;
  const def = eventDef(n.event);
  if (!def)
    throw new Refusal(
      400,
      `unknown event "${clip(n.event)}" (see \`svc webhooks events\`)`,
      clip(n.event),
      {},
      'unknown event',
    );
  const header = req.headers['x-service-event'];
  if (header !== n.event)
    throw new Refusal(
      400,
      `header X-Service-Event (${header === undefined ? 'missing' : clip(String(header))}) does not match the event (spec 6.1)`,
      def.name,
      {},
      'header mismatch',
    );
  const data = def.receive.safeParse(n.data);
  if (!data.success)
    throw new Refusal(
      422,
      `invalid ${def.name} payload: ${describeIssues(data.error)}`,
      def.name,
      {},
      'invalid payload',
    );
  return { n, def, data: data.data };
}

function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      if (over) return;
      size += c.length;
      if (size > maxBytes) {
        over = true;
        reject(new Refusal(413, `body is over the ${maxBytes}-byte limit`, undefined, {}, 'too large'));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!over) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** The timestamp as an ISO string (checked to parse; a year past 9999 is kept clipped as sent). */
function isoOf(ts: string): string {
  try {
    return new Date(ts).toISOString();
  } catch {
    return clip(ts);
  }
}

function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...(status === 413 ? { connection: 'close' } : {}),
    ...headers,
  });
  res.end(text);
}

function normalise(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Sender-controlled text in a log line: short and without control characters. */
function clip(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 60);
}
