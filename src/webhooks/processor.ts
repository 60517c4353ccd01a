// What happens after the listener answered 2xx: confirm (spec 6.2.5, through the ConfirmQueue
// and its budgets), then hand on to --forward-to and/or --exec, each step recorded in the store
// as it succeeds, so a restart neither loses a delivery nor repeats a step already done. A
// failed step is retried after a capped exponential backoff, for as long as the listener runs;
// a delivery still pending at shutdown stays in the store and is resumed by the next listener.
// The hook and the forward target get the confirmed order beside the notification.
// confirmed deliveries go first, and what nobody confirmed (A11 events, --no-confirm)
// never takes the last hand-on slot: a flood of forged events cannot keep a real sale waiting.
import { ConfirmQueue } from './confirm-queue.js';
import { type ConfirmRoute, type ConfirmStats, type OrderSource, routeOf } from './confirm.js';
import { DEFAULT_CONFIRM_POLICY, handOnBackoffMs, type ConfirmPolicy } from './decisions.js';
import { type EventDef, eventDef } from './events.js';
import { deliveryEnvelope, forwardTo as defaultForward, runExec, type ExecRun, type StepOutcome } from './forward.js';
import type { LogFn } from './log.js';
import type { StoredDelivery, Target, WebhookStore } from './store.js';

export interface ProcessorOptions {
  store: WebhookStore;
  /** undefined with --no-confirm. */
  orders?: OrderSource;
  policy?: ConfirmPolicy;
  forwardTo?: string;
  /** An in-process target in place of --forward-to (`shop run`): handed the delivery as data. */
  handTo?: (e: StoredDelivery) => void;
  exec?: string;
  env: NodeJS.ProcessEnv;
  log: LogFn;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  forward?: typeof defaultForward;
  execTimeoutMs?: number;
}

/** What confirms a stored notification: its route and the id that route takes; undefined when none does. */
function confirmSubject(e: StoredDelivery): { def: EventDef; route: ConfirmRoute; orderId: number } | undefined {
  const def = eventDef(e.event);
  const route = def ? routeOf(def) : undefined;
  if (!def || !route) return undefined;
  const id = route === 'listing' ? e.data?.productId : e.orderId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { def, route, orderId: id } : undefined;
}

