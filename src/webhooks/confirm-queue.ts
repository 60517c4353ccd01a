// Which notification is confirmed when, and at what cost (issue 11). Anyone who finds the
// listener's URL can POST, and each confirmation is a request on the seller's account budget
// (spec 8: 60/min shared with every bulk job). So (numbers in decisions.ts):
// - the listener makes at most `lookupsPerMinute` requests (its share of the account budget);
// - a request that confirms nothing (404, another seller's order, a state that does not fit, a
//   list page with none of the waiting orders) is also charged to `unknownPerMinute`, and no
//   request is made without room there: forged traffic can never cost more than that. A request
//   that confirms a notification gives its unknown slot back;
// - notifications that arrive together are settled by one list request (the seller's recent
//   sales): every real sale among them is confirmed at once. A page is never a verdict on its
//   own (issue 21, spec 6.2.5): an order absent from it may be a sale created days before it was
//   paid, so it is looked up by id (within the budgets) before it is refused;
// - lookups by id go round the sender addresses in turn (issue 21): a forger's thousands of
//   waiting ids cannot push the service's own notification to the back of the line;
// - an order id refused by id is not looked up by id again for a while (doubling each time); a
//   new post of it only makes it eligible for the next list page. Its notification is forgotten,
//   never remembered as processed, so the real one is handed on when the sale happens;
// - a notification nothing confirms within `giveUpAfterMs` of its last post is given up (and
//   forgotten): a little longer than the service goes on resending (issue 21).
import { checkOrder, describeLookupError, type Order, type OrderCheck, type OrderSource } from './confirm.js';
import {
  BATCH_WINDOW_MS,
  CONFIRM_RETRY_MAX_MS,
  DEFAULT_CONFIRM_POLICY,
  MAX_REFUSED_IDS,
  NOT_YET_TRIES,
  PAGE_SHARE,
  type ConfirmPolicy,
} from './decisions.js';
import type { EventDef } from './events.js';

interface Waiting {
  key: string;
  def: EventDef;
  orderId: number;
  receivedAt: number;
  /** The address that posted it last (lookups by id go round the addresses). */
  from: string;
  /** When it was last posted: given up `giveUpAfterMs` after this. */
  lastSeenAt: number;
  /** When it (last) arrived: the list page waits BATCH_WINDOW_MS after the oldest fresh one. */
  addedAt: number;
  /** Not looked up by id before this (a refused id, a not-yet, a failed lookup). */
  notBefore: number;
  tries: number;
}

export interface ConfirmStats {
  /** Notifications waiting for confirmation. */
  backlog: number;
  lookups: number;
  pageLookups: number;
  /** Requests that confirmed nothing (charged to the unknown budget): what unknown senders cost. */
  unconfirmedLookups: number;
  confirmed: number;
  refused: number;
}

export interface ConfirmHandlers {
  confirmed(key: string, order: Order): void;
  refused(key: string, reason: string): void;
  /** A lookup could not be made (network, 5xx); it is tried again later. */
  deferred(key: string, detail: string): void;
}

/** At most N requests in any rolling minute: the listener's share, a hard ceiling. */
class MinuteBudget {
  private times: number[] = [];
  constructor(readonly perMinute: number) {}
  nextFree(now: number): number {
    this.times = this.times.filter((t) => t > now - 60_000);
    return this.times.length < this.perMinute ? now : Math.min(...this.times) + 60_000;
  }
  take(now: number): void {
    this.times.push(now);
  }
}

/**
 * N a minute, evenly spaced (a bucket of one token, refilled every 60/N s): the unknown senders'
 * budget. Spaced rather than N at once, so a flood that spends it delays a real sale by at most
 * 60/N s, not a minute; a request that confirmed something gives its token back.
 */
class SpacedBudget {
  private tokens = 1;
  private at = -Infinity;
  constructor(readonly perMinute: number) {}
  private refill(now: number): void {
    if (this.at === -Infinity) {
      this.at = now;
      return;
    }
    this.tokens = Math.min(1, this.tokens + ((now - this.at) * this.perMinute) / 60_000);
    this.at = now;
  }
  nextFree(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
  }
  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }
  giveBack(): void {
    this.tokens = Math.min(1, this.tokens + 1);
  }
}

export class ConfirmQueue {
  private readonly waiting = new Map<string, Waiting>();
  /** Waiting and not looked for in a list page since they arrived (or were posted again), oldest first. */
  private readonly fresh = new Set<Waiting>();
  private readonly lookups: MinuteBudget;
  private readonly unknown: SpacedBudget;
  /** When a lookup by id was last made for a notification of each sender address. */
  private readonly servedAt = new Map<string, number>();
  /** Order ids the service refused: not looked up by id again until `until`. */
  private readonly refusedIds = new Map<number, { until: number; times: number }>();
  private readonly abort = new AbortController();
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  private lastPageAt = -Infinity;
  private readonly pageEveryMs: number;
  private closed = false;
  private readonly counts = { lookups: 0, pageLookups: 0, unconfirmedLookups: 0, confirmed: 0, refused: 0 };

