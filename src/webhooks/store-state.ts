// The webhook store's state in memory (spec 6.2.4; split from store.ts): which
// deliveries are pending, which were finished (remembered by key for the retention), and what
// the pending ones hold of the unconfirmed pool. store.ts writes the records and
// calls `apply` once each is on disk (or read back at open); `snapshot` gives the lines of a
// rewrite. Nothing here touches the file.
import { type PoolLimits, UnconfirmedPool } from './store-pools.js';
import { fromLegacyBody, type StoredDelivery, type StoreRecord } from './store-records.js';

export interface StateLimits {
  now: () => number;
  /** Finished deliveries are remembered this long. */
  retentionMs: number;
  /** At most this many finished deliveries are remembered (oldest go first). */
  maxEntries: number;
}

export class DeliveryState {
  /** Deliveries not finished, in receiving order. */
  readonly pending = new Map<string, StoredDelivery>();
  /** key → finished at (ms); insertion order is finishing order, so the oldest come first. */
  readonly finished = new Map<string, number>();
  readonly pool: UnconfirmedPool;
  /** Pending deliveries the service confirmed (not in the pool). */
  confirmedPending = 0;

  constructor(
    pool: PoolLimits,
    private readonly limits: StateLimits,
  ) {
    this.pool = new UnconfirmedPool(pool);
  }

  /** Applies one record (read at open, or written now) to what is pending and finished. */
  apply(r: StoreRecord): void {
    switch (r.t) {
      case 'entry': {
        const { t: _t, body, ...entry } = r;
        this.track(entry.key, undefined);
        const e: StoredDelivery = { ...entry, ...(body !== undefined ? fromLegacyBody(body, true) : {}) };
        this.pending.set(r.key, e);
        this.track(e.key, e);
        return;
      }
      case 'fin':
        this.remember(r.key, Date.parse(r.at));
        return;
      case 'in': {
        if (this.pending.has(r.key) || this.finished.has(r.key)) return;
        const legacy = r.body !== undefined ? fromLegacyBody(r.body, true) : {};
        const e: StoredDelivery = {
          key: r.key,
          event: r.event,
          orderId: r.orderId,
          receivedAt: r.at,
          timestamp: r.timestamp ?? legacy.timestamp,
          from: r.from,
          data: r.data ?? legacy.data,
          targets: r.targets,
          confirmed: false,
          done: [],
          ...(r.source ? { source: r.source } : {}),
        };
        this.pending.set(r.key, e);
        this.track(r.key, e);
        return;
      }
    }
    const e = this.pending.get(r.key);
    if (!e) return; // already finished or refused
    switch (r.t) {
      case 'confirmed':
        this.track(r.key, undefined);
        e.confirmed = true;
        e.order = r.order;
        this.track(r.key, e);
        break;
      case 'done':
        if (!e.done.includes(r.target)) e.done.push(r.target);
        break;
      case 'refused':
        this.track(r.key, undefined);
        this.pending.delete(r.key);
        break;
      case 'end':
        this.track(r.key, undefined);
        this.pending.delete(r.key);
        this.remember(r.key, Date.parse(r.at));
        break;
    }
  }

  /** Counts a pending delivery in the unconfirmed pool or among the confirmed ones; undefined: out of both. */
  private track(key: string, e: StoredDelivery | undefined): void {
    const prev = this.pending.get(key);
    if (e === undefined) {
      if (prev?.confirmed) this.confirmedPending--;
      this.pool.remove(key);
      return;
    }
    if (e.confirmed) {
      this.pool.remove(key);
      this.confirmedPending++;
    } else {
      this.pool.add(key, e.from, JSON.stringify(e).length);
    }
  }

  /** A finished delivery, remembered by key; the oldest are forgotten past maxEntries or retention. */
  private remember(key: string, at: number): void {
    this.finished.delete(key);
    this.finished.set(key, at);
    const cutoff = this.limits.now() - this.limits.retentionMs;
    for (const [k, t] of this.finished) {
      if (this.finished.size <= this.limits.maxEntries && t >= cutoff) break;
      this.finished.delete(k);
    }
  }

  /** Forgets what is past the retention; then one `fin` line per finished delivery, one `entry` per pending one. */
  snapshot(): string[] {
    const cutoff = this.limits.now() - this.limits.retentionMs;
    for (const [k, t] of this.finished) if (t < cutoff) this.finished.delete(k);
    const lines: string[] = [];
    for (const [key, at] of this.finished)
      lines.push(JSON.stringify({ t: 'fin', key, at: new Date(at).toISOString() }));
    for (const e of this.pending.values()) lines.push(JSON.stringify({ t: 'entry', ...e }));
    return lines;
  }
}
