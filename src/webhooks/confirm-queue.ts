// Which notification is confirmed when, and at what cost (issue 11). Anyone who finds the
// listener's URL can POST, and each confirmation is a request on the seller's account budget
// (spec 8: 60/min shared with every bulk job). So:
// - the listener uses at most `lookupsPerMinute` requests (its share of the account budget);
// - lookups that end in a refusal (forged, another seller's) come out of a smaller budget,
//   `unknownPerMinute`: forged traffic can never take more than that;
// - when several notifications wait, one list request (the seller's recent sales) confirms
//   every real recent sale among them at once, so genuine sales go first and cost little;
// - an order id that was refused is not looked up again for a while (doubling each time), but
//   its notification is kept, never dropped: if the sale becomes real, it is confirmed later;
// - a notification nothing confirms within `giveUpAfterMs` is given up (and forgotten).
import type { EventDef } from './events.js';
import { checkOrder, describeLookupError, type Order, type OrderCheck, type OrderSource } from './confirm.js';

export interface ConfirmPolicy {
  lookupsPerMinute: number;
  unknownPerMinute: number;
  refuseForMs: number;
  maxRefuseForMs: number;
  giveUpAfterMs: number;
}

/** svc decisions, documented in `svc webhooks listen --help` and docs/DECISIONS.md. */
export const DEFAULT_CONFIRM_POLICY: ConfirmPolicy = {
  lookupsPerMinute: 20, // a third of v2's 60/min (spec 8): bulk jobs keep the rest
  unknownPerMinute: 4,
  refuseForMs: 30_000,
  maxRefuseForMs: 30 * 60_000,
  giveUpAfterMs: 60 * 60_000,
};

const MAX_REFUSED_IDS = 10_000;
const NOT_YET_TRIES = 10;
/** Notifications arriving together are confirmed by one list page: it waits this long for them. */
const BATCH_WINDOW_MS = 250;

export interface Waiting {
  key: string;
  def: EventDef;
  orderId: number;
  receivedAt: number;
  addedAt: number;
  notBefore: number;
  /** Looked for in a list page and not there: only a lookup by id can confirm it now. */
  missedInPage: boolean;
  tries: number;
}

export interface ConfirmStats {
  backlog: number;
  lookups: number;
  pageLookups: number;
  /** Lookups by id that ended in a refusal: what unknown senders cost the account. */
  refusedLookups: number;
  confirmed: number;
  refused: number;
}

export interface ConfirmHandlers {
  confirmed(key: string, order: Order): void;
  refused(key: string, reason: string): void;
  /** A lookup could not be made (network, 5xx); it is tried again later. */
  deferred(key: string, detail: string): void;
}

/** At most N events per rolling minute. */
class MinuteBudget {
  private readonly times: number[] = [];
  constructor(readonly perMinute: number) {}
  nextFree(now: number): number {
    while (this.times.length > 0 && this.times[0]! <= now - 60_000) this.times.shift();
    return this.times.length < this.perMinute ? now : this.times[0]! + 60_000;
  }
  take(now: number): void {
    this.times.push(now);
  }
}

export class ConfirmQueue {
  private readonly waiting = new Map<string, Waiting>();
  private readonly lookups: MinuteBudget;
  private readonly unknown: MinuteBudget;
  /** Order ids the service refused: not looked up again until `until`. */
  private readonly refusedIds = new Map<number, { until: number; times: number }>();
  private readonly abort = new AbortController();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  private lastPageAt = -Infinity;
  /** List pages take at most half the listener's lookups; lookups by id keep the rest. */
  private readonly pageEveryMs: number;
  private closed = false;
  private readonly counts = { lookups: 0, pageLookups: 0, refusedLookups: 0, confirmed: 0, refused: 0 };

  constructor(
    private readonly source: OrderSource,
    private readonly handlers: ConfirmHandlers,
    readonly policy: ConfirmPolicy = DEFAULT_CONFIRM_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.lookups = new MinuteBudget(policy.lookupsPerMinute);
    this.unknown = new MinuteBudget(policy.unknownPerMinute);
    this.pageEveryMs = 60_000 / Math.max(1, Math.floor(policy.lookupsPerMinute / 2));
  }

  get stats(): ConfirmStats {
    return { ...this.counts, backlog: this.waiting.size };
  }

  add(w: { key: string; def: EventDef; orderId: number; receivedAt: number }): void {
    if (this.closed || this.waiting.has(w.key)) return;
    const refused = this.refusedIds.get(w.orderId);
    // A refused id is not looked up again for a while; a list page can still confirm it.
    const notBefore = refused && refused.until > this.now() ? refused.until : this.now();
    this.waiting.set(w.key, { ...w, addedAt: this.now(), notBefore, missedInPage: false, tries: 0 });
        void this.pump();
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
  }