  constructor(
    private readonly source: OrderSource,
    private readonly handlers: ConfirmHandlers,
    readonly policy: ConfirmPolicy = DEFAULT_CONFIRM_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.lookups = new MinuteBudget(policy.lookupsPerMinute);
    this.unknown = new SpacedBudget(Math.min(policy.unknownPerMinute, policy.lookupsPerMinute));
    this.pageEveryMs = 60_000 / Math.max(1, Math.floor(policy.lookupsPerMinute * PAGE_SHARE));
  }

  get stats(): ConfirmStats {
    return { ...this.counts, backlog: this.waiting.size };
  }

  /** A notification to confirm; the same one posted again while it waits is looked for in the next list page. */
  add(w: { key: string; def: EventDef; orderId: number; receivedAt: number; from?: string }): void {
    if (this.closed) return;
    const now = this.now();
    // Under a flood, when a page is already due for two or more fresh notifications, one more
    // changes nothing: no need to work the queue out again (it would cost O(backlog) per post).
    const settled = this.running || (this.timer !== undefined && this.fresh.size >= 2);
    let x = this.waiting.get(w.key);
    if (x) {
      this.fresh.delete(x);
      x.addedAt = now;
      x.lastSeenAt = now;
      if (w.from !== undefined) x.from = w.from;
      // Kept in order of last post, so the oldest are given up first.
      this.waiting.delete(w.key);
      this.waiting.set(w.key, x);
    } else {
      const refused = this.refusedIds.get(w.orderId);
      const notBefore = refused && refused.until > now ? refused.until : now;
      x = { ...w, from: w.from ?? '', lastSeenAt: w.receivedAt, addedAt: now, notBefore, tries: 0 };
      this.waiting.set(w.key, x);
    }
    this.fresh.add(x);
    if (!settled) void this.pump();
  }

