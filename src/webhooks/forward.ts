// Handing a notification on (issue 7): POST the same body with X-Service-Event to
// --forward-to, and/or run --exec CMD with the payload on stdin and SVC_EVENT, SVC_ORDER_ID
// in its environment. Each returns an outcome; retries and bookkeeping are the processor's.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rawRequest, TransportError } from '../api/transport.js';
import { sanitizeInline } from '../output/sanitize.js';

export interface StepOutcome {
  ok: boolean;
  ms: number;
  status?: number;
  detail?: string;
}

/** svc decision: a forward target gets the service's own 10 s (spec 6.2.1). */
export const FORWARD_TIMEOUT_MS = 10_000;
/** svc decision: a handler run longer than this is killed and retried. */
export const EXEC_TIMEOUT_MS = 60_000;

/**
 * A stable id per notification, sent as `X-Svc-Delivery`, so a target can drop the one resend
 * that can still happen: killed after the target's 2xx and before the store recorded it.
 */
export function deliveryId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export async function forwardTo(url: string, n: { key: string; event: string; body: string }, signal?: AbortSignal, timeoutMs = FORWARD_TIMEOUT_MS): Promise<StepOutcome> {
  const t0 = Date.now();
  try {
    const res = await rawRequest('POST', url, {
      body: n.body, // the same bytes the service sent
      headers: { 'x-service-event': n.event, 'x-svc-delivery': deliveryId(n.key), 'user-agent': 'svc-webhooks-listen' },
      timeoutMs,
      signal,
    });
    const ms = Date.now() - t0;
    if (res.status >= 200 && res.status < 300) return { ok: true, ms, status: res.status };
    if (res.status >= 300 && res.status < 400) return { ok: false, ms, status: res.status, detail: 'redirect not followed' };
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

/** Run CMD through the shell with the payload on stdin (issue 7). */
export function runExec(cmd: string, n: { event: string; orderId?: number; body: string }, env: NodeJS.ProcessEnv, timeoutMs = EXEC_TIMEOUT_MS): ExecRun {
  const t0 = Date.now();
  const child = spawn(cmd, {
    shell: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...env, SVC_EVENT: n.event, SVC_ORDER_ID: n.orderId === undefined ? '' : String(n.orderId) },
  });
  let tail = '';
  const keep = (chunk: Buffer) => { tail = (tail + chunk.toString('utf8')).slice(-2000); };
  // The handler's output is not the listener's: stdout stays for the log lines.
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.stdin.on('error', () => undefined); // a handler that does not read stdin is fine
  child.stdin.end(n.body);
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
      const why = timedOut ? `handler ran over ${Math.round(timeoutMs / 1000)} s` : signal ? `handler killed by ${signal}` : `handler exited ${code}`;
      resolve({ ok: false, ms, detail: last ? `${why}: ${last}` : why });
    });
  });
  return { outcome, kill: () => { child.kill('SIGTERM'); } };
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
