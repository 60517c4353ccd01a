// What notifications the service has not confirmed may occupy, counted apart from the
// confirmed deliveries: slots, bytes, and each sender address's share. 10,050 forged posts once
// filled all 10,000 pending slots and a real sale got 503 on both its notifications. Now a forged
// notification can only take room in this pool, a sender only its share of it, and an entry
// leaves it when the service confirms it, refuses it, or it is given up (decisions.ts).
import { STORE_LIMITS } from './decisions.js';

export interface PoolLimits {
  maxUnconfirmed: number;
  maxUnconfirmedBytes: number;
  unconfirmedPerAddress: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  maxUnconfirmed: STORE_LIMITS.maxUnconfirmed,
  maxUnconfirmedBytes: STORE_LIMITS.maxUnconfirmedBytes,
  unconfirmedPerAddress: STORE_LIMITS.unconfirmedPerAddress,
};

/** The store cannot take a notification now: 503 with Retry-After (the service resends, spec 6.2.2). */
export class StoreFullError extends Error {}

/** The unconfirmed pool is full: 503 like a full disk. */
export class PoolFullError extends StoreFullError {}

/** One sender holds its whole share: 429 for that sender only. */
export class SenderLimitedError extends Error {
  constructor(
    readonly address: string,
    readonly held: number,
  ) {
    super(`sender ${address} holds ${held} unconfirmed notifications, its share`);
  }
}

const UNKNOWN = '(unknown)';

export class UnconfirmedPool {
  private readonly entries = new Map<string, { from: string; bytes: number }>();
  private readonly perAddress = new Map<string, number>();
  private totalBytes = 0;

  constructor(readonly limits: PoolLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  held(address: string | undefined): number {
    return this.perAddress.get(address ?? UNKNOWN) ?? 0;
  }

  /** Throws when a new entry of `bytes` from `address` does not fit; checks only. */
  check(address: string | undefined, bytes: number): void {
    const held = this.held(address);
    if (held >= this.limits.unconfirmedPerAddress) throw new SenderLimitedError(address ?? UNKNOWN, held);
    if (this.entries.size >= this.limits.maxUnconfirmed)
      throw new PoolFullError(`${this.entries.size} unconfirmed notifications are waiting already`);
    if (this.totalBytes + bytes > this.limits.maxUnconfirmedBytes)
      throw new PoolFullError(`unconfirmed notifications hold ${this.totalBytes} bytes already`);
  }

  add(key: string, address: string | undefined, bytes: number): void {
    if (this.entries.has(key)) return;
    const from = address ?? UNKNOWN;
    this.entries.set(key, { from, bytes });
    this.perAddress.set(from, (this.perAddress.get(from) ?? 0) + 1);
    this.totalBytes += bytes;
  }

  remove(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.totalBytes -= e.bytes;
    const left = (this.perAddress.get(e.from) ?? 1) - 1;
    if (left <= 0) this.perAddress.delete(e.from);
    else this.perAddress.set(e.from, left);
  }
}
