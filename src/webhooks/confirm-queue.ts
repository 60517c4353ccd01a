// Which notification is confirmed when, and at what cost (on svc's clock). Anyone who finds the listener's URL
// can POST, and each confirmation is a request on the account budget (spec 8: 60/min shared with every bulk
// job). So (numbers in decisions.ts): - the listener makes at most `lookupsPerMinute` requests (its share);
// - a request that confirms nothing (404, another seller's order, a state that does not fit, a
//   list page with none of the waiting orders) is also charged to `unknownPerMinute`, and no
//   request is made without room there: forged traffic can never cost more than that. A request
//   that confirms a notification gives its unknown slot back;
// - notifications that arrive together are settled by one list request (the seller's recent
//   sales): every real sale among them is confirmed at once. A page is never a verdict on its
//   own (spec 6.2.5): an order absent from it may be a sale created days before it was
//   paid, so it is looked up by id (within the budgets) before it is refused;
// - lookups by id go round the sender addresses in turn: a forger's thousands of waiting ids
//   cannot push the service's own notification to the back of the line;
// - an id refused (on its own route: order, mediation, listing) is not looked up again for a
//   while; a new post of it only makes it eligible for the next list page. Its notification is
//   forgotten, never remembered as processed, so the real one is handed on when the sale happens;
// - a notification nothing confirms within `giveUpAfterMs` of its last post is given up (and
//   forgotten): a little longer than the service goes on resending. Times are svc's clock's.
import { LISTING_EVENT_QUIET_MS } from '../api/assumptions.js';
import { nowMs, realDelayMs } from '../api/clock.js';
import {
  type ConfirmRoute,
  verdictOf,
  checkOrder,
  describeLookupError,
  type Looked,
  type Order,
  type OrderCheck,
  type OrderSource,
  type ConfirmHandlers,
  type ConfirmStats,
  retryAfterMsOf,
} from './confirm.js';
import {
  BATCH_WINDOW_MS,
  CONFIRM_RETRY_MAX_MS,
  DEFAULT_CONFIRM_POLICY,
  MAX_REFUSED_IDS,
  NOT_YET_TRIES,
  PAGE_SHARE,
  type ConfirmPolicy,
} from './decisions.js';
import { Bounded, MinuteBudget, RefusedIds, SpacedBudget } from './confirm-budgets.js';
import type { EventDef } from './events.js';

interface Waiting {
  key: string;
  def: EventDef;
  /** Which route confirms it; only orders are looked for in a list page. */
  route: ConfirmRoute;
  /** The id that route takes: the order's (order and mediation events) or the listing's. */
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

export class ConfirmQueue {
  private readonly waiting = new Map<string, Waiting>();
  /** Waiting and not looked for in a list page since they arrived (or were posted again), oldest first. */
  private readonly fresh = new Set<Waiting>();
  private readonly lookups: MinuteBudget;
  private readonly unknown: SpacedBudget;
  /** When a lookup by id was last made for a notification of each sender address. */
  private readonly servedAt = new Bounded<string, number>(MAX_REFUSED_IDS);
  /** Ids (`route:id`) the service refused: not looked up by id again until `until`. */
  private readonly refusedIds = new RefusedIds(MAX_REFUSED_IDS);
  /** Listing events confirmed lately (`event:id` → until): not looked up again before then. */
  private readonly quiet = new Bounded<string, number>(MAX_REFUSED_IDS);
  /** Sender addresses whose notifications the service backed up: their lookups go first. */
  private readonly genuine = new Bounded<string, true>(MAX_REFUSED_IDS);
  /** The service asked to wait until then (spec 7.3 Retry-After, a DAILY_LIMIT): no request before. */
  private pausedUntil = -Infinity;
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
    private readonly now: () => number = nowMs,
  ) {
    this.lookups = new MinuteBudget(policy.lookupsPerMinute);
    this.unknown = new SpacedBudget(Math.min(policy.unknownPerMinute, policy.lookupsPerMinute), policy.unknownPerDay);
    this.pageEveryMs = 60_000 / Math.max(1, Math.floor(policy.lookupsPerMinute * PAGE_SHARE));
  }

  get stats(): ConfirmStats {
    const starved = this.starved(this.now());
    return { ...this.counts, backlog: this.waiting.size, ...(starved ? { starved } : {}) };
  }

  /** Why confirmations cannot be made now, if they cannot (the listener's /healthz says it). */
  private starved(now: number): string | undefined {
    if (this.pausedUntil > now)
      return `the service asked to wait until ${new Date(this.pausedUntil).toISOString()} (Retry-After)`;
    if (this.waiting.size > 0 && this.unknown.dayFree(now) > now)
      return "the day's room for lookups that confirm nothing is spent (a flood of unconfirmable posts)";
    return undefined;
  }