export class DeliveryProcessor {
  /** Confirmed deliveries to hand on, first come first (a Set: its order is insertion order). */
  private readonly urgent = new Set<string>();
  /** The others (nothing confirmed them): only while a slot is left for the urgent ones. */
  private readonly queue = new Set<string>();
  private readonly running = new Map<string, Promise<void>>();
  private runningUnconfirmed = 0;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  private readonly execs = new Set<ExecRun>();
  private readonly abort = new AbortController();
  private readonly warnedMissing = new Set<Target>();
  private readonly confirmer: ConfirmQueue | undefined;
  private closing = false;
  /** Confirmation verdicts being recorded (between the queue's answer and the hand-on). */
  private settling = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly opts: ProcessorOptions) {
    this.confirmer = opts.orders
      ? new ConfirmQueue(
          opts.orders,
          {
            confirmed: (key, order) => this.settled(this.confirmed(key, order)),
            refused: (key, reason) => this.settled(this.refused(key, reason)),
            deferred: (key, detail) => {
              const e = opts.store.get(key);
              opts.log({
                action: 'failed',
                event: e?.event,
                orderId: e?.orderId,
                detail: `${detail}; tried again later`,
              });
            },
          },
          opts.policy ?? DEFAULT_CONFIRM_POLICY,
        )
      : undefined;
  }

  /** Take up a delivery now (after the 2xx went out). */
  enqueue(key: string): void {
    if (this.closing) return;
    const e = this.opts.store.get(key);
    if (!e) return;
    // spec 6.2.5: an event is confirmed by its own route (order, mediation, listing) before
    // anything is done with it.
    const subject = this.confirmer && !e.confirmed ? confirmSubject(e) : undefined;
    if (subject) {
      this.confirmer!.add({ key, ...subject, receivedAt: Date.parse(e.receivedAt), from: e.from });
      return;
    }
    this.schedule(key);
  }

  /**
   * The same notification posted again while it awaits confirmation (answered `duplicate`): a
   * refused id posted again may be a real sale by now, so the next list page looks for it.
   */
  repeated(key: string, from?: string): void {
    const e = this.opts.store.get(key);
    if (this.closing || !this.confirmer || !e || e.confirmed || !this.confirmer.has(key)) return;
    const subject = confirmSubject(e);
    if (subject) this.confirmer.add({ key, ...subject, receivedAt: Date.parse(e.receivedAt), from });
  }

  /** After a restart: every delivery the store still holds as pending. */
  resume(): number {
    const pending = this.opts.store.pending();
    for (const e of pending) {
      this.opts.log({ action: 'resumed', event: e.event, orderId: e.orderId, detail: `received ${e.receivedAt}` });
      this.enqueue(e.key);
    }
    return pending.length;
  }

  /** Deliveries in the store not finished yet. */
  pendingCount(): number {
    return this.opts.store.pendingCount();
  }

  confirmStats(): ConfirmStats | undefined {
    return this.confirmer?.stats;
  }

  /** Resolves when nothing runs, nothing is queued or awaits confirmation, and no retry is waiting (tests). */
  async idle(): Promise<void> {
    while (!this.isIdle() || (this.confirmer?.stats.backlog ?? 0) > 0) {
      await new Promise<void>((resolve) => {
        this.idleWaiters.push(resolve);
        setTimeout(resolve, 10); // the confirm queue settles on its own schedule
      });
    }
    await this.opts.store.flushed();
  }

  /**
   * Stop: no new work, no more retries; in-flight steps get `graceMs` to finish (a forward
   * whose 2xx is recorded is not resent next time), then are aborted and stay pending.
   */
  async close(graceMs = 5_000): Promise<void> {
    this.closing = true;
    this.confirmer?.close();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.queue.clear();
    this.urgent.clear();
    const all = Promise.allSettled([...this.running.values()]);
    const timer = setTimeout(() => {
      this.abort.abort();
      for (const x of this.execs) x.kill();
    }, graceMs);
    await all;
    clearTimeout(timer);
    await this.opts.store.flushed();
  }

  private settled(p: Promise<void>): void {
    this.settling++;
    void p.finally(() => {
      this.settling--;
    });
  }

  private async confirmed(key: string, order: unknown): Promise<void> {
    const e = this.opts.store.get(key);
    if (!e) return;
    await this.opts.store.markConfirmed(key, order);
    this.opts.log({ action: 'confirmed', event: e.event, orderId: e.orderId });
    this.schedule(key);
  }

  private async refused(key: string, reason: string): Promise<void> {
    const e = this.opts.store.get(key);
    await this.opts.store.refuse(key, reason);
    this.opts.log({ action: 'dropped', event: e?.event, orderId: e?.orderId, detail: reason });
  }

  private schedule(key: string): void {
    if (this.closing || this.running.has(key) || this.queue.has(key) || this.urgent.has(key)) return;
    const t = this.timers.get(key);
    if (t) {
      clearTimeout(t);
      this.timers.delete(key);
    }
    if (this.opts.store.get(key)?.confirmed) this.urgent.add(key);
    else this.queue.add(key);
    this.pump();
  }

  private isIdle(): boolean {
    return (
      this.running.size === 0 &&
      this.queue.size === 0 &&
      this.urgent.size === 0 &&
      this.timers.size === 0 &&
      this.settling === 0
    );
  }

  private pump(): void {
    const limit = this.opts.concurrency ?? 4;
    while (this.running.size < limit) {
      const key = this.nextKey(limit);
      if (key === undefined) return;
      const confirmed = this.urgent.delete(key);
      if (!confirmed) {
        this.queue.delete(key);
        this.runningUnconfirmed++;
      }
      const p = this.run(key).finally(() => {
        this.running.delete(key);
        if (!confirmed) this.runningUnconfirmed--;
        this.pump();
        if (this.isIdle()) for (const w of this.idleWaiters.splice(0)) w();
      });
      this.running.set(key, p);
    }
  }

  /** Confirmed first; an unconfirmed one only while it leaves a slot free (one slot when there is one). */
  private nextKey(limit: number): string | undefined {
    const urgent = this.urgent.values().next();
    if (!urgent.done) return urgent.value;
    if (this.runningUnconfirmed >= Math.max(1, limit - 1)) return undefined;
    const other = this.queue.values().next();
    return other.done ? undefined : other.value;
  }

  private async run(key: string): Promise<void> {
    const e = this.opts.store.get(key);
    if (!e) return;
    try {
      await this.handOn(e);
    } catch (err) {
      if (this.abort.signal.aborted) return; // shutdown: stays pending
      this.retry(e, { ok: false, ms: 0, detail: (err as Error).message });
    }
  }

  private async handOn(e: StoredDelivery): Promise<void> {
    const { store, log } = this.opts;
    let waiting = false;
    for (const target of e.targets) {
      if (e.done.includes(target)) continue;
      const outcome = await this.deliver(target, e);
      if (outcome === undefined) {
        waiting = true;
        continue;
      }
      if (!outcome.ok) return this.retry(e, outcome);
      // Recorded in memory at once even when the disk is full: a hook that ran is never run
      // again by this listener; the record is written when there is room.
      await store.markDone(e.key, target);
      log({
        action: target === 'forward' ? 'forwarded' : 'executed',
        event: e.event,
        orderId: e.orderId,
        ms: outcome.ms,
        status: outcome.status,
      });
    }
    if (waiting) return; // kept pending for a listener run with that target
    this.attempts.delete(e.key);
    await store.finish(e.key);
  }

  /** undefined: this run has no such target (the delivery arrived under other flags). */
  private async deliver(target: Target, e: StoredDelivery): Promise<StepOutcome | undefined> {
    const envelope = deliveryEnvelope(e, this.confirmer !== undefined);
    if (target === 'forward' && this.opts.handTo) {
      this.opts.handTo(e); // queued by the taker before this returns: a crash after it is caught up by a pass
      return { ok: true, ms: 0 };
    }
    if (target === 'forward') {
      if (!this.opts.forwardTo) return this.missing(target);
      return (this.opts.forward ?? defaultForward)(this.opts.forwardTo, envelope, this.abort.signal);
    }
    if (!this.opts.exec) return this.missing(target);
    const run = runExec(this.opts.exec, envelope, this.opts.env, this.opts.execTimeoutMs);
    this.execs.add(run);
    try {
      return await run.outcome;
    } finally {
      this.execs.delete(run);
    }
  }

  private missing(target: Target): undefined {
    if (!this.warnedMissing.has(target)) {
      this.warnedMissing.add(target);
      const flag = target === 'forward' ? '--forward-to' : '--exec';
      this.opts.log({
        action: 'failed',
        detail: `deliveries received with ${flag} stay pending until the listener runs with ${flag} again`,
      });
    }
    return undefined;
  }

  private retry(e: StoredDelivery, outcome: StepOutcome): void {
    const attempt = (this.attempts.get(e.key) ?? 0) + 1;
    this.attempts.set(e.key, attempt);
    if (this.closing) {
      this.opts.log({
        action: 'failed',
        event: e.event,
        orderId: e.orderId,
        ms: outcome.ms,
        status: outcome.status,
        attempt,
        detail: `${outcome.detail ?? 'failed'}; kept for the next run`,
      });
      return;
    }
    const delay = (this.opts.backoffMs ?? handOnBackoffMs)(attempt);
    this.opts.log({
      action: 'failed',
      event: e.event,
      orderId: e.orderId,
      ms: outcome.ms,
      status: outcome.status,
      attempt,
      retryInS: Math.round(delay / 100) / 10,
      detail: outcome.detail,
    });
    const t = setTimeout(() => {
      this.timers.delete(e.key);
      this.schedule(e.key);
    }, delay);
    this.timers.set(e.key, t);
  }
}
