// The listener's dedupe and delivery store (spec 6.2.4): <stateDir>/webhooks/deliveries.jsonl.
// Append-only JSONL with group commit: the records that arrive together (many notifications at
// once under load) are written with one write and one fsync, and each caller goes on only after
// its record is on disk. So:
// - a notification is recorded before the service gets its 2xx (never lost after the answer);
// - only a delivery that was confirmed and handed on is remembered as processed: an event the
//   service would not confirm (forged, another seller's) is forgotten, never a "duplicate" of
//   the real one that comes later (issue 11);
// - when the disk is full, what was already done stays done in memory (a hook that ran is not run
//   again), the records wait to be written, and `writable()` is false so the receiver answers 503
//   to new notifications (the service resends them later, spec 6.2.2) until the disk has room.
// The file is rewritten (temp file + rename) when the records appended since the last rewrite
// outnumber what is remembered: bounded size in every mode. Finished deliveries are remembered
// by key only, for `retentionMs`, at most `maxEntries`: memory stays flat over a long run.
// Payloads (the notification, the confirmed order) are kept only while a delivery is pending;
// they hold refs and costs, never a credential (spec 6.4) or a key.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { fsyncDir } from '../state/durable.js';
import { STORE_LIMITS } from './decisions.js';
import { acquireStoreLock, type StoreLock } from './store-lock.js';

const write = promisify(fs.write);
const fsync = promisify(fs.fsync);
const ftruncate = promisify(fs.ftruncate);

export type Target = 'forward' | 'exec';
const TargetSchema = z.enum(['forward', 'exec']);

export interface StoredDelivery {
  key: string;
  event: string;
  orderId?: number;
  receivedAt: string;
  /** The notification as received, byte for byte (unverified: anyone can POST it). */
  body: string;
  /** Where it is to be handed on (decided when it arrived). */
  targets: Target[];
  confirmed: boolean;
  /** The order as `GET /api/v2/orders/:id` (or the orders list) returned it, once confirmed. */
  order?: unknown;
  done: Target[];
  /** Where it came from (issue 23): a live notification, or a sale the catch-up found missed. */
  source?: DeliverySource;
}

export type DeliverySource = 'live' | 'catch-up';
const SourceSchema = z.enum(['live', 'catch-up']).optional();

const Pending = z.object({
  key: z.string(),
  event: z.string(),
  orderId: z.number().optional(),
  receivedAt: z.string(),
  body: z.string(),
  targets: z.array(TargetSchema),
  confirmed: z.boolean(),
  order: z.unknown().optional(),
  done: z.array(TargetSchema),
  source: SourceSchema,
});
const StoreRecord = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('in'),
    key: z.string(),
    event: z.string(),
    orderId: z.number().optional(),
    at: z.string(),
    body: z.string(),
    targets: z.array(TargetSchema),
    source: SourceSchema,
  }),
  z.object({ t: z.literal('confirmed'), key: z.string(), order: z.unknown().optional(), at: z.string() }),
  z.object({ t: z.literal('done'), key: z.string(), target: TargetSchema, at: z.string() }),
  // Not confirmed by the service: forgotten, so it never blocks the real notification (issue 11).
  z.object({ t: z.literal('refused'), key: z.string(), reason: z.string(), at: z.string() }),
  z.object({ t: z.literal('end'), key: z.string(), at: z.string() }),
  // Written by a rewrite: a pending delivery whole, a finished one by key and time.
  Pending.extend({ t: z.literal('entry') }),
  z.object({ t: z.literal('fin'), key: z.string(), at: z.string() }),
]);
type StoreRecord = z.infer<typeof StoreRecord>;

export interface StoreOptions {
  now?: () => number;
  /** Finished deliveries are remembered this long (decisions.ts STORE_LIMITS). */
  retentionMs?: number;
  /** At most this many finished deliveries are remembered (oldest go first). */
  maxEntries?: number;
  /** At most this many deliveries pending at once; past it new notifications get 503. */
  maxPending?: number;
  /** Called when the store stops or starts being writable again (disk full, then room). */
  onWritable?: (writable: boolean, detail: string) => void;
}

export function webhooksDir(stateDir: string): string {
  return path.join(stateDir, 'webhooks');
}

type Queued = { record: StoreRecord; resolve: () => void; reject: (err: Error) => void };

export class StoreFullError extends Error {}

export class WebhookStore {
  private readonly pendingMap = new Map<string, StoredDelivery>();
  /** key → finished at (ms); insertion order is finishing order, so the oldest come first. */
  private readonly finished = new Map<string, number>();
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
  /** Lines that did not parse at open (a torn tail after a kill); they are ignored. */
  skippedLines = 0;
  /** fsyncs made, for bench/webhooks (group commit: far fewer than records). */
  syncs = 0;

  private constructor(
    readonly file: string,
    private readonly lock: StoreLock,
    private readonly opts: Required<Omit<StoreOptions, 'onWritable'>> & Pick<StoreOptions, 'onWritable'>,
  ) {}

