// The runner: one pass over the rules (all of them for `shop sync` and `shop run`'s
// periodic pass; one listing's for a confirmed sale): announce new sales, refill each rule below
// its minimum to its target, reactivate or deactivate through bulk-status, tell new alerts.
// Planning (`--dry-run`) runs the same code with nothing sent: refills planned, status changes
// and notices listed. Notices are only queued here (the outbox sends them), never awaited.
import { STOCK_LEVELS } from '../api/assumptions.js';
import { nowMs } from '../api/clock.js';
import { errorValue } from '../api/errors.js';
import type { Order } from '../api/responses.js';
import type { Notice } from '../notify/notice.js';
import type { ShopConfig, ShopRule } from './config.js';
import type { ShopMemory } from './memory.js';
import { ruleNotice, saleNotice, stuckNotice } from './notices.js';

/** A sale still `processing` this long after it was made is told as stuck (auto-delivery is immediate). */
const STUCK_AFTER_MS = 60 * 60_000;
import { alertsFor, needsRefill, pace, statusFor } from './plan.js';
import type { ListingView, RefillReport, RuleOutcome, ShopActions, StatusResult } from './types.js';

export interface PassOptions {
  mode: 'send' | 'plan';
  /** Only the rules of these listings (a confirmed sale's). */
  only?: ReadonlySet<number>;
  /** Confirmed sales from the webhook receiver: announced at once (once, whatever path saw them first). */
  sales?: Order[];
}

export interface PassResult {
  outcomes: RuleOutcome[];
  /** Notices sent (planning: that would be sent), in order. */
  notices: Notice[];
  /** 0, 3 (something needs the seller) or 1 (the service failed). */
  exit: number;
  /** Sales this pass found in the mirror that no confirmed delivery had brought (the receiver missed them). */
  missed?: number;
}

export class ShopRunner {
  constructor(
    private readonly cfg: ShopConfig,
    private readonly actions: ShopActions,
    private readonly memory: ShopMemory,
    private readonly notify: (n: Notice) => void,
    private readonly now: () => number = nowMs,
  ) {}

  async pass(o: PassOptions): Promise<PassResult> {
    const at = new Date(this.now()).toISOString();
    const rules = this.cfg.rules.filter((r) => !o.only || o.only.has(r.listing));
    const notices: Notice[] = [];
    const tell = (n: Notice) => {
      notices.push(n);
      if (o.mode === 'send') this.notify(n);
    };
    const { sold, fresh, stuck, missed } = await this.readSales(o, at);
    const views = await this.actions.listings(rules);
    const refills = new Map<string, RefillReport>();
    for (const rule of rules) {
      const v = views.get(rule.key);
      if (v) refills.set(rule.key, await this.refill(rule, v, o.mode));
    }
    const outcomes = rules.map((rule) => this.outcome(rule, views.get(rule.key), refills.get(rule.key), sold, o.mode));
    const byKey = new Map(outcomes.map((r) => [r.rule, r]));
    for (const sale of fresh)
      tell(saleNotice(sale, byKey.get(ruleKeyOf(sale)) ?? byKey.get(String(sale.productId)), at));
    for (const r of outcomes) this.refillNotices(r, at, tell);
    await this.onOff(outcomes, views, o.mode, at, tell);
    for (const r of outcomes) this.alerts(r, at, tell);
    // The first full pass only learns what is already there (no flood of old questions or sales).
    const known = this.memory.data.inboxKnown === true;
    for (const s of stuck) if (this.memory.firstInbox(`stuck_sale:${s.id}`, at) && known) tell(stuckNotice(s, at));
    if (!o.only) {
      await this.inbox(known, at, tell);
      this.memory.data.inboxKnown = true;
    }
    if (o.mode === 'send') this.memory.save(this.now());
    const exit = outcomes.some((r) => r.result === 'failed')
      ? 1
      : outcomes.some((r) => r.result === 'refused' || r.result === 'needs seller' || r.alerts.length > 0)
        ? 3
        : 0;
    return { outcomes, notices, exit, missed };
  }

  /** A notice from the listener (a mediation opened): told once, the same key a full pass uses. */
  tellOnce(key: string, n: Notice): void {
    if (!this.memory.firstInbox(key, n.at)) return;
    this.notify(n);
    this.memory.save(this.now());
  }

