// What happens after the listener answered 2xx: confirm (spec 6.2.5), then hand on to
// --forward-to and/or --exec, each step recorded in the store as it succeeds, so a restart
// neither loses a delivery nor repeats a step already done. A failed step is retried after
// a capped exponential backoff, for as long as the listener runs; a delivery still pending
// at shutdown stays in the store and is resumed by the next listener (issue 7).
import { forwardTo as defaultForward, runExec, type ExecRun, type StepOutcome } from './forward.js';
import type { Confirmer } from './confirm.js';
import { eventDef } from './events.js';
import type { LogFn } from './log.js';
import type { StoredDelivery, Target, WebhookStore } from './store.js';

export interface ProcessorOptions {
  store: WebhookStore;
  /** undefined with --no-confirm. */
  confirm?: Confirmer;
  forwardTo?: string;
  exec?: string;
  env: NodeJS.ProcessEnv;
  log: LogFn;
  concurrency?: number;
  backoffMs?: (attempt: number) => number;
  forward?: typeof defaultForward;
  execTimeoutMs?: number;
}

/** svc decision: 0.5 s, 1 s, 2 s, … capped at 5 min, ±20 % jitter; no attempt limit (never lost). */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(300_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class DeliveryProcessor {
  private readonly queue: string[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  private readonly execs = new Set<ExecRun>();
  private readonly abort = new AbortController();
  private readonly warnedMissing = new Set<Target>();
  private closing = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly opts: ProcessorOptions) {}

  /** Take up a delivery now (after the 2xx went out). */
  enqueue(key: string): void {
    if (this.closing || this.running.has(key) || this.queue.includes(key)) return;
    const t = this.timers.get(key);
    if (t) { clearTimeout(t); this.timers.delete(key); }
    this.queue.push(key);
    this.pump();
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

  /** Resolves when nothing runs, nothing is queued and no retry is waiting (tests). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stop: no new work, no more retries; in-flight steps get `graceMs` to finish (a forward
   * whose 2xx is recorded is not resent next time), then are aborted and stay pending.
   */
  async close(graceMs = 5_000): Promise<void> {
    this.closing = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.queue.length = 0;
    const all = Promise.allSettled([...this.running.values()]);
    const timer = setTimeout(() => {
      this.abort.abort();
      for (const x of this.execs) x.kill();
    }, graceMs);
    await all;
    clearTimeout(timer);
  }

  private isIdle(): boolean {
    return this.running.size === 0 && this.queue.length === 0 && this.timers.size === 0;
  }

  private pump(): void {
    const limit = this.opts.concurrency ?? 4;
    while (this.running.size < limit && this.queue.length > 0) {
      const key = this.queue.shift()!;
      const p = this.run(key).finally(() => {
        this.running.delete(key);
        this.pump();
        if (this.isIdle()) for (const w of this.idleWaiters.splice(0)) w();
      });
      this.running.set(key, p);
    }
  }

  private async run(key: string): Promise<void> {
    const e = this.opts.store.get(key);
    if (!e || e.finished) return;
    try {
      await this.process(e);
    } catch (err) {
      if (this.abort.signal.aborted) return; // shutdown: stays pending
      this.retry(e, { ok: false, ms: 0, detail: (err as Error).message });
    }
  }

  private async process(e: StoredDelivery): Promise<void> {
    const { store, log } = this.opts;
    const def = eventDef(e.event);
    // spec 6.2.5: confirm order events first.
    if (this.opts.confirm && e.orderId !== undefined && !e.confirmed) {
      const r = await this.opts.confirm(e.orderId, { saleEvent: def?.group === 'order', signal: this.abort.signal });
      if (r.status === 'error') return this.retry(e, { ok: false, ms: r.ms, detail: r.detail });
      if (r.status === 'rejected') {
        store.drop(e.key, r.detail);
        store.finish(e.key);
        log({ action: 'dropped', event: e.event, orderId: e.orderId, ms: r.ms, detail: r.detail });
        return;
      }
      store.markConfirmed(e.key);
      log({ action: 'confirmed', event: e.event, orderId: e.orderId, ms: r.ms });
    }
    let waiting = false;
    for (const target of e.targets) {
      if (e.done.includes(target)) continue;
      const outcome = await this.deliver(target, e);
      if (outcome === undefined) { waiting = true; continue; }
      if (!outcome.ok) return this.retry(e, outcome);
      store.markDone(e.key, target);
      log({ action: target === 'forward' ? 'forwarded' : 'executed', event: e.event, orderId: e.orderId, ms: outcome.ms, status: outcome.status });
    }
    if (waiting) return; // kept pending for a listener run with that target
    this.attempts.delete(e.key);
    store.finish(e.key);
  }

  /** undefined: this run has no such target (the delivery arrived under other flags). */
  private async deliver(target: Target, e: StoredDelivery): Promise<StepOutcome | undefined> {
    const body = e.body ?? '';
    if (target === 'forward') {
      if (!this.opts.forwardTo) return this.missing(target);
      return (this.opts.forward ?? defaultForward)(this.opts.forwardTo, { key: e.key, event: e.event, body }, this.abort.signal);
    }
    if (!this.opts.exec) return this.missing(target);
    const run = runExec(this.opts.exec, { event: e.event, orderId: e.orderId, body }, this.opts.env, this.opts.execTimeoutMs);
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
      this.opts.log({ action: 'failed', detail: `deliveries received with ${flag} stay pending until the listener runs with ${flag} again` });
    }
    return undefined;
  }

  private retry(e: StoredDelivery, outcome: StepOutcome): void {
    const attempt = (this.attempts.get(e.key) ?? 0) + 1;
    this.attempts.set(e.key, attempt);
    if (this.closing) {
      this.opts.log({ action: 'failed', event: e.event, orderId: e.orderId, ms: outcome.ms, status: outcome.status, attempt, detail: `${outcome.detail ?? 'failed'}; kept for the next run` });
      return;
    }
    const delay = (this.opts.backoffMs ?? defaultBackoffMs)(attempt);
    this.opts.log({ action: 'failed', event: e.event, orderId: e.orderId, ms: outcome.ms, status: outcome.status, attempt, retryInS: Math.round(delay / 100) / 10, detail: outcome.detail });
    const t = setTimeout(() => {
      this.timers.delete(e.key);
      this.enqueue(e.key);
    }, delay);
    this.timers.set(e.key, t);
  }
}