  /** Opens (and locks) the store of a state folder; prunes and rewrites it. */
  static open(stateDir: string, options: StoreOptions = {}): WebhookStore {
    const dir = webhooksDir(stateDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = acquireStoreLock(path.join(dir, 'listener.lock'), dir);
    const opts = {
      now: options.now ?? Date.now,
      retentionMs: options.retentionMs ?? STORE_LIMITS.retentionMs,
      maxEntries: options.maxEntries ?? STORE_LIMITS.maxEntries,
      maxPending: options.maxPending ?? STORE_LIMITS.maxPending,
      onWritable: options.onWritable,
    };
    const store = new WebhookStore(path.join(dir, 'deliveries.jsonl'), lock, opts);
    try {
      store.load();
      store.compact();
    } catch (err) {
      store.close();
      throw err;
    }
    return store;
  }

  /** Processed (confirmed and handed on) within the retention: a resend is a duplicate. */
  isFinished(key: string): boolean {
    return this.finished.has(key);
  }

  get(key: string): StoredDelivery | undefined {
    return this.pendingMap.get(key);
  }

  get finishedCount(): number {
    return this.finished.size;
  }

  /** Deliveries not finished, oldest first: what a restart resumes. */
  pending(): StoredDelivery[] {
    return [...this.pendingMap.values()];
  }

  pendingCount(): number {
    return this.pendingMap.size;
  }

  /** False while the disk refuses writes: new notifications must not be answered 2xx. */
  writable(): boolean {
    return this.unwritten.length === 0;
  }

  /**
   * Records a new notification durably; resolves once it is on disk (answer 2xx after that).
   * 'duplicate': already processed, pending, or being recorded right now.
   */
  accept(init: {
    key: string;
    event: string;
    orderId?: number;
    body: string;
    targets: Target[];
    source?: DeliverySource;
  }): Promise<'received' | 'duplicate'> {
    if (this.finished.has(init.key) || this.pendingMap.has(init.key)) return Promise.resolve('duplicate');
    const inFlight = this.accepting.get(init.key);
    if (inFlight) return inFlight.then(() => 'duplicate');
    if (!this.writable())
      return Promise.reject(new StoreFullError(`the webhook store cannot write (${this.lastError})`));
    if (this.pendingMap.size >= this.opts.maxPending)
      return Promise.reject(new StoreFullError(`${this.pendingMap.size} deliveries are pending already`));
    const p = this.enqueue({
      t: 'in',
      key: init.key,
      event: init.event,
      orderId: init.orderId,
      at: this.iso(),
      body: init.body,
      targets: init.targets,
      ...(init.source ? { source: init.source } : {}),
    })
      .then(() => 'received' as const)
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
        fs.closeSync(this.fd);
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
          this.apply(q.record);
          q.resolve();
        } else if (q.record.t === 'in') {
          // Not on disk, so not answered 2xx: the service resends it (spec 6.2.2).
          q.reject(new StoreFullError(`the webhook store cannot write (${this.lastError})`));
        } else {
          // A step already done (a hook ran) stays done: applied now, written when there is room.
          this.apply(q.record);
          this.unwritten.push(q.record);
          q.resolve();
        }
      }
      if (!ok) this.scheduleRetry();
    }
    if (
      this.appended >= Math.max(STORE_LIMITS.minRecordsBeforeRewrite, this.pendingMap.size + this.finished.size) &&
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

  private apply(r: StoreRecord): void {
    switch (r.t) {
      case 'entry': {
        const { t: _t, ...entry } = r;
        this.pendingMap.set(r.key, entry);
        return;
      }
      case 'fin':
        this.remember(r.key, Date.parse(r.at));
        return;
      case 'in':
        if (this.pendingMap.has(r.key) || this.finished.has(r.key)) return;
        this.pendingMap.set(r.key, {
          key: r.key,
          event: r.event,
          orderId: r.orderId,
          receivedAt: r.at,
          body: r.body,
          targets: r.targets,
          confirmed: false,
          done: [],
          ...(r.source ? { source: r.source } : {}),
        });
        return;
    }
    const e = this.pendingMap.get(r.key);
    if (!e) return; // already finished or refused
    switch (r.t) {
      case 'confirmed':
        e.confirmed = true;
        e.order = r.order;
        break;
      case 'done':
        if (!e.done.includes(r.target)) e.done.push(r.target);
        break;
      case 'refused':
        this.pendingMap.delete(r.key);
        break;
      case 'end':
        this.pendingMap.delete(r.key);
        this.remember(r.key, Date.parse(r.at));
        break;
    }
  }

  /** A finished delivery, remembered by key; the oldest are forgotten past maxEntries or retention. */
  private remember(key: string, at: number): void {
    this.finished.delete(key);
    this.finished.set(key, at);
    const cutoff = this.opts.now() - this.opts.retentionMs;
    for (const [k, t] of this.finished) {
      if (this.finished.size <= this.opts.maxEntries && t >= cutoff) break;
      this.finished.delete(k);
    }
  }

  private load(): void {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        this.skippedLines++;
        continue;
      }
      const r = StoreRecord.safeParse(value);
      if (r.success) this.apply(r.data);
      else this.skippedLines++;
    }
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
    const cutoff = this.opts.now() - this.opts.retentionMs;
    for (const [k, t] of this.finished) if (t < cutoff) this.finished.delete(k);
    const tmp = `${this.file}.${process.pid}.tmp`;
    const lines: string[] = [];
    for (const [key, at] of this.finished)
      lines.push(JSON.stringify({ t: 'fin', key, at: new Date(at).toISOString() }));
    for (const e of this.pendingMap.values()) lines.push(JSON.stringify({ t: 'entry', ...e }));
    const text = lines.length ? `${lines.join('\n')}\n` : '';
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } catch (err) {
      fs.closeSync(fd);
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    fs.closeSync(fd);
    fs.renameSync(tmp, this.file);
    fsyncDir(path.dirname(this.file));
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, 'a', 0o600);
    this.size = Buffer.byteLength(text);
    this.appended = 0;
  }
}