  /** Units sold per rule over the window (the pace), and the sales not announced yet. */
  private async readSales(
    o: PassOptions,
    at: string,
  ): Promise<{ sold: Map<string, number>; fresh: Order[]; stuck: Order[]; missed: number }> {
    const windowStart = new Date(Date.parse(at) - STOCK_LEVELS.salesWindowDays * 86_400_000).toISOString();
    const sold = new Map<string, number>();
    const fresh: Order[] = [];
    const stuck: Order[] = [];
    const known = this.memory.data.salesKnown;
    const seen = (s: Order) => this.memory.firstSight(s.id, s.createdAt ?? at);
    // A sale's pass has its order from the receiver: the mirror is read as it is (the full pass syncs it).
    for await (const s of this.actions.salesSince(windowStart, !o.only)) {
      if (s.type !== undefined && s.type !== null && s.type !== 'sale') continue;
      if (STOCK_LEVELS.soldStatuses.includes(s.status ?? '')) {
        const k = ruleKeyOf(s);
        sold.set(k, (sold.get(k) ?? 0) + (s.quantity ?? 1));
      }
      // Auto-delivery is immediate: a sale still processing after STUCK_AFTER_MS needs the seller.
      if (s.status === 'processing' && Date.parse(at) - Date.parse(s.createdAt ?? at) > STUCK_AFTER_MS) stuck.push(s);
      if (o.only && !o.only.has(s.productId ?? -1)) continue;
      // The first pass only learns what was sold before svc ran the shop: no flood of old sales.
      if (seen(s) && known) fresh.push(s);
    }
    const missed = fresh.length;
    for (const s of o.sales ?? []) if (seen(s)) fresh.unshift(s); // newest-first order, as listed
    this.memory.data.salesKnown = true;
    return { sold, fresh: fresh.reverse(), stuck, missed }; // oldest first
  }

  private async refill(rule: ShopRule, v: ListingView, mode: 'send' | 'plan'): Promise<RefillReport> {
    if (needsRefill(rule, v.held)) return this.actions.refill(rule, mode, v);
    // At or above the minimum: nothing is sent and nothing is asked of the service; what the pool
    // still holds comes from the file and the ledger (a pass costs the same for 1 or 100 rules).
    try {
      return { held: v.held, sent: 0, inStock: v.held, poolLeft: await this.actions.poolLeft(rule) };
    } catch (err) {
      const e = errorValue(err);
      return { held: v.held, sent: 0, inStock: v.held, poolLeft: 0, code: e.code, message: e.message, exit: e.exit };
    }
  }

  private outcome(
    rule: ShopRule,
    v: ListingView | undefined,
    rep: RefillReport | undefined,
    sold: Map<string, number>,
    mode: 'send' | 'plan',
  ): RuleOutcome {
    const base = {
      rule: rule.key,
      listing: rule.listing,
      variant: rule.variant ?? null,
      min: rule.min,
      target: rule.target,
      action: null as RuleOutcome['action'],
      alerts: [] as string[],
    };
    if (!v || !rep)
      return {
        ...base,
        title: '',
        held: 0,
        refill: 0,
        inStock: 0,
        poolLeft: 0,
        perDay: 0,
        daysLeft: null,
        result: 'needs seller',
        code: 'NOT_FOUND',
        message: `no listing ${rule.key} among your listings: fix the rule or the listing`,
      };
    const p = pace(sold.get(rule.key) ?? 0, STOCK_LEVELS.salesWindowDays, rep.inStock);
    const failed = rep.exit !== undefined && rep.exit !== 3 && rep.exit !== 0;
    return {
      ...base,
      title: v.title,
      held: rep.held,
      refill: rep.sent,
      inStock: rep.inStock,
      poolLeft: rep.poolLeft,
      ...p,
      result: rep.code ? (failed ? 'failed' : 'refused') : mode === 'plan' ? 'planned' : 'ok',
      code: rep.code ?? null,
      message: rep.message ?? null,
    };
  }