  has(key: string): boolean {
    return this.waiting.has(key);
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
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.wakeAt = Infinity;
        void this.pump();
      },
      Math.max(0, at - this.now()),
    );
  }

  private async pump(): Promise<void> {
    if (this.running || this.closed) return;
    this.running = true;
    try {
      while (!this.closed && this.waiting.size > 0) {
        const now = this.now();
        this.giveUp(now);
        const next = this.nextRequest(now);
        if (next.at > now) {
          this.wake(next.at);
          break;
        }
        if (next.kind === 'page') await this.confirmFromPage(now);
        else if (next.kind === 'id') await this.confirmById(next.w, now);
      }
    } finally {
      this.running = false;
    }
  }

  /** What to ask next, and when. Every request needs room in both budgets. */
  private nextRequest(
    now: number,
  ): { at: number; kind: 'page' } | { at: number; kind: 'id'; w: Waiting } | { at: number; kind: 'none' } {
    const budget = Math.max(this.lookups.nextFree(now), this.unknown.nextFree(now));
    // No request can go before the budget has room: work out which then (issue 21: looking
    // through thousands of waiting notifications on every post of a flood cost O(n²)).
    if (budget > now) return { at: budget, kind: 'none' };
    const fresh = this.fresh;
    const first = fresh.values().next().value as Waiting | undefined;
    // One fresh notification alone, in quiet times: its own lookup, at once.
    if (fresh.size === 1 && first!.notBefore <= now) return { at: budget, kind: 'id', w: first! };
    if (first) {
      // Several at once (a burst, a flood with real sales in it), or a refused id posted again:
      // one list page for all, once the burst is in, and not more often than pageEveryMs.
      const pageAt = Math.max(
        this.lastPageAt + this.pageEveryMs,
        fresh.size >= 100 ? 0 : first.addedAt + BATCH_WINDOW_MS,
      );
      const suspect = pageAt <= now ? undefined : this.dueSuspect(now);
      if (!suspect) return { at: Math.max(budget, pageAt), kind: 'page' };
      return { at: budget, kind: 'id', w: suspect };
    }
    const suspect = this.dueSuspect(now);
    if (suspect) return { at: budget, kind: 'id', w: suspect };
    let at = Infinity;
    for (const w of this.waiting.values()) at = Math.min(at, w.notBefore);
    return { at, kind: 'none' };
  }

  /**
   * A notification a page did not settle, whose lookup by id is due: the oldest of the sender
   * address whose last lookup that confirmed nothing is the longest ago (issue 21), so every
   * sender gets its turn and a sender whose notifications prove real keeps it.
   */
  private dueSuspect(now: number): Waiting | undefined {
    const firstOf = new Map<string, Waiting>();
    for (const w of this.waiting.values())
      if (w.notBefore <= now && !this.fresh.has(w) && !firstOf.has(w.from)) firstOf.set(w.from, w);
    let best: Waiting | undefined;
    let bestAt = Infinity;
    for (const [from, w] of firstOf) {
      const at = this.servedAt.get(from) ?? -Infinity;
      if (best === undefined || at < bestAt) {
        best = w;
        bestAt = at;
      }
    }
    return best;
  }

  /** One list request: every waiting notification whose order is a recent sale is settled. */
  private async confirmFromPage(now: number): Promise<void> {
    const waiting = [...this.waiting.values()];
    let oldest = now;
    for (const w of waiting) oldest = Math.min(oldest, w.receivedAt);
    const fromDay = new Date(oldest - 24 * 60 * 60_000).toISOString().slice(0, 10);
    this.take(now);
    this.lastPageAt = now;
    let page: Awaited<ReturnType<typeof this.source.recentSales>>;
    try {
      page = await this.source.recentSales(fromDay, this.abort.signal);
    } catch (err) {
      this.counts.lookups++;
      this.unknown.giveBack(); // a failure to ask is not the senders' doing
      if (describeLookupError(err) === undefined) return; // shutting down
      this.fresh.clear(); // tried by id instead, within budget
      return;
    }
    for (let i = 1; i < page.requests; i++) this.lookups.take(now);
    this.counts.lookups += page.requests;
    this.counts.pageLookups += page.requests;
    const byId = new Map<number, Order>();
    for (const o of page.orders) if (typeof o.id === 'number') byId.set(o.id, o);
    let confirmedAny = false;
    for (const w of waiting) {
      if (!this.waiting.has(w.key)) continue;
      const order = byId.get(w.orderId);
      if (order) {
        confirmedAny = this.settle(w, checkOrder(w.def, w.orderId, order), false) || confirmedAny;
      } else {
        // Not among the recent sales: forged, or a sale created days before it was paid (issue
        // 21). Never refused by inference: looked up by id, within the budgets.
        this.fresh.delete(w);
      }
    }
    this.charge(now, confirmedAny, page.requests);
  }

  /** One lookup by id; the answer settles every notification waiting on that order. */
  private async confirmById(w: Waiting, now: number): Promise<void> {
    this.take(now);
    this.counts.lookups++;
    let order: Order | undefined;
    try {
      order = await this.source.getOrder(w.orderId, this.abort.signal);
    } catch (err) {
      this.unknown.giveBack();
      const detail = describeLookupError(err);
      if (detail === undefined) return;
      this.settle(w, { status: 'error', detail: `cannot confirm order ${w.orderId}: ${detail}` }, true);
      return;
    }
    let confirmedAny = false;
    for (const x of [...this.waiting.values()].filter((y) => y.orderId === w.orderId)) {
      const check: OrderCheck =
        order === undefined
          ? { status: 'refused', detail: `order ${x.orderId} does not exist or belongs to another seller (404)` }
          : checkOrder(x.def, x.orderId, order);
      confirmedAny = this.settle(x, check, true) || confirmedAny;
    }
    // An address goes to the back of the line only when its lookup confirmed nothing: while its
    // notifications prove real (the service's), it keeps its turn.
    if (!confirmedAny) {
      this.servedAt.delete(w.from);
      this.servedAt.set(w.from, now);
      if (this.servedAt.size > MAX_REFUSED_IDS) this.servedAt.delete(this.servedAt.keys().next().value!);
    }
    this.charge(now, confirmedAny, 1);
  }

  private take(now: number): void {
    this.lookups.take(now);
    this.unknown.take(now);
  }

  /** A request that confirmed something gives its unknown slot back; one that did not counts against it. */
  private charge(_now: number, confirmedAny: boolean, requests: number): void {
    if (confirmedAny) this.unknown.giveBack();
    else this.counts.unconfirmedLookups += requests;
  }

  /** True when confirmed. */
  private settle(w: Waiting, check: OrderCheck, byId: boolean): boolean {
    const now = this.now();
    if (check.status === 'confirmed') {
      this.forget(w);
      this.refusedIds.delete(w.orderId);
      this.counts.confirmed++;
      this.handlers.confirmed(w.key, check.order);
      return true;
    }
    if (check.status === 'refused' || (check.status === 'not-yet' && w.tries + 1 >= NOT_YET_TRIES)) {
      this.forget(w);
      if (byId) this.rememberRefused(w.orderId, now);
      this.counts.refused++;
      this.handlers.refused(
        w.key,
        check.status === 'refused' ? check.detail : `${check.detail} after ${w.tries + 1} tries`,
      );
      return false;
    }
    // Not yet, or could not ask: again after a backoff (2 s doubling).
    w.tries++;
    w.notBefore = now + Math.min(CONFIRM_RETRY_MAX_MS, 2_000 * 2 ** (w.tries - 1));
    this.fresh.delete(w);
    if (check.status === 'error') this.handlers.deferred(w.key, check.detail);
    return false;
  }

  private forget(w: Waiting): void {
    this.waiting.delete(w.key);
    this.fresh.delete(w);
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
    // The map is in order of last post: the oldest come first.
    for (const w of this.waiting.values()) {
      if (now - w.lastSeenAt < this.policy.giveUpAfterMs) break;
      this.forget(w);
      this.counts.refused++;
      this.handlers.refused(
        w.key,
        `order ${w.orderId} not confirmed within ${Math.round(this.policy.giveUpAfterMs / 60_000)} min`,
      );
    }
  }
}
