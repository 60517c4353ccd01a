// What the shop remembers between passes ("rerun does nothing twice"), in
// SVC_STATE_DIR/shop-state.json (0600): the sales already announced, and the alerts and refusals
// already told, so a notice goes out when a condition starts, not on every pass while it lasts.
// Refills need nothing here: the pool ledger makes them exact. Written whole, by rename, synced.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from '../config/paths.js';
import { fsyncDir } from '../state/durable.js';

/** Sales older than this are forgotten (the window the sales source is read over, plus a day). */
const SALE_MEMORY_MS = 8 * 86_400_000;
/** Inbox items told are remembered this long (the lists read are their newest page). */
const INBOX_MEMORY_MS = 60 * 86_400_000;

export interface ShopMemoryData {
  v: 1;
  /** order id → createdAt: sales already announced (or seen on the first pass). */
  sales: Record<string, string>;
  /** Set after the first pass: before it, sales already made are remembered, not announced. */
  salesKnown: boolean;
  /** "kind:rule" → since when it holds. */
  told: Record<string, string>;
  /** Inbox items and stuck sales already told ("new_question:ID" → when); set after the first full pass. */
  inbox?: Record<string, string>;
  inboxKnown?: boolean;
}

export class ShopMemory {
  private constructor(
    private readonly file: string,
    readonly data: ShopMemoryData,
  ) {}

  static open(stateDir: string): ShopMemory {
    const file = join(stateDir, 'shop-state.json');
    let data: ShopMemoryData = { v: 1, sales: {}, salesKnown: false, told: {} };
    if (existsSync(file)) {
      try {
        const v = JSON.parse(readFileSync(file, 'utf8')) as ShopMemoryData;
        if (v?.v === 1) data = { ...data, ...v };
      } catch {
        // unreadable: start again (at worst an alert is told once more)
      }
    }
    return new ShopMemory(file, data);
  }

  /** A sale not announced yet: remember it, and say whether to announce it now. */
  firstSight(orderId: number, createdAt: string): boolean {
    const k = String(orderId);
    if (this.data.sales[k] !== undefined) return false;
    this.data.sales[k] = createdAt;
    return true;
  }

  /** Whether a condition starts now (tell it) or was already told; `holds: false` forgets it. */
  starts(key: string, holds: boolean, at: string): boolean {
    if (!holds) {
      delete this.data.told[key];
      return false;
    }
    if (this.data.told[key] !== undefined) return false;
    this.data.told[key] = at;
    return true;
  }

  /** An inbox item or a stuck sale not told yet: remember it; tell it unless this is the first look. */
  firstInbox(key: string, at: string): boolean {
    this.data.inbox ??= {};
    if (this.data.inbox[key] !== undefined) return false;
    this.data.inbox[key] = at;
    return true;
  }

  save(now: number): void {
    for (const [k, at] of Object.entries(this.data.inbox ?? {}))
      if (now - Date.parse(at) > INBOX_MEMORY_MS) delete this.data.inbox![k];
    for (const [k, at] of Object.entries(this.data.sales))
      if (now - Date.parse(at) > SALE_MEMORY_MS) delete this.data.sales[k];
    const dir = join(this.file, '..');
    ensurePrivateDir(dir);
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(this.data)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    fsyncDir(dir);
  }
}
