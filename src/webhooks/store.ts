// The listener's dedupe and delivery store (spec 6.2.4): <stateDir>/webhooks/deliveries.jsonl.
// Append-only JSONL with group commit: the records that arrive together (many notifications at
// once under load) are written with one write and one fsync, and each caller goes on only after
// its record is on disk. So:
// - a notification is recorded before the service gets its 2xx (never lost after the answer);
// - only a delivery that was confirmed and handed on is remembered as processed: an event the
//   service would not confirm (forged, another seller's) is forgotten, never a "duplicate" of
//   the real one that comes later;
// - when the disk is full, what was already done stays done in memory (a hook that ran is not run
//   again), the records wait to be written, and `writable()` is false so the receiver answers 503
//   to new notifications (the service resends them later, spec 6.2.2) until the disk has room.
// The file is rewritten (temp file + rename) when the records appended since the last rewrite
// outnumber what is remembered: bounded size in every mode. Finished deliveries are remembered
// by key only, for `retentionMs`, at most `maxEntries`: memory stays flat over a long run.
// Payloads (small fields of an unconfirmable notification, the confirmed order) are kept only
// while a delivery is pending; they hold refs and costs, never a credential (spec 6.4) or a key.
//
// what the service has not confirmed is bounded apart (store-pools.ts: slots, bytes,
// a share per sender address) and keeps no body (store-records.ts); the file is read line by
// line (store-file.ts), so a store written under attack opens in bounded memory, and a damaged
// one is rewritten with every pending delivery it holds (the original kept beside it).
//
// What is pending and finished in memory (apply, the pool's count, remembering) is store-state.ts;
// this file orders the disk: open, the group-committed appends, retries, compaction (the
// whole-file steps are store-file.ts).
//
// The dedupe API (spec 6.2.4; also what a catch-up that replays missed sales uses): the key of
// an order event is `orderEventKey(event, orderId)` = `<event>:order:<id>` (events.ts
// dedupeKey); `accept({key, …})` answers 'duplicate' when that key was processed within the
// retention, is pending, or is being recorded; `accept({…, order})` records a delivery the
// service already confirmed (it takes no room from the unconfirmed pool); `isFinished(key)`.
import { closeSync, fsync as fsyncCb, ftruncate as ftruncateCb, mkdirSync, openSync, write as writeCb } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { nowMs } from '../api/clock.js';
import { STORE_LIMITS } from './decisions.js';
import { acquireStoreLock, type StoreLock } from './store-lock.js';
import { keepAside, readRecords, rewriteFile } from './store-file.js';
import { DEFAULT_POOL_LIMITS, type PoolLimits, StoreFullError } from './store-pools.js';
import type { AcceptInit, StoredDelivery, StoreRecord, Target } from './store-records.js';
import { DeliveryState } from './store-state.js';

export { PoolFullError, SenderLimitedError, StoreFullError } from './store-pools.js';
export type { AcceptInit, StoredDelivery, Target } from './store-records.js';

const write = promisify(writeCb);
const fsync = promisify(fsyncCb);
const ftruncate = promisify(ftruncateCb);

export interface StoreOptions {
  now?: () => number;
  /** Finished deliveries are remembered this long (decisions.ts STORE_LIMITS). */
  retentionMs?: number;
  /** At most this many finished deliveries are remembered (oldest go first). */
  maxEntries?: number;
  /** At most this many confirmed deliveries waiting to be handed on; past it new notifications get 503. */
  maxPending?: number;
  /** What unconfirmed notifications may hold. */
  pool?: Partial<PoolLimits>;
  /** Called when the store stops or starts being writable again (disk full, then room). */
  onWritable?: (writable: boolean, detail: string) => void;
}

export function webhooksDir(stateDir: string): string {
  return join(stateDir, 'webhooks');
}

type Queued = { record: StoreRecord; resolve: () => void; reject: (err: Error) => void };

