// The listener's own HTTP server (node:http). It answers at once (spec 6.2.1: 2xx within 10 s)
// and never waits on confirmation or forwarding: the notification is recorded durably, the
// answer goes out, and only then is the processor told. Duplicates get 2xx too (spec 6.2.4:
// the service must stop resending). What is not a notification gets a 4xx and a log line.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dedupeKey, describeIssues, eventDef, Notification, orderIdOf, type EventDef } from './events.js';
import type { LogFn } from './log.js';
import { MAX_BODY_BYTES, RECEIVER_LIMITS, STORE_FULL_RETRY_AFTER_S } from './decisions.js';
import { StoreFullError } from './store.js';

export interface Accepted {
  key: string;
  def: EventDef;
  orderId?: number;
  /** The body exactly as received. */
  body: string;
}

export type Verdict = 'received' | 'duplicate' | 'ignored';

export interface ReceiverOptions {
  host: string;
  port: number;
  path: string;
  /** Only these events are handed on; others get 2xx and are ignored (--events). */
  events?: ReadonlySet<string>;
  /** Called before the answer: records the notification (StoreFullError → 503, other errors → 500: the service resends). */
  accept(n: Accepted): Promise<'received' | 'duplicate'>;
  /** Called after the answer was sent, for a notification `received` or a `duplicate`. */
  afterAnswer(key: string, verdict: 'received' | 'duplicate'): void;
  log: LogFn;
  maxBytes?: number;
}

export interface Receiver {
  url: string;
  port: number;
  /** Posts answered with an error, by status and reason (issue 11: say how many and why). */
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

export async function startReceiver(opts: ReceiverOptions): Promise<Receiver> {
  const maxBytes = opts.maxBytes ?? MAX_BODY_BYTES;
  const refusals: Record<string, number> = {};
  const server = http.createServer(
    {
      headersTimeout: RECEIVER_LIMITS.headersTimeoutMs,
      requestTimeout: RECEIVER_LIMITS.requestTimeoutMs,
      keepAliveTimeout: RECEIVER_LIMITS.keepAliveTimeoutMs,
      connectionsCheckingInterval: RECEIVER_LIMITS.checkEveryMs,
    },
    (req, res) => {
      const t0 = Date.now();
      handle(req, opts, maxBytes).then(
        ({ verdict, accepted }) => {
          reply(res, 200, {
            ok: true,
            ...(verdict === 'duplicate' ? { duplicate: true } : {}),
            ...(verdict === 'ignored' ? { ignored: true } : {}),
          });
          opts.log({
            action: verdict,
            event: accepted.def.name,
            orderId: accepted.orderId,
            status: 200,
            ms: Date.now() - t0,
          });
          if (verdict !== 'ignored') opts.afterAnswer(accepted.key, verdict);
        },
        (err: unknown) => {
          const r =
            err instanceof Refusal
              ? err
              : err instanceof StoreFullError
                ? new Refusal(
                    503,
                    `not recorded, send it again later: ${err.message}`,
                    undefined,
                    { 'retry-after': String(STORE_FULL_RETRY_AFTER_S) },
                    'store cannot write',
                  )
                : new Refusal(500, `cannot record the notification: ${(err as Error).message}`);
          reply(res, r.status, { error: r.message }, r.headers);
          // Stop reading a body we refused (413): the connection is closed after the answer.
          if (r.status === 413) req.resume();
          const reason = `${r.status} ${r.reason ?? r.message}`;
          refusals[reason] = (refusals[reason] ?? 0) + 1;
          opts.log({ action: 'rejected', event: r.event, status: r.status, ms: Date.now() - t0, detail: r.message });
        },
      );
    },
  );
  server.maxConnections = RECEIVER_LIMITS.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}${opts.path}`,
    port,
    refusals: () => ({ ...refusals }),
    close(graceMs = 2_000) {
      closed ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closed;
    },
  };
}

async function handle(
  req: http.IncomingMessage,
  opts: ReceiverOptions,
  maxBytes: number,
): Promise<{ verdict: Verdict; accepted: Accepted }> {
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
  const body = await readBody(req, maxBytes);
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
  const accepted: Accepted = { key: dedupeKey(def, n), def, orderId: orderIdOf(def, n.data), body };
  if (opts.events && !opts.events.has(def.name)) return { verdict: 'ignored', accepted };
  return { verdict: await opts.accept(accepted), accepted };
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
