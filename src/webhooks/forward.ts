// Handing a notification on: POST the delivery envelope with X-Service-Event to
// --forward-to, and/or run --exec CMD with the envelope on stdin. The envelope is `{event,
// timestamp, data, svc}`. For a confirmed order event, `data` is built from the order the service
// returned: a forger's body posted first for a future order id never reaches the hook.
// Otherwise it is the small fields of the body as received (anyone could have sent them). `svc`
// holds the delivery id, whether the service confirmed it, and the order it returned. Each
// returns an outcome; retries and bookkeeping are the processor's.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rawRequest, TransportError } from '../api/transport.js';
import { sanitizeInline } from '../output/sanitize.js';
import { EXEC_TIMEOUT_MS, FORWARD_TIMEOUT_MS, HOOK_ENV_REMOVED_PREFIX } from './decisions.js';
import { dataFromOrder, eventDef } from './events.js';
import type { StoredDelivery } from './store.js';

export interface StepOutcome {
  ok: boolean;
  ms: number;
  status?: number;
  detail?: string;
}

/**
 * A stable id per notification, sent as `X-Svc-Delivery`, so a target can drop the one resend
 * that can still happen: killed after the target's 2xx and before the store recorded it.
 */
function deliveryId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export interface DeliveryEnvelope {
  deliveryId: string;
  event: string;
  orderId?: number;
  confirmed: boolean;
  /** `live` (a notification) or `catch-up` (a sale found missed in the orders list). */
  source: 'live' | 'catch-up';
  /** The JSON handed on: the notification's own fields, plus `svc`. */
  json: string;
}

/**
 * What a hook or forward target receives: `{event, timestamp, data, svc}`.
 * - confirmed order event: `data` built from `svc.order`, the service's own answer (the fields
 *   spec 6.4 names for order.delivered; id, orderCode, product, buyer, seller for the others);
 * - otherwise: the small fields of the body as received, and `svc.note` says why.
 * `svc` = {deliveryId, confirmed, order, dataFrom: 'order' | 'post', receivedAt, note?};
 * `timestamp` is the one posted (a valid date, not checked against anything).
 */
export function deliveryEnvelope(e: StoredDelivery, confirming: boolean): DeliveryEnvelope {
  const def = eventDef(e.event);
  const order =
    e.confirmed && e.order && typeof e.order === 'object' ? (e.order as Record<string, unknown>) : undefined;
  const fromOrder = order !== undefined && def?.orderEvent === true;
  const data = fromOrder
    ? dataFromOrder(def, order)
    : (e.data ?? (e.orderId !== undefined && def?.idField ? { [def.idField]: e.orderId } : {}));
  const note = e.confirmed
    ? undefined
    : !confirming
      ? 'not confirmed (--no-confirm): small fields of the body as received, which anyone who knows the URL could have sent'
      : 'not an order event: nothing to confirm it with; small fields of the body as received';
  const svc = {
    deliveryId: deliveryId(e.key),
    source: e.source ?? 'live',
    confirmed: e.confirmed,
    order: e.confirmed ? (e.order ?? null) : null,
    dataFrom: fromOrder ? 'order' : 'post',
    receivedAt: e.receivedAt,
    ...(note ? { note } : {}),
  };
  return {
    deliveryId: svc.deliveryId,
    event: e.event,
    orderId: e.orderId,
    confirmed: e.confirmed,
    source: svc.source,
    json: JSON.stringify({ event: e.event, timestamp: e.timestamp ?? e.receivedAt, data, svc }),
  };
}

export async function forwardTo(
  url: string,
  n: DeliveryEnvelope,
  signal?: AbortSignal,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<StepOutcome> {
  const t0 = Date.now();
  try {
    const res = await rawRequest('POST', url, {
      body: n.json,
      headers: {
        'content-type': 'application/json',
        'x-service-event': n.event,
        'x-svc-delivery': n.deliveryId,
        'x-svc-confirmed': String(n.confirmed),
        'user-agent': 'svc-webhooks-listen',
      },
      timeoutMs,
      signal,
    });
    const ms = Date.now() - t0;
    if (res.status >= 200 && res.status < 300) return { ok: true, ms, status: res.status };
    if (res.status >= 300 && res.status < 400)
      return { ok: false, ms, status: res.status, detail: 'redirect not followed' };
    return { ok: false, ms, status: res.status, detail: `target answered ${res.status}` };
  } catch (err) {
    return { ok: false, ms: Date.now() - t0, detail: describeFailure(err) };
  }
}

/** The transport's messages speak of the service; a forward target is the seller's own. */
function describeFailure(err: unknown): string {
  if (!(err instanceof TransportError)) return (err as Error).message;
  if (err.kind === 'network' && err.causeCode === 'ECONNREFUSED') return 'target refused the connection';
  if (err.kind === 'network' && err.causeCode === 'ENOTFOUND') return 'target host not found';
  return `target: ${err.message}`;
}

export interface ExecRun {
  outcome: Promise<StepOutcome>;
  /** Stop the handler (shutdown): the delivery stays pending. */
  kill(): void;
}

/**
 * The hook's environment (least privilege): the listener's own, less every SVC_*
 * variable (SVC_API_KEY above all: a hook never holds the seller's key), plus what it needs to
 * know about this delivery. SVC_DELIVERY_ID is the same on every run of the same delivery, so a
 * hook can drop the one rerun a crash can cause.
 */
function hookEnv(env: NodeJS.ProcessEnv, n: DeliveryEnvelope): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (!k.toUpperCase().startsWith(HOOK_ENV_REMOVED_PREFIX)) out[k] = v;
  return {
    ...out,
    SVC_DELIVERY_ID: n.deliveryId,
    SVC_EVENT: n.event,
    SVC_ORDER_ID: n.orderId === undefined ? '' : String(n.orderId),
    SVC_CONFIRMED: n.confirmed ? '1' : '0',
    SVC_SOURCE: n.source,
  };
}

/** Run CMD through the shell with the delivery envelope on stdin. */
export function runExec(
  cmd: string,
  n: DeliveryEnvelope,
  env: NodeJS.ProcessEnv,
  timeoutMs = EXEC_TIMEOUT_MS,
): ExecRun {
  const t0 = Date.now();
  const child = spawn(cmd, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], env: hookEnv(env, n) });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-2000);
  };
  // The handler's output is not the listener's: stdout stays for the log lines.
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.stdin.on('error', () => undefined); // a handler that does not read stdin is fine
  child.stdin.end(n.json);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 2000).unref();
  }, timeoutMs);
  const outcome = new Promise<StepOutcome>((resolve) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, ms: Date.now() - t0, detail: `cannot run the handler: ${err.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - t0;
      if (code === 0) return resolve({ ok: true, ms });
      const last = sanitizeInline(tail.trim().split('\n').pop() ?? '').slice(0, 200);
      const why = timedOut
        ? `handler ran over ${Math.round(timeoutMs / 1000)} s`
        : signal
          ? `handler killed by ${signal}`
          : `handler exited ${code}`;
      resolve({ ok: false, ms, detail: last ? `${why}: ${last}` : why });
    });
  });
  return {
    outcome,
    kill: () => {
      child.kill('SIGTERM');
    },
  };
}

/** A URL as shown in logs: no user:password, no query (either may hold a token). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}