export class WebhookStore {
  /** What is pending and what was finished, in memory (store-state.ts). */
  private readonly state: DeliveryState;
  /** Notifications being written now: a second copy arriving meanwhile is a duplicate. */
  private readonly accepting = new Map<string, Promise<'received' | 'duplicate'>>();
  private fd = -1;
  private size = 0; // bytes of the file that hold whole records
  private appended = 0;
  private queue: Queued[] = [];
  private flushing: Promise<void> | undefined;
  /** Records already applied in memory that the disk refused: written when it has room again. */
  private unwritten: StoreRecord[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private lastError = '';
  /** Lines that did not parse at open (a torn tail after a kill, a damaged file); they are ignored. */
  skippedLines = 0;
  /** Lines over the size limit at open (bodies kept by a version before); skipped unread. */
  oversizedLines = 0;
  /** Where a damaged store was kept at open, if it was. */
  movedAside: string | undefined;
  /** fsyncs made, for bench/webhooks (group commit: far fewer than records). */
  syncs = 0;

  private constructor(
    readonly file: string,
    private readonly lock: StoreLock,
    private readonly opts: Required<Omit<StoreOptions, 'onWritable' | 'pool'>> & Pick<StoreOptions, 'onWritable'>,
    pool: PoolLimits,
  ) {
    this.state = new DeliveryState(pool, opts);
  }

  /** Opens (and locks) the store of a state folder; prunes and rewrites it. */
  static open(stateDir: string, options: StoreOptions = {}): WebhookStore {
    const dir = webhooksDir(stateDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = acquireStoreLock(join(dir, 'listener.lock'), dir);
    const opts = {
      now: options.now ?? nowMs, // svc's clock: the confirm queue's give-up times are counted on it
      retentionMs: options.retentionMs ?? STORE_LIMITS.retentionMs,
      maxEntries: options.maxEntries ?? STORE_LIMITS.maxEntries,
      maxPending: options.maxPending ?? STORE_LIMITS.maxPending,
      onWritable: options.onWritable,
    };
    const pool = { ...DEFAULT_POOL_LIMITS, ...options.pool };
    const store = new WebhookStore(join(dir, 'deliveries.jsonl'), lock, opts, pool);
    try {
      store.load();
      store.keepDamaged();
      store.compact();
    } catch (err) {
      store.close();
      throw err;
    }
    return store;
  }

  /** Processed (confirmed and handed on) within the retention: a resend is a duplicate. */
  isFinished(key: string): boolean {
    return this.state.finished.has(key);
  }

  get(key: string): StoredDelivery | undefined {
    return this.state.pending.get(key);
  }

  get finishedCount(): number {
    return this.state.finished.size;
  }

  /** Deliveries not finished, oldest first: what a restart resumes. */
  pending(): StoredDelivery[] {
    return [...this.state.pending.values()];
  }

  pendingCount(): number {
    return this.state.pending.size;
  }

  /** What the unconfirmed pool holds: entries, bytes, and `address`'s share. */
  unconfirmed(address?: string): { count: number; bytes: number; fromAddress: number } {
    return { count: this.state.pool.size, bytes: this.state.pool.bytes, fromAddress: this.state.pool.held(address) };
  }

  /** False while the disk refuses writes: new notifications must not be answered 2xx. */
  writable(): boolean {
    return this.unwritten.length === 0;
  }

  /**
   * Records a new notification durably; resolves once it is on disk (answer 2xx after that).
   * 'duplicate': already processed, pending, or being recorded right now. Rejects with
   * StoreFullError (disk, confirmed backlog, pool full: 503) or SenderLimitedError (429).
   */
  accept(init: AcceptInit): Promise<'received' | 'duplicate'> {
    if (this.state.finished.has(init.key) || this.state.pending.has(init.key)) return Promise.resolve('duplicate');
    const inFlight = this.accepting.get(init.key);
    if (inFlight) return inFlight.then(() => 'duplicate');
    if (!this.writable())
      return Promise.reject(new StoreFullError(`the webhook store cannot write (${this.lastError})`));
    if (this.state.confirmedPending >= this.opts.maxPending)
      return Promise.reject(
        new StoreFullError(`${this.state.confirmedPending} confirmed deliveries wait to be handed on`),
      );
    const record: StoreRecord = {
      t: 'in',
      key: init.key,
      event: init.event,
      orderId: init.orderId,
      timestamp: init.timestamp,
      from: init.from,
      data: init.data,
      at: this.iso(),
      targets: init.targets,
      ...(init.source ? { source: init.source } : {}),
    };
    const confirmed = init.order !== undefined;
    if (!confirmed) {
      const bytes = JSON.stringify(record).length;
      try {
        this.state.pool.check(init.from, bytes);
      } catch (err) {
        return Promise.reject(err);
      }
      this.state.pool.add(init.key, init.from, bytes); // reserved now: posts in the same batch count
    }
    const p = this.enqueue(record)
      .then(() =>
        confirmed ? this.enqueue({ t: 'confirmed', key: init.key, order: init.order, at: this.iso() }) : undefined,
      )
      .then(
        () => 'received' as const,
        (err: unknown) => {
          if (!this.state.pending.has(init.key)) this.state.pool.remove(init.key);
          throw err;
        },
      )
      .finally(() => this.accepting.delete(init.key));
    this.accepting.set(init.key, p);
    return p;
  }

  /** The service confirmed it; the order it returned is kept for the hook. Never throws. */
  markConfirmed(key: string, order: unknown): Promise<void> {
    return this.enqueue({ t: 'confirmed', key, order, at: this.iso() });
  }

  markDone(key: string, target: Target): Promise<void> {
    return this.enqueue({ t: 'done', key, target, at: this.iso() });
  }

  /** Not confirmed: forgotten (not remembered as processed). */
  refuse(key: string, reason: string): Promise<void> {
    return this.enqueue({ t: 'refused', key, reason, at: this.iso() });
  }

  finish(key: string): Promise<void> {
    return this.enqueue({ t: 'end', key, at: this.iso() });
  }

  /** Resolves when every record handed in so far is on disk or parked for a retry. */
  async flushed(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {
        /* closing anyway */
      }
      this.fd = -1;
    }
    this.lock.release();
  }

  private iso(): string {
    return new Date(this.opts.now()).toISOString();
  }

  private enqueue(record: StoreRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = new Promise<void>((done) =>
      setImmediate(() => {
        void this.flushLoop().finally(() => {
          this.flushing = undefined;
          done();
          // A record queued after the loop's last look (by a caller woken by that batch) goes next.
          if (this.queue.length > 0) this.scheduleFlush();
        });
      }),
    );
  }

  /** Group commit: every record queued while the previous write+fsync ran goes in the next one. */
  private async flushLoop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      const records = batch.map((q) => q.record);
      if (this.fd < 0) {
        for (const q of batch) q.reject(new Error('the webhook store is closed'));
        continue;
      }
      // A batch is written only behind the records still waiting from a full disk, in order.
      const ok = this.unwritten.length === 0 && (await this.writeRecords(records));
      for (const q of batch) {
        if (ok) {
          this.state.apply(q.record);
          q.resolve();
        } else if (q.record.t === 'in') {
          // Not on disk, so not answered 2xx: the service resends it (spec 6.2.2).
          q.reject(new StoreFullError(`the webhook store cannot write (${this.lastError})`));
        } else {
          // A step already done (a hook ran) stays done: applied now, written when there is room.
          this.state.apply(q.record);
          this.unwritten.push(q.record);
          q.resolve();
        }
      }
      if (!ok) this.scheduleRetry();
    }
    if (
      this.appended >=
        Math.max(STORE_LIMITS.minRecordsBeforeRewrite, this.state.pending.size + this.state.finished.size) &&
      this.writable()
    )
      this.tryCompact();
  }

  private async writeRecords(records: StoreRecord[]): Promise<boolean> {
    const buf = Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8');
    try {
      let off = 0;
      while (off < buf.length) off += (await write(this.fd, buf, off, buf.length - off, null)).bytesWritten;
      await fsync(this.fd);
      this.syncs++;
      this.size += buf.length;
      this.appended += records.length;
      if (this.lastError !== '') this.recovered(`${records.length} record${records.length === 1 ? '' : 's'} written`);
      return true;
    } catch (err) {
      // Cut a half-written record off, so the next write starts on a line of its own.
      try {
        await ftruncate(this.fd, this.size);
      } catch {
        /* the load skips a torn line anyway */
      }
      const wasWritable = this.lastError === '';
      this.lastError = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      if (wasWritable) this.opts.onWritable?.(false, this.lastError);
      return false;
    }
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.fd < 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retryUnwritten();
    }, STORE_LIMITS.retryWriteMs);
  }

  private async retryUnwritten(): Promise<void> {
    if (this.unwritten.length === 0 || this.fd < 0) return;
    await this.flushed();
    const records = this.unwritten.slice();
    if (await this.writeRecords(records)) {
      this.unwritten.splice(0, records.length);
      this.recovered(`${records.length} waiting record${records.length === 1 ? '' : 's'} written`);
    } else {
      this.scheduleRetry();
    }
  }

  private recovered(detail: string): void {
    if (this.lastError === '' || this.unwritten.length > 0) return;
    this.lastError = '';
    this.opts.onWritable?.(true, detail);
  }

  /** Line by line, in bounded memory: a line over the limit or that does not parse is skipped. */
  private load(): void {
    const stats = readRecords(this.file, STORE_LIMITS.maxLineBytes, (r) => this.state.apply(r));
    this.skippedLines = stats.skipped;
    this.oversizedLines = stats.oversized;
  }

  /** A damaged store is kept beside the rewrite that follows (store-file.ts keepAside). */
  private keepDamaged(): void {
    if (this.skippedLines + this.oversizedLines > 0) this.movedAside = keepAside(this.file);
  }

  private tryCompact(): void {
    try {
      this.compact();
    } catch {
      this.appended = 0; // no room for a rewrite now: appending goes on, try again later
    }
  }

  /** Rewrite the file: one `entry` line per pending delivery, one `fin` line per finished one. */
  private compact(): void {
    const size = rewriteFile(this.file, this.state.snapshot());
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = size;
    this.appended = 0;
  }
}
