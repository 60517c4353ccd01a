// `--data FILE` (cli-spec 5): the sandbox state across restarts (a write persists what
// it changed, not the whole state). Loaded at start (data-file.ts); after each change (debounced)
// and at close, the records changed since the last flush are appended to FILE.log as one batch
// and synced; when the log outgrows half the snapshot, the whole state is written again as FILE
// (temporary file + rename) and the log emptied. A read schedules nothing (server.ts). Rate
// counters and logs are not persisted.
import { ChangeSet, MARKED, track } from './changes.js';
import {
  ChangeLog,
  FORMAT_VERSION,
  type Loaded,
  loadDataFile,
  recordId,
  removeStaleTemporaries,
  writeSnapshot,
} from './data-file.js';
import type { SandboxData } from './state.js';

/** Changes are gathered this long before a flush (`SandboxOptions.saveDelayMs`). */
const DEBOUNCE_MS = 200;
/** The log is folded into a new snapshot past this share of the snapshot's size (and MIN_COMPACT_BYTES). */
const COMPACT_RATIO = 0.5;
const MIN_COMPACT_BYTES = 256 * 1024;
/** Small collections: compared with what was written at each flush instead of marked. */
const DIFFED = ['accounts', 'games', 'reviews', 'contestations', 'questions', 'mediations'] as const;
/** Fields that are neither a collection nor a small value compared whole. */
const NOT_META = new Set<string>(['version', 'idempotency', ...MARKED, ...DIFFED]);

export function loadData(file: string): SandboxData | undefined {
  return loadDataFile(file)?.data;
}

type Rec = Record<string, unknown>;

export class Persister {
  readonly changes = new ChangeSet();
  private tracked: SandboxData | undefined;
  /** What was last written of the small parts: collection → id → JSON, and field → JSON. */
  private small = new Map<string, Map<string, string>>();
  private meta = new Map<string, string>();
  private seq = 0;
  private snapshotBytes = 0;
  private logBytes = 0;
  private full = true; // the next flush writes a snapshot (no file yet, a reset, a failed write)
  private log: ChangeLog | undefined;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private running = 0;
  /** Batches and snapshots written so far (tests: reads never write). */
  saves = 0;
  /** Bytes written to the data file and its log (tests and bench: the cost of a write). */
  bytesWritten = 0;

  private data: () => SandboxData = () => {
    throw new Error('Persister.open was not called');
  };
  private beforeFlush: () => void = () => undefined;

  constructor(
    private readonly file: string,
    private readonly delayMs = DEBOUNCE_MS,
  ) {}

  /** A save is scheduled or under way. */
  get pending(): boolean {
    return this.timer !== undefined || this.running > 0;
  }

  /** Load FILE (and its log); undefined when there is none yet. Call `open` once the state is built. */
  load(): SandboxData | undefined {
    const loaded = loadDataFile(this.file);
    if (loaded) this.adopt(loaded);
    return loaded?.data;
  }

  private adopt(l: Loaded): void {
    this.seq = l.seq;
    this.snapshotBytes = l.snapshotBytes;
    this.logBytes = l.logBytes;
    this.full = l.migrate;
    this.tracked = l.data;
    track(l.data, this.changes); // changes made before `open` (preset keys) are kept
    this.baseline(l.data);
  }

  /** Start tracking the state in use; a new or old-format file is written whole at once. */
  async open(data: () => SandboxData, beforeFlush: () => void): Promise<void> {
    this.data = data;
    this.beforeFlush = beforeFlush;
    removeStaleTemporaries(this.file);
    this.log = await ChangeLog.open(this.file, this.logBytes);
    if (this.data() !== this.tracked) this.full = true;
    if (this.full || this.logBytes > this.compactAt()) await this.compact();
  }

  /** A change happened: save soon. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.enqueue();
    }, this.delayMs);
    this.timer.unref();
  }

  /** Save now (close). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.enqueue();
  }

  async close(): Promise<void> {
    await this.flush();
    await this.log?.close();
    this.log = undefined;
  }

  /** One flush at a time, each cutting the state when it runs (never a queue of copies). */
  private enqueue(): Promise<void> {
    this.running++;
    this.chain = this.chain
      .then(() => this.flushOnce())
      .catch(() => {
        this.full = true; // the change set may be lost: the next flush writes everything
      })
      .finally(() => {
        this.running--;
      });
    return this.chain;
  }

