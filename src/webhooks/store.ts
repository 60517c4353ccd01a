// The listener's dedupe and delivery store (spec 6.2.4): <stateDir>/webhooks/deliveries.jsonl.
// Append-only JSONL, every record written and fsync'd before the listener goes on, so:
// - a notification is recorded before the service gets its 2xx (never lost after the answer),
// - a redelivery hours later, or after a restart, is recognised by event + order id,
// - deliveries still pending (target down, handler failing) are resumed after a restart.
// The file is rewritten atomically (temp file + rename) at open and whenever it has grown a
// lot, keeping pending deliveries always and finished ones for `retentionMs`, at most
// `maxEntries` of them: bounded size, age-based pruning. Payloads are kept only while a
// delivery is pending; they hold refs and costs, never a credential (spec 6.4) or a key.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { acquireStoreLock, type StoreLock } from './store-lock.js';
import { fsyncDir } from '../state/durable.js';

export type Target = 'forward' | 'exec';
const TargetSchema = z.enum(['forward', 'exec']);

export interface StoredDelivery {
  key: string;
  event: string;
  orderId?: number;
  receivedAt: string;
  /** The notification as received, byte for byte; dropped once the delivery is finished. */
  body?: string;
  /** Where it is to be handed on (decided when it arrived). */
  targets: Target[];
  confirmed: boolean;
  done: Target[];
  dropped?: string;
  finished: boolean;
  finishedAt?: string;
}

const Entry = z.object({
  key: z.string(), event: z.string(), orderId: z.number().optional(), receivedAt: z.string(), body: z.string().optional(),
  targets: z.array(TargetSchema), confirmed: z.boolean(), done: z.array(TargetSchema), dropped: z.string().optional(),
  finished: z.boolean(), finishedAt: z.string().optional(),
});
const StoreRecord = z.discriminatedUnion('t', [
  z.object({ t: z.literal('in'), key: z.string(), event: z.string(), orderId: z.number().optional(), at: z.string(), body: z.string(), targets: z.array(TargetSchema) }),
  z.object({ t: z.literal('confirmed'), key: z.string(), at: z.string() }),
  z.object({ t: z.literal('done'), key: z.string(), target: TargetSchema, at: z.string() }),
  z.object({ t: z.literal('dropped'), key: z.string(), reason: z.string(), at: z.string() }),
  z.object({ t: z.literal('end'), key: z.string(), at: z.string() }),
  Entry.extend({ t: z.literal('entry') }),
]);
type StoreRecord = z.infer<typeof StoreRecord>;

export interface StoreOptions {
  now?: () => number;
  /** Finished deliveries are remembered this long (svc decision: 7 days; the service resends for ~36 min). */
  retentionMs?: number;
  /** At most this many finished deliveries are remembered (oldest go first). */
  maxEntries?: number;
}

export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_ENTRIES = 100_000;

export function webhooksDir(stateDir: string): string {
  return path.join(stateDir, 'webhooks');
}

export class WebhookStore {
  private readonly entries = new Map<string, StoredDelivery>();
  private fd = -1;
  private appended = 0;
  /** Lines that did not parse at open (a torn tail after a kill); they are ignored. */
  skippedLines = 0;

  private constructor(readonly file: string, private readonly lock: StoreLock, private readonly opts: Required<StoreOptions>) {}

