// `shop run`'s schedule: one pass at a time. A confirmed sale runs its listing's
// steps at once (after the pass in progress); the full pass runs at start, then on a timer tick
// (`everyMs`, shop.yaml's `every:`) when `passDue` says the account's day allows it.
// Work that arrives during a pass is merged: a burst of sales of one listing is one more pass.
// A pass that throws is reported and the loop goes on; stop() waits for the pass in flight.
import { nowMs, realDelayMs } from '../api/clock.js';
import { asFeature } from '../api/feature.js';
import type { Order } from '../api/responses.js';
import type { PassResult, ShopRunner } from './runner.js';

export interface LoopEvents {
  passed(kind: 'full' | 'listing', r: PassResult): void;
  failed(kind: 'full' | 'listing', err: unknown): void;
  /**
   * How long passes must wait now (ms; 0: go): the account's day is spent (spec 8, A8 DAILY_LIMIT
   * until 00:00 UTC). Work that comes meanwhile is kept and runs once the wait is over.
   */
  holdMs?(): number;
  /** Whether the periodic pass is due `sinceMs` after the last (the account's day may ask for fewer). */
  passDue?(sinceMs: number): boolean;
}

/** Order ids remembered for that (a day of a busy seller); the periodic pass covers anything older. */
const SEEN_KEPT = 5_000;
/** setTimeout's longest wait (about 24.8 days); a longer hold is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class ShopLoop {
  private chain: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private holdTimer?: NodeJS.Timeout;
  private fullQueued = false;
  private readonly listings = new Set<number>();
  private readonly sales: Order[] = [];
  /** Orders whose steps ran: `sale.processing` and `order.delivered` of one sale are one pass (spec 6.3). */
  private readonly seen = new Set<number>();
  private scheduled = false;
  private lastFullAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly runner: ShopRunner,
    private readonly everyMs: number,
    private readonly events: LoopEvents,
  ) {}

  start(): void {
    this.full();
    this.timer = setInterval(() => {
      if (this.events.passDue?.(nowMs() - this.lastFullAt) ?? true) this.full();
    }, realDelayMs(this.everyMs));
    this.timer.unref?.();
  }

  /** A confirmed sale (its order as the service returned it). */
  sale(order: Order): void {
    if (order.productId === undefined || order.productId === null) return;
    if (this.seen.has(order.id)) return;
    this.seen.add(order.id);
    if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value!);
    this.sales.push(order);
    this.listing(order.productId);
  }

  /** Something happened to a listing (out of stock): its steps now. */
  listing(id: number): void {
    this.listings.add(id);
    this.schedule();
  }

  full(): void {
    this.fullQueued = true;
    this.schedule();
  }

  /** Resolves when every queued pass is done. */
  idle(): Promise<void> {
    return this.chain;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.holdTimer) clearTimeout(this.holdTimer);
    await this.chain;
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    this.chain = this.chain.then(() => this.runOnce());
  }

  private async runOnce(): Promise<void> {
    this.scheduled = false;
    if (this.stopped) return;
    const hold = this.events.holdMs?.() ?? 0;
    if (hold > 0) {
      // Nothing is asked of the service until the quota resets; what is queued stays queued.
      if (this.holdTimer) clearTimeout(this.holdTimer);
      this.holdTimer = setTimeout(() => this.schedule(), Math.min(realDelayMs(hold), MAX_TIMER_MS));
      this.holdTimer.unref?.();
      return;
    }
    const full = this.fullQueued;
    const only = new Set(this.listings);
    const sales = this.sales.splice(0);
    this.fullQueued = false;
    this.listings.clear();
    const kind = full ? 'full' : 'listing';
    if (full) this.lastFullAt = nowMs();
    try {
      // A burst of sales is one pass for their listings, each sale told once.
      const pass = () => this.runner.pass({ mode: 'send', ...(full ? {} : { only }), sales });
      const r = await asFeature(full ? 'shop pass' : 'shop sale', pass);
      this.events.passed(kind, r);
    } catch (err) {
      this.events.failed(kind, err);
    }
    if (this.fullQueued || this.listings.size > 0) this.schedule();
  }
}
