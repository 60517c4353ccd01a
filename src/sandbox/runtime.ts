// Everything one running sandbox holds, handed to the server, the handlers and the control
// routes. `data` is the persisted part; the rest lives only while the process runs.
import { SandboxClock } from './clock.js';
import { FaultQueue } from './faults.js';
import { IdempotencyStore } from './idempotency.js';
import { RateLimiter, type RateLimits } from './rate-limit.js';
import { RequestLog } from './request-log.js';
import { SEED_IDS, seedData } from './seed.js';
import type { DemoKeys, SandboxData } from './state.js';
import { WebhookEmitter } from './webhooks.js';
import { IDEMPOTENCY_TTL_MS } from '../api/assumptions.js';

export interface RuntimeOptions {
  timeScale: number;
  rateLimit?: Partial<RateLimits>;
  seed: boolean;
  keys: DemoKeys;
  data?: SandboxData; // loaded from the data file
  log?: (line: string) => void;
}

export class Runtime {
  data: SandboxData;
  readonly timeScale: number;
  readonly clock: SandboxClock;
  readonly rates: RateLimiter;
  readonly idem: IdempotencyStore;
  readonly faults = new FaultQueue();
  readonly requests = new RequestLog();
  readonly webhooks: WebhookEmitter;
  readonly log?: (line: string) => void;
  onChange: () => void = () => undefined;

  constructor(private readonly opts: RuntimeOptions) {
    this.timeScale = opts.timeScale;
    this.data = opts.data ?? seedData(opts.keys, opts.seed);
    this.clock = new SandboxClock(() => this.data.clockOffsetMs);
    this.rates = new RateLimiter(opts.rateLimit, opts.timeScale);
    this.idem = new IdempotencyStore(() => this.data, Math.max(1, Math.round(IDEMPOTENCY_TTL_MS * opts.timeScale)));
    this.webhooks = new WebhookEmitter({ timeScale: opts.timeScale, now: () => this.clock.iso() });
    this.log = opts.log;
  }

  /** Scale a duration of the spec by timeScale (rate windows, answer limits, retry delays). */
  scaled(ms: number): number {
    return Math.max(1, Math.round(ms * this.timeScale));
  }

  /** `POST /_sandbox/reset`: back to the seed with the same demo keys; logs and counters cleared. */
  reset(): void {
    this.data = seedData(this.opts.keys, this.opts.seed);
    this.clock.runAt(1, 0); // the offset went with the data; real time again
    this.rates.reset();
    this.idem.clearInFlight();
    this.faults.clear();
    this.requests.clear();
    this.webhooks.cancelPending();
    this.webhooks.clearLog();
    this.onChange();
  }

  /** Emit an event of `sellerId`'s account: only the main account has webhook endpoints. */
  emit(sellerId: number, event: string, data: Record<string, unknown>): void {
    if (sellerId !== this.mainAccountId()) return;
    this.webhooks.emit(event, data);
  }

  mainAccountId(): number {
    return SEED_IDS.accounts.main;
  }
}