  /** Reactivate or deactivate each listing once (a listing with variants has one status). */
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one pass over the listings, its three outcomes (planned, refused ahead, sent) side by side; splitting would pass six locals around
  private async onOff(
    outcomes: RuleOutcome[],
    views: Map<string, ListingView>,
    mode: 'send' | 'plan',
    at: string,
    tell: (n: Notice) => void,
  ): Promise<void> {
    const byListing = new Map<number, RuleOutcome[]>();
    for (const r of outcomes) if (views.has(r.rule)) byListing.set(r.listing, [...(byListing.get(r.listing) ?? []), r]);
    const changes: { id: number; isActive: boolean }[] = [];
    for (const [id, rs] of byListing) {
      const view = views.get(rs[0]!.rule)!;
      const rules = rs.map((r) => ({
        rule: this.cfg.rules.find((x) => x.key === r.rule)!,
        inStock: r.inStock,
        poolLeft: r.poolLeft,
      }));
      const d = statusFor(view, rules);
      const key = `reactivation_refused:${id}`;
      if (d.blocked) {
        for (const r of rs)
          Object.assign(r, { result: 'needs seller', code: d.blocked.code, message: d.blocked.message });
        if (this.memory.starts(key, true, at))
          tell(
            ruleNotice('reactivation_refused', rs[0]!, 'Cannot reactivate', at, [
              ['why', `${d.blocked.code}: ${d.blocked.message}`],
            ]),
          );
        continue;
      }
      this.memory.starts(key, false, at);
      if (d.action) {
        for (const r of rs) r.action = d.action;
        changes.push({ id, isActive: d.action === 'activate' });
      }
    }
    if (changes.length === 0) return;
    if (mode === 'plan') {
      for (const c of changes) {
        const r = byListing.get(c.id)![0]!;
        tell(
          ruleNotice(
            c.isActive ? 'listing_reactivated' : 'listing_deactivated',
            r,
            c.isActive ? 'Reactivated' : 'Deactivated',
            at,
          ),
        );
      }
      return;
    }
    let results: StatusResult[];
    try {
      results = await this.actions.setStatus(changes);
    } catch (err) {
      for (const c of changes)
        for (const r of byListing.get(c.id)!)
          Object.assign(r, {
            result: 'failed',
            code: (err as { code?: string }).code ?? 'FAILED',
            message: (err as Error).message,
          });
      return;
    }
    for (const res of results) {
      const rs = byListing.get(res.id) ?? [];
      const active = changes.find((c) => c.id === res.id)!.isActive;
      if (res.status === 'failed') {
        for (const r of rs)
          Object.assign(r, { result: 'refused', code: res.code ?? null, message: res.message ?? null });
        if (this.memory.starts(`reactivation_refused:${res.id}`, true, at))
          tell(
            ruleNotice('reactivation_refused', rs[0]!, `Cannot ${active ? 'reactivate' : 'deactivate'}`, at, [
              ['why', `${res.code ?? ''}: ${res.message ?? ''}`],
            ]),
          );
      } else if (res.status === 'ok' && rs[0]) {
        tell(
          ruleNotice(
            active ? 'listing_reactivated' : 'listing_deactivated',
            rs[0],
            active ? 'Reactivated' : 'Deactivated',
            at,
          ),
        );
      }
    }
  }

  /** New questions, reviews, mediations: each told once; the first look only learns what is there. */
  private async inbox(known: boolean, at: string, tell: (n: Notice) => void): Promise<void> {
    if (!this.actions.inbox) return;
    for (const item of await this.actions.inbox()) if (this.memory.firstInbox(item.key, at) && known) tell(item.notice);
  }

  /** Alerts hold while their condition does; a notice goes out when one starts (or, planning, holds). */
  private refillNotices(r: RuleOutcome, at: string, tell: (n: Notice) => void): void {
    if (r.code === 'NOT_FOUND') return;
    if (r.refill > 0 && r.result !== 'failed')
      tell(
        ruleNotice('refill_done', r, r.result === 'planned' ? 'Would refill' : 'Refilled', at, [
          ['sent', String(r.refill)],
        ]),
      );
    const refused = r.result === 'refused' || r.result === 'failed';
    if (this.memory.starts(`refill_refused:${r.rule}`, refused, at))
      tell(ruleNotice('refill_refused', r, 'Refill refused', at, [['why', `${r.code ?? ''}: ${r.message ?? ''}`]]));
  }

  private alerts(r: RuleOutcome, at: string, tell: (n: Notice) => void): void {
    if (r.code === 'NOT_FOUND') return;
    const now = alertsFor(this.cfg, r);
    r.alerts = now.map((a) => a.text);
    for (const kind of ['out_of_stock', 'pool_low', 'days_left'] as const) {
      const a = now.find((x) => x.kind === kind);
      if (this.memory.starts(`${kind}:${r.rule}`, a !== undefined, at))
        tell(
          ruleNotice(
            kind,
            r,
            kind === 'out_of_stock' ? 'Out of stock' : kind === 'pool_low' ? 'Pool low' : 'Days left low',
            at,
            [['alert', a!.text]],
          ),
        );
    }
  }
}

function ruleKeyOf(s: Order): string {
  return s.variantIndex === undefined || s.variantIndex === null
    ? String(s.productId)
    : `${s.productId}:${s.variantIndex}`;
}