  private async flushOnce(): Promise<void> {
    if (!this.log) return;
    this.beforeFlush();
    const data = this.data();
    if (data !== this.tracked) this.full = true; // a reset: a new state object
    if (this.full) return this.compact();
    const lines = this.collect(data);
    if (this.full) return this.compact(); // a record went away: only a snapshot can say so
    if (lines.length === 0) return;
    const seq = this.seq + 1;
    const text = `${lines.map((l) => `{"s":${seq},${l}}\n`).join('')}{"s":${seq},"end":${lines.length}}\n`;
    const bytes = await this.log.append(text);
    this.seq = seq;
    this.saves++;
    this.bytesWritten += bytes;
    this.logBytes += bytes;
    if (this.logBytes > this.compactAt()) await this.compact();
  }

  private compactAt(): number {
    return Math.max(MIN_COMPACT_BYTES, this.snapshotBytes * COMPACT_RATIO);
  }

  /** The whole state as a new snapshot; the log's batches are all in it, so it is emptied. */
  private async compact(): Promise<void> {
    const data = this.data();
    data.version = FORMAT_VERSION;
    this.changes.clear();
    track(data, this.changes);
    this.tracked = data;
    this.baseline(data);
    const bytes = writeSnapshot(this.file, data, this.seq);
    this.full = false;
    this.saves++;
    this.bytesWritten += bytes;
    this.snapshotBytes = bytes;
    this.logBytes = 0;
    await this.log?.clear();
  }

  /** Remember what is on disk of the small parts, to compare at each flush. */
  private baseline(data: SandboxData): void {
    this.small.clear();
    for (const c of DIFFED) {
      const m = new Map<string, string>();
      for (const r of (data[c] ?? []) as unknown as Rec[]) m.set(recordId(c, r), JSON.stringify(r));
      this.small.set(c, m);
    }
    this.meta.clear();
    for (const [k, v] of Object.entries(data))
      if (!NOT_META.has(k) && v !== undefined) this.meta.set(k, JSON.stringify(v));
  }

  /** The lines of one batch: marked records, changed small records and values; the marks are cleared. */
  private collect(data: SandboxData): string[] {
    const lines: string[] = [];
    for (const c of MARKED) {
      for (const r of this.changes.records[c]) lines.push(`"c":"${c}","r":${JSON.stringify(r)}`);
    }
    for (const k of this.changes.idempotency) {
      const e = Object.hasOwn(data.idempotency, k) ? data.idempotency[k] : undefined;
      lines.push(`"c":"idempotency","k":${JSON.stringify(k)},"r":${e ? JSON.stringify(e) : 'null'}`);
    }
    this.changes.clear();
    for (const c of DIFFED) lines.push(...this.diffCollection(c, (data[c] ?? []) as unknown as Rec[]));
    lines.push(...this.diffMeta(data));
    return lines;
  }

  private diffCollection(c: string, list: Rec[]): string[] {
    const seen = this.small.get(c)!;
    if (list.length < seen.size) this.full = true;
    const out: string[] = [];
    for (const r of list) {
      const id = recordId(c, r);
      const json = JSON.stringify(r);
      if (seen.get(id) === json) continue;
      seen.set(id, json);
      out.push(`"c":"${c}","r":${json}`);
    }
    return out;
  }

  private diffMeta(data: SandboxData): string[] {
    const out: string[] = [];
    const now = new Map<string, string>();
    for (const [k, v] of Object.entries(data)) if (!NOT_META.has(k) && v !== undefined) now.set(k, JSON.stringify(v));
    for (const [k, json] of now) if (this.meta.get(k) !== json) out.push(`"m":${JSON.stringify(k)},"v":${json}`);
    for (const k of this.meta.keys()) if (!now.has(k)) out.push(`"m":${JSON.stringify(k)},"d":1`);
    this.meta = now;
    return out;
  }
}
