// `svc webhooks trigger`: send a notification exactly as the service would (spec 6.1, 6.2):
// POST `{event, timestamp, data}` with `X-Service-Event`; a 2xx within 10 s is success, any
// other status (a redirect too: never followed, 6.2.3), a time-out or a network error is a
// failure; with retries, the same notification is resent after 15 s, 1 min, 5 min and 30 min
// (× timeScale), at most 5 attempts (6.2.2).
import { LIMITS, WEBHOOK_RETRY_DELAYS_MS } from '../api/assumptions.js';
import { rawRequest, TransportError } from '../api/transport.js';
import { sanitizeInline } from '../output/sanitize.js';

export interface SendAttempt {
  attempt: number;
  at: string;
  status: number | null;
  ms: number;
  result: 'delivered' | 'failed';
  error?: string;
  /** Seconds until the next attempt, when there is one. */
  nextInS?: number;
}

export interface SendOptions {
  retry: boolean;
  timeScale: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  onAttempt?: (a: SendAttempt) => void;
}

/** The notification body of spec 6.1, made once and resent byte for byte. */
export function notificationBody(event: string, data: Record<string, unknown>, now = new Date()): string {
  return JSON.stringify({ event, timestamp: now.toISOString(), data });
}

export async function sendNotification(
  url: string,
  event: string,
  body: string,
  opts: SendOptions,
): Promise<SendAttempt[]> {
  const attempts: SendAttempt[] = [];
  const max = opts.retry ? LIMITS.webhookAttempts : 1;
  for (let n = 1; n <= max; n++) {
    const a = await attemptOnce(url, event, body, n, opts);
    const last = a.result === 'delivered' || n === max;
    if (!last) a.nextInS = scaledDelay(n, opts.timeScale) / 1000;
    attempts.push(a);
    opts.onAttempt?.(a);
    if (last) break;
    await sleep(scaledDelay(n, opts.timeScale), opts.signal);
  }
  return attempts;
}

function scaledDelay(attempt: number, timeScale: number): number {
  return Math.round(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]! * timeScale);
}

async function attemptOnce(
  url: string,
  event: string,
  body: string,
  attempt: number,
  opts: SendOptions,
): Promise<SendAttempt> {
  const at = new Date().toISOString();
  const t0 = Date.now();
  try {
    const res = await rawRequest('POST', url, {
      body,
      headers: { 'x-service-event': event, 'user-agent': 'svc-webhooks-trigger' },
      timeoutMs: opts.timeoutMs ?? LIMITS.webhookTimeoutMs,
      signal: opts.signal,
    });
    const ms = Date.now() - t0;
    if (res.status >= 200 && res.status < 300) return { attempt, at, status: res.status, ms, result: 'delivered' };
    const error =
      res.status >= 300 && res.status < 400
        ? `redirect to ${sanitizeInline(res.headers.location ?? '(no location)').slice(0, 200)} not followed (spec 6.2.3)`
        : `answered ${res.status}, not 2xx`;
    return { attempt, at, status: res.status, ms, result: 'failed', error };
  } catch (err) {
    if (err instanceof TransportError && err.kind === 'aborted') throw err;
    const error =
      err instanceof TransportError && err.causeCode === 'ECONNREFUSED' ? 'connection refused' : (err as Error).message;
    return { attempt, at, status: null, ms: Date.now() - t0, result: 'failed', error };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new TransportError('request aborted', 'aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new TransportError('request aborted', 'aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
