// The two budgets the confirmation queue spends (confirm-queue.ts): the listener's share of the
// account's requests (spec 8), and the share of it that requests confirming nothing may take
// (UNCONFIRMED_SHARE in src/api/assumptions.ts), a minute and a day; and what it remembers of
// ids and senders, bounded.
const DAY_MS = 24 * 60 * 60_000;

/** At most N requests in any rolling minute: the listener's share, a hard ceiling. */
export class MinuteBudget {
  private times: number[] = [];
  constructor(readonly perMinute: number) {}
  nextFree(now: number): number {
    this.times = this.times.filter((t) => t > now - 60_000);
    return this.times.length < this.perMinute ? now : Math.min(...this.times) + 60_000;
  }
  take(now: number): void {
    this.times.push(now);
  }
}

/**
 * N a minute, evenly spaced (a bucket of one token, refilled every 60/N s): the unknown senders'
 * budget. Spaced rather than N at once, so a flood that spends it delays a real sale by at most
 * 60/N s, not a minute; a request that confirmed something gives its token back.
 */
export class SpacedBudget {
  private tokens = 1;
  private at = -Infinity;
  /** The requests charged in the last 24 h, oldest first: the day's room (spec 8's daily budget). */
  private day: number[] = [];
  constructor(
    readonly perMinute: number,
    readonly perDay: number = Infinity,
  ) {}
  private refill(now: number): void {
    if (this.at === -Infinity) {
      this.at = now;
      return;
    }
    this.tokens = Math.min(1, this.tokens + ((now - this.at) * this.perMinute) / 60_000);
    this.at = now;
  }
  nextFree(now: number): number {
    this.refill(now);
    const minute = this.tokens >= 1 ? now : now + Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
    return Math.max(minute, this.dayFree(now));
  }
  /** When the day's room has a request free again. */
  dayFree(now: number): number {
    while (this.day.length > 0 && this.day[0]! <= now - DAY_MS) this.day.shift();
    return this.day.length < this.perDay ? now : this.day[0]! + DAY_MS;
  }
  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
    this.day.push(now);
  }
  giveBack(): void {
    this.tokens = Math.min(1, this.tokens + 1);
    this.day.pop();
  }
}

/** A map that forgets its oldest entry past `max` (memory stays flat under a flood); set() renews. */
export class Bounded<K, V> extends Map<K, V> {
  constructor(readonly max: number) {
    super();
  }
  override set(k: K, v: V): this {
    super.delete(k);
    super.set(k, v);
    if (this.size > this.max) super.delete(this.keys().next().value!);
    return this;
  }
}

/** Ids the service refused: not looked up by id again for `refuseForMs`, doubling each time, at most `maxRefuseForMs`. */
export class RefusedIds extends Bounded<string, { until: number; times: number }> {
  refused(id: string, now: number, p: { refuseForMs: number; maxRefuseForMs: number }): void {
    const times = (this.get(id)?.times ?? 0) + 1;
    this.set(id, { until: now + Math.min(p.maxRefuseForMs, p.refuseForMs * 2 ** (times - 1)), times });
  }
}