  private wake(at: number): void {
    if (this.closed || at >= this.wakeAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.wakeAt = Infinity;
      void this.pump();
    }, Math.max(0, at - this.now()));
  }

  private async pump(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      while (!this.closed && this.waiting.size > 0) {
        const now = this.now();
        this.giveUp(now);
        const due = [...this.waiting.values()].filter((w) => w.notBefore <= now);
        if (due.length === 0) {
          this.wake(Math.min(...[...this.waiting.values()].map((w) => w.notBefore)));
          break;
        }
        const slot = this.lookups.nextFree(now);
        if (slot > now) { this.wake(slot); break; }
        const unchecked = due.filter((w) => !w.missedInPage);
        const suspects = due.filter((w) => w.missedInPage);
        const unknownSlot = this.unknown.nextFree(now);
        if (unchecked.length >= 2 || (unchecked.length === 1 && unknownSlot > now)) {
          // Several at once (a burst, or a flood with real sales in it): one list page for all,
          // once the burst is in and not more often than pageEveryMs.
          const pageAt = Math.max(this.lastPageAt + this.pageEveryMs, Math.min(...unchecked.map((w) => w.addedAt)) + BATCH_WINDOW_MS);
          if (pageAt <= now || unchecked.length >= 100) {
            await this.confirmFromPage(now);
            continue;
          }
          if (suspects.length === 0 || unknownSlot > now) { this.wake(Math.min(pageAt, suspects.length ? unknownSlot : pageAt)); break; }
          await this.confirmById(suspects[0]!, now);
          continue;
        }
        if (unknownSlot > now) {
          // Only suspects are left, and their budget is spent: they wait for it.
          for (const w of due) w.notBefore = unknownSlot;
          continue;
        }
        await this.confirmById(due[0]!, now);
      }
    } finally {
      this.running = false;
          }
  }

  /** One list request: every waiting notification whose order is a recent sale is settled. */
  private async confirmFromPage(now: number): Promise<void> {
    const oldest = Math.min(...[...this.waiting.values()].map((w) => w.receivedAt));
    const fromDay = new Date(oldest - 24 * 60 * 60_000).toISOString().slice(0, 10);
    this.lookups.take(now);
    this.lastPageAt = now;
    let orders: Order[];
    try {
      const r = await this.source.recentSales(fromDay, this.abort.signal);
      orders = r.orders;
      for (let i = 1; i < r.requests; i++) this.lookups.take(now);
      this.counts.lookups += r.requests;
      this.counts.pageLookups += r.requests;
    } catch (err) {
      this.counts.lookups++;
      const detail = describeLookupError(err);
      if (detail === undefined) return; // shutting down
      // The page could not be read: everyone waiting is tried by id instead, within budget.
      for (const w of this.waiting.values()) w.missedInPage = true;
      return;
    }
    const byId = new Map<number, Order>();
    for (const o of orders) if (typeof o.id === 'number') byId.set(o.id, o);
    for (const w of [...this.waiting.values()]) {
      const order = byId.get(w.orderId);
      if (order) this.settle(w, checkOrder(w.def, w.orderId, order), false);
      else w.missedInPage = true;
    }
  }

  /** One lookup by id; a refusal is charged to the unknown senders' budget. */
  private async confirmById(w: Waiting, now: number): Promise<void> {
    this.lookups.take(now);
    this.counts.lookups++;
    let check: OrderCheck;
    try {
      const order = await this.source.getOrder(w.orderId, this.abort.signal);
      check = order === undefined
        ? { status: 'refused', detail: `order ${w.orderId} does not exist or belongs to another seller (404)` }
        : checkOrder(w.def, w.orderId, order);
    } catch (err) {
      const detail = describeLookupError(err);
      if (detail === undefined) return;
      check = { status: 'error', detail: `cannot confirm order ${w.orderId}: ${detail}` };
    }
    if (check.status === 'refused') {
      this.unknown.take(now);
      this.counts.refusedLookups++;
    }
    this.settle(w, check, true);
  }

  private settle(w: Waiting, check: OrderCheck, byId: boolean): void {
    const now = this.now();
    if (check.status === 'confirmed') {
      this.waiting.delete(w.key);
      this.refusedIds.delete(w.orderId);
      this.counts.confirmed++;
      this.handlers.confirmed(w.key, check.order);
      return;
    }
    if (check.status === 'refused') {
      this.waiting.delete(w.key);
      this.rememberRefused(w.orderId, now);
      this.counts.refused++;
      this.handlers.refused(w.key, check.detail);
      return;
    }
    w.tries++;
    if (check.status === 'not-yet' && w.tries >= NOT_YET_TRIES) {
      this.waiting.delete(w.key);
      this.counts.refused++;
      this.handlers.refused(w.key, `${check.detail} after ${w.tries} tries`);
      return;
    }
    // Not yet, or could not ask: again after a backoff (2 s doubling, at most 1 min).
    w.notBefore = now + Math.min(60_000, 2_000 * 2 ** (w.tries - 1));
    if (!byId) w.missedInPage = false;
    if (check.status === 'error') this.handlers.deferred(w.key, check.detail);
  }

  private rememberRefused(orderId: number, now: number): void {
    const prev = this.refusedIds.get(orderId);
    const times = (prev?.times ?? 0) + 1;
    const ttl = Math.min(this.policy.maxRefuseForMs, this.policy.refuseForMs * 2 ** (times - 1));
    this.refusedIds.delete(orderId);
    this.refusedIds.set(orderId, { until: now + ttl, times });
    if (this.refusedIds.size > MAX_REFUSED_IDS) this.refusedIds.delete(this.refusedIds.keys().next().value!);
  }

  /** Nothing confirmed it in time: forgotten, like a refusal. */
  private giveUp(now: number): void {
    for (const w of [...this.waiting.values()]) {
      if (now - w.receivedAt < this.policy.giveUpAfterMs) continue;
      this.waiting.delete(w.key);
      this.counts.refused++;
      this.handlers.refused(w.key, `order ${w.orderId} not confirmed within ${Math.round(this.policy.giveUpAfterMs / 60_000)} min`);
    }
  }
}