  /** A notification to confirm; the same one posted again while it waits is looked for in the next list page. */
  add(w: {
    key: string;
    def: EventDef;
    orderId: number;
    receivedAt: number;
    from?: string;
    route?: ConfirmRoute;
  }): void {
    if (this.closed) return;
    const now = this.now();
    const route = w.route ?? 'order';
    const quietUntil = this.quiet.get(`${w.def.name}:${w.orderId}`);
    if (route === 'listing' && quietUntil !== undefined && quietUntil > now && !this.waiting.has(w.key)) {
      // Said already, moments ago: no request, nothing handed on again.
      this.counts.refused++;
      this.handlers.refused(w.key, `${w.def.name} of listing ${w.orderId} was confirmed lately; not looked up again`);
      return;
    }
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
      const refused = this.refusedIds.get(`${route}:${w.orderId}`);
      const notBefore = Math.max(refused && refused.until > now ? refused.until : now, this.pausedUntil);
      x = { ...w, route, from: w.from ?? '', lastSeenAt: w.receivedAt, addedAt: now, notBefore, tries: 0 };
      this.waiting.set(w.key, x);
    }
    // Only orders are on a list page; the others are looked up by their own route.
    if (x.route === 'order') this.fresh.add(x);
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
      Math.max(0, realDelayMs(at - this.now())),
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
    const budget = Math.max(this.lookups.nextFree(now), this.unknown.nextFree(now), this.pausedUntil);
    // No request can go before the budget has room: work out which then (looking
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
   * address whose last lookup that confirmed nothing is the longest ago, so every
   * sender gets its turn and a sender whose notifications prove real keeps it.
   */
  private dueSuspect(now: number): Waiting | undefined {
    const firstOf = new Map<string, Waiting>();
    for (const w of this.waiting.values())
      if (w.notBefore <= now && !this.fresh.has(w) && !firstOf.has(w.from)) firstOf.set(w.from, w);
    let best: Waiting | undefined;
    let bestAt = Infinity;
    for (const [from, w] of firstOf) {
      // A sender the service has backed up before goes ahead of every other (its turn kept).
      const at = this.genuine.has(from) ? -Infinity : (this.servedAt.get(from) ?? -Infinity);
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
    for (const w of waiting) if (w.route === 'order') oldest = Math.min(oldest, w.receivedAt);
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
      this.pauseFor(err, now);
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
      if (!this.waiting.has(w.key) || w.route !== 'order') continue;
      const order = byId.get(w.orderId);
      if (order) {
        confirmedAny = this.settle(w, checkOrder(w.def, w.orderId, order, now), false) || confirmedAny;
      } else {
        // Not among the recent sales: forged, or a sale created days before it was paid (issue
        // 21). Never refused by inference: looked up by id, within the budgets.
        this.fresh.delete(w);
      }
    }
    this.charge(now, confirmedAny, page.requests);
  }

  /** One lookup by id on the notification's own route; the answer settles every notification waiting on it. */
  private async confirmById(w: Waiting, now: number): Promise<void> {
    this.take(now);
    let looked: Looked;
    try {
      looked =
        w.route === 'order'
          ? await this.source.getOrder(w.orderId, this.abort.signal).then((order) => ({
              value: order ? { thing: order } : undefined,
              requests: 1,
            }))
          : await this.source.getThing(w.route, w.orderId, this.abort.signal);
    } catch (err) {
      this.counts.lookups++;
      this.unknown.giveBack();
      const detail = describeLookupError(err);
      if (detail === undefined) return;
      this.pauseFor(err, now);
      this.settle(w, { status: 'error', detail: `cannot confirm ${w.def.name} ${w.orderId}: ${detail}` }, true);
      return;
    }
    for (let i = 1; i < looked.requests; i++) this.lookups.take(now);
    this.counts.lookups += looked.requests;
    let confirmedAny = false;
    for (const x of [...this.waiting.values()].filter((y) => y.orderId === w.orderId && y.route === w.route))
      confirmedAny = this.settle(x, this.check(x, looked, now), true) || confirmedAny;
    // An address goes to the back of the line only when its lookup confirmed nothing: while its
    // notifications prove real (the service's), it keeps its turn and goes first.
    if (confirmedAny) this.genuine.set(w.from, true);
    else {
      this.genuine.delete(w.from);
      this.servedAt.set(w.from, now);
    }
    this.charge(now, confirmedAny, looked.requests);
  }

  private check(x: Waiting, looked: Looked, now: number): OrderCheck {
    const check = verdictOf(x.route, x.def, x.orderId, looked, now);
    if (x.route === 'listing' && check.status === 'confirmed') {
      this.quiet.set(`${x.def.name}:${x.orderId}`, now + LISTING_EVENT_QUIET_MS);
    }
    return check;
  }

  /** The service asked to wait (spec 7.3): no confirmation request before then, whatever waits. */
  private pauseFor(err: unknown, now: number): void {
    const ms = retryAfterMsOf(err);
    if (ms !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + ms);
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
      this.refusedIds.delete(`${w.route}:${w.orderId}`);
      this.counts.confirmed++;
      this.handlers.confirmed(w.key, check.order);
      return true;
    }
    if (check.status === 'refused' || (check.status === 'not-yet' && w.tries + 1 >= NOT_YET_TRIES)) {
      this.forget(w);
      if (byId) this.refusedIds.refused(`${w.route}:${w.orderId}`, now, this.policy);
      this.counts.refused++;
      this.handlers.refused(
        w.key,
        check.status === 'refused' ? check.detail : `${check.detail} after ${w.tries + 1} tries`,
      );
      return false;
    }
    // Not yet, or could not ask: again after a backoff (2 s doubling).
    w.tries++;
    w.notBefore = Math.max(now + Math.min(CONFIRM_RETRY_MAX_MS, 2_000 * 2 ** (w.tries - 1)), this.pausedUntil);
    this.fresh.delete(w);
    if (check.status === 'error') this.handlers.deferred(w.key, check.detail);
    return false;
  }

  private forget(w: Waiting): void {
    this.waiting.delete(w.key);
    this.fresh.delete(w);
  }

  /** Nothing confirmed it in time: forgotten, like a refusal. */
  private giveUp(now: number): void {
    // The map is in order of last post: the oldest come first. While the service asks us to wait
    // (Retry-After), nothing is given up: the time counts from the end of the wait.
    for (const w of this.waiting.values()) {
      if (now - Math.max(w.lastSeenAt, this.pausedUntil) < this.policy.giveUpAfterMs) break;
      this.forget(w);
      this.counts.refused++;
      this.handlers.refused(
        w.key,
        `order ${w.orderId} not confirmed within ${Math.round(this.policy.giveUpAfterMs / 60_000)} min`,
      );
    }
  }
}
