// Outgoing webhooks (spec 6, A11): POST `{event, timestamp, data}` with `X-Service-Event`;
// a 2xx within the time-out is success; any other status, a time-out or a network error is a
// failure, resent after 15 s, 1 min, 5 min and 30 min (× timeScale), at most 5 attempts;
// redirects are not followed (node:http never follows them).
// Sandbox deviation from spec 6.2.3: loopback and private addresses are allowed, since the
// receiver under test (`svc webhooks listen`) runs on 127.0.0.1.
import http from 'node:http';
import https from 'node:https';
import { LIMITS, WEBHOOK_RETRY_DELAYS_MS } from '../api/assumptions.js';

export interface DeliveryLogEntry {
  event: string;
  url: string;
  attempt: number;
  status: number | null; // null: time-out or network error
  error?: string;
  at: string;
}

export interface WebhookOptions {
  timeScale: number;
  now: () => string;
}

/** svc decision: the 10 s time-out scales with timeScale too, but never below 1 s. */
const MIN_TIMEOUT_MS = 1000;

export class WebhookEmitter {
  private endpoints: string[] = [];
  private readonly deliveries: DeliveryLogEntry[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<http.ClientRequest>();
  private active = 0; // attempts posted whose outcome (and retry) is not recorded yet
  private closed = false;

  constructor(private readonly opts: WebhookOptions) {}

  setEndpoints(urls: string[]): void {
    if (urls.length > LIMITS.webhooksActiveMax)
      throw new Error(`at most ${LIMITS.webhooksActiveMax} webhook endpoints`);
    for (const u of urls) {
      const p = new URL(u);
      if (p.protocol !== 'http:' && p.protocol !== 'https:') throw new Error(`not an http(s) URL: ${u}`);
    }
    this.endpoints = [...urls];
  }
  getEndpoints(): string[] {
    return [...this.endpoints];
  }
  log(): DeliveryLogEntry[] {
    return this.deliveries.slice();
  }
  clearLog(): void {
    this.deliveries.length = 0;
  }
  /** Attempts in progress plus retries scheduled: 0 once every notification is delivered or given up. */
  pending(): number {
    return this.active + this.timers.size;
  }

  /** Send one notification to every endpoint (spec 6.1). */
  emit(event: string, data: Record<string, unknown>): void {
    if (this.closed) return;
    const body = JSON.stringify({ event, timestamp: this.opts.now(), data });
    for (const url of this.endpoints) this.attempt(url, event, body, 1);
  }

  private attempt(url: string, event: string, body: string, attempt: number): void {
    if (this.closed) return;
    this.active++;
    this.post(url, event, body).then(
      ({ status, error }) => {
        this.active--;
        const ok = status !== null && status >= 200 && status < 300;
        const entry: DeliveryLogEntry = { event, url, attempt, status, at: this.opts.now() };
        if (error) entry.error = error;
        this.deliveries.push(entry);
        if (ok || attempt >= LIMITS.webhookAttempts || this.closed) return;
        const delay = Math.round(WEBHOOK_RETRY_DELAYS_MS[attempt - 1]! * this.opts.timeScale);
        const t = setTimeout(() => {
          this.timers.delete(t);
          this.attempt(url, event, body, attempt + 1);
        }, delay);
        this.timers.add(t);
      },
      () => undefined,
    );
  }

  private post(url: string, event: string, body: string): Promise<{ status: number | null; error?: string }> {
    const timeout = Math.max(MIN_TIMEOUT_MS, Math.round(LIMITS.webhookTimeoutMs * this.opts.timeScale));
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: { status: number | null; error?: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.requests.delete(req);
        resolve(r);
      };
      const target = new URL(url);
      const lib = target.protocol === 'https:' ? https : http;
      const req = lib.request(
        target,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-service-event': event,
            'user-agent': 'svc-sandbox-webhooks',
          },
        },
        (res) => {
          res.resume();
          done({ status: res.statusCode ?? null });
        },
      );
      const timer = setTimeout(() => {
        done({ status: null, error: 'timeout' });
        req.destroy();
      }, timeout);
      req.on('error', (e) => done({ status: null, error: e.message }));
      this.requests.add(req);
      req.end(body);
    });
  }

  /** Cancel pending retries (a reset). */
  cancelPending(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Cancel pending retries and abort deliveries in progress. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const r of this.requests) r.destroy();
    this.requests.clear();
  }
}
