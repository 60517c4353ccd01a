// what changed since the data file was last written, so that a write persists the
// change and not the whole state. The big collections (listings, orders, keys: 100,000 rows and
// more) and the stored idempotent responses are marked by the code that changes them, one call
// next to each mutation; everything else (accounts, games, reviews, questions, counters, the
// clock) is small and compared with what was last written at each flush (persist.ts), so it
// needs no mark. Without a data file nothing is tracked (no ChangeSet is attached).
import type { KeyRecord, Listing, Order, SandboxData } from './state.js';

export interface MarkedRecords {
  listings: Listing;
  orders: Order;
  keys: KeyRecord;
}
export type MarkedCollection = keyof MarkedRecords;
export const MARKED: readonly MarkedCollection[] = ['listings', 'orders', 'keys'];

export class ChangeSet {
  readonly records: { [C in MarkedCollection]: Set<MarkedRecords[C]> } = {
    listings: new Set(),
    orders: new Set(),
    keys: new Set(),
  };
  /** Idempotency-Keys stored or forgotten. */
  readonly idempotency = new Set<string>();

  get size(): number {
    return this.records.listings.size + this.records.orders.size + this.records.keys.size + this.idempotency.size;
  }

  clear(): void {
    for (const c of MARKED) this.records[c].clear();
    this.idempotency.clear();
  }
}

const attached = new WeakMap<SandboxData, ChangeSet>();

/** Track the changes of `data` (the persister does, for a sandbox with a data file). */
export function track(data: SandboxData, changes: ChangeSet): void {
  attached.set(data, changes);
}

/** A record of a big collection was added or changed in place: it is written with the next flush. */
export function changed<C extends MarkedCollection>(data: SandboxData, collection: C, record: MarkedRecords[C]): void {
  attached.get(data)?.records[collection].add(record);
}

/** An idempotency record was stored, or deleted (expired, forgotten). */
export function changedIdempotency(data: SandboxData, key: string): void {
  attached.get(data)?.idempotency.add(key);
}