  /** Opens (and locks) the store of a state folder; prunes and rewrites it. */
  static open(stateDir: string, options: StoreOptions = {}): WebhookStore {
    const dir = webhooksDir(stateDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = acquireStoreLock(path.join(dir, 'listener.lock'), dir);
    const opts = { now: options.now ?? Date.now, retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS, maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES };
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

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): StoredDelivery | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Deliveries not finished, oldest first: what a restart resumes. */
  pending(): StoredDelivery[] {
    return [...this.entries.values()].filter((e) => !e.finished).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  }

  pendingCount(): number {
    let n = 0;
    for (const e of this.entries.values()) if (!e.finished) n++;
    return n;
  }

  /** Records a new notification durably. Call before answering 2xx. */
  accept(init: { key: string; event: string; orderId?: number; body: string; targets: Target[] }): StoredDelivery {
    const existing = this.entries.get(init.key);
    if (existing) return existing;
    const at = this.iso();
    this.append({ t: 'in', key: init.key, event: init.event, orderId: init.orderId, at, body: init.body, targets: init.targets });
    return this.entries.get(init.key)!;
  }

  markConfirmed(key: string): void {
    this.append({ t: 'confirmed', key, at: this.iso() });
  }

  markDone(key: string, target: Target): void {
    this.append({ t: 'done', key, target, at: this.iso() });
  }

  drop(key: string, reason: string): void {
    this.append({ t: 'dropped', key, reason, at: this.iso() });
  }

  finish(key: string): void {
    this.append({ t: 'end', key, at: this.iso() });
  }

  close(): void {
    if (this.fd >= 0) {
      try { fs.closeSync(this.fd); } catch { /* closing anyway */ }
      this.fd = -1;
    }
    this.lock.release();
  }

  private iso(): string {
    return new Date(this.opts.now()).toISOString();
  }

  private append(record: StoreRecord): void {
    if (this.fd < 0) throw new Error('the webhook store is closed');
    const buf = Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
    let off = 0;
    while (off < buf.length) off += fs.writeSync(this.fd, buf, off, buf.length - off);
    fs.fsyncSync(this.fd);
    this.apply(record);
    this.appended++;
    if (this.appended > Math.max(1000, this.entries.size * 2)) this.compact();
  }

  private apply(r: StoreRecord): void {
    if (r.t === 'entry') {
      const { t: _t, ...entry } = r;
      this.entries.set(r.key, entry);
      return;
    }
    if (r.t === 'in') {
      if (this.entries.has(r.key)) return;
      this.entries.set(r.key, {
        key: r.key, event: r.event, orderId: r.orderId, receivedAt: r.at, body: r.body, targets: r.targets,
        confirmed: false, done: [], finished: false,
      });
      return;
    }
    const e = this.entries.get(r.key);
    if (!e) return; // its "in" record was pruned: nothing to update
    switch (r.t) {
      case 'confirmed': e.confirmed = true; break;
      case 'done': if (!e.done.includes(r.target)) e.done.push(r.target); break;
      case 'dropped': e.dropped = r.reason; break;
      case 'end':
        e.finished = true;
        e.finishedAt = r.at;
        e.body = undefined;
        break;
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
      try { value = JSON.parse(line); } catch { this.skippedLines++; continue; }
      const r = StoreRecord.safeParse(value);
      if (r.success) this.apply(r.data);
      else this.skippedLines++;
    }
  }

  /** Forget finished deliveries past the retention, then the oldest past maxEntries. */
  private prune(): void {
    const cutoff = this.opts.now() - this.opts.retentionMs;
    const finished: StoredDelivery[] = [];
    for (const e of this.entries.values()) {
      if (!e.finished) continue;
      if (Date.parse(e.finishedAt ?? e.receivedAt) < cutoff) this.entries.delete(e.key);
      else finished.push(e);
    }
    const excess = finished.length - this.opts.maxEntries;
    if (excess > 0) {
      finished.sort((a, b) => (a.finishedAt ?? a.receivedAt).localeCompare(b.finishedAt ?? b.receivedAt));
      for (const e of finished.slice(0, excess)) this.entries.delete(e.key);
    }
  }

  /** Rewrite the file as one `entry` line per remembered delivery (temp file + rename). */
  private compact(): void {
    this.prune();
    const tmp = `${this.file}.${process.pid}.tmp`;
    const lines = [...this.entries.values()].map((e) => JSON.stringify({ t: 'entry', ...e }));
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeSync(fd, lines.length ? `${lines.join('\n')}\n` : '');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    fsyncDir(path.dirname(this.file));
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, 'a', 0o600);
    this.appended = 0;
  }
}

