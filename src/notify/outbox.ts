// The notices' outbox: `send()` only queues, so a slow or failing chat platform never
// blocks the shop's loop. One pump per channel drains its queue: every notice waiting when a
// request can go is batched into that request (a burst becomes one message), each platform's
// pace is kept, a 429's retry_after is waited out (not counted as a failure), other failures
// are retried with a capped backoff and given up on only after MAX_ATTEMPTS.
import type { Channel } from './channel.js';
import type { Notice } from './notice.js';
import { ChatPaces, SHARED_CHAT_PACES } from './pace.js';

const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 16_000];
/** A retry_after larger than this is not waited for by a one-shot pass (the notice is reported undelivered). */
const MAX_RETRY_AFTER_S = 300;

export interface OutboxOptions {
  /**
   * The resident shop: a platform that does not answer (network, 5xx, 408) is tried again for as
   * long as the shop runs, at the longest backoff, so an hour's outage loses no notice. A
   * refusal (4xx) is still given up at once, and a one-shot pass keeps MAX_ATTEMPTS.
   */
  retryUnanswered?: boolean;
  /** The Telegram chats' paces, shared with the bot's replies (pace.ts); a test gives its own. */
  paces?: ChatPaces;
}

export interface OutboxEvents {
  sent?(channel: string, count: number): void;
  /** A request was refused or failed; `willRetry` says whether the pump tries again. */
  problem?(channel: string, detail: string, willRetry: boolean): void;
}

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

interface Queue {
  channel: Channel;
  pending: Notice[];
  running?: Promise<void>;
  nextAt: number;
}

export interface OutboxStats {
  sent: Record<string, number>;
  failed: Record<string, number>;
  requests: Record<string, number>;
}

export class Outbox {
  private readonly queues: Queue[];
  private readonly shared = new Map<string, number>();
  private readonly abort = new AbortController();
  private readonly paces: ChatPaces;
  readonly stats: OutboxStats = { sent: {}, failed: {}, requests: {} };

  constructor(
    channels: Channel[],
    private readonly events: OutboxEvents = {},
    private readonly sleep: Sleep = realSleep,
    private readonly now: () => number = Date.now,
    private readonly opts: OutboxOptions = {},
  ) {
    // Shared only on the real clock: slots taken on a test's injected clock mean nothing on another's.
    this.paces = opts.paces ?? (now === Date.now ? SHARED_CHAT_PACES : new ChatPaces());
    this.queues = channels.map((channel) => ({ channel, pending: [], nextAt: 0 }));
    for (const c of channels) {
      this.stats.sent[c.name] = 0;
      this.stats.failed[c.name] = 0;
      this.stats.requests[c.name] = 0;
    }
  }

  /** Queue a notice for every channel that wants its kind; returns at once. */
  send(n: Notice): void {
    for (const q of this.queues) {
      if (!q.channel.wants(n.kind)) continue;
      q.pending.push(n);
      q.running ??= this.pump(q).finally(() => {
        q.running = undefined;
      });
    }
  }

  /** Notices still queued, per channel. */
  pendingCount(): number {
    return this.queues.reduce((n, q) => n + q.pending.length, 0);
  }

  /** Wait until every queue is empty, or `ms` passed (then stop the pumps): a one-shot pass's end. */
  async drain(ms: number): Promise<void> {
    const all = Promise.all(this.queues.map((q) => q.running ?? Promise.resolve()));
    const timer = new AbortController();
    // A wall-clock bound on the run's end (the pumps' own waits use the injected clock).
    await Promise.race([all, realSleep(ms, timer.signal)]);
    timer.abort();
    this.close();
    await all;
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(q: Queue): Promise<void> {
    const c = q.channel;
    let attempt = 0;
    while (q.pending.length > 0 && !this.abort.signal.aborted) {
      await this.pace(q);
      if (this.abort.signal.aborted) break;
      const p = c.payload(q.pending);
      this.stats.requests[c.name]!++;
      let detail: string;
      try {
        const r = await c.post(p.body, this.abort.signal);
        this.afterAnswer(q, r.remaining, r.resetAfterS);
        if (r.status >= 200 && r.status < 300) {
          q.pending.splice(0, p.taken);
          this.stats.sent[c.name]! += p.taken;
          this.events.sent?.(c.name, p.taken);
          attempt = 0;
          continue;
        }
        // the platform's own words (Telegram's `description`) are its data: quoted, never re-worded
        detail = `HTTP ${r.status}${r.detail ? ` "${r.detail.replace(/"/g, "'")}"` : ''}`;
        if (r.status === 429 && (r.retryAfterS ?? 1) <= MAX_RETRY_AFTER_S) {
          // Not a failure: the platform said when. Wait exactly that long (at least its word).
          this.events.problem?.(c.name, this.clean(c, `${detail}: retrying after ${r.retryAfterS ?? 1} s`), true);
          q.nextAt = Math.max(q.nextAt, this.now() + Math.ceil((r.retryAfterS ?? 1) * 1000));
          if (c.chatPace) this.paces.hold(c.chatPace.key, q.nextAt);
          continue;
        }
        if (r.status < 500 && r.status !== 408 && r.status !== 429) {
          this.giveUp(q, p.taken, detail); // a refusal (bad token, chat not found): retrying cannot help
          continue;
        }
      } catch (err) {
        detail = (err as Error).message;
      }
      attempt++;
      if (attempt >= MAX_ATTEMPTS && !this.opts.retryUnanswered) {
        this.giveUp(q, p.taken, `${detail} after ${attempt} attempts`);
        attempt = 0;
        continue;
      }
      const waitMs = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!;
      this.events.problem?.(c.name, this.clean(c, `${detail}: retrying in ${waitMs / 1000} s`), true);
      q.nextAt = Math.max(q.nextAt, this.now() + waitMs);
    }
  }

  private giveUp(q: Queue, taken: number, detail: string): void {
    q.pending.splice(0, taken);
    this.stats.failed[q.channel.name]! += taken;
    this.events.problem?.(q.channel.name, this.clean(q.channel, `${detail}: ${taken} notice(s) not delivered`), false);
  }

  /** Wait for this channel's pace, and the platform-wide one it shares (one Telegram bot). */
  private async pace(q: Queue): Promise<void> {
    const s = q.channel.sharedLimit;
    const p = q.channel.chatPace;
    const free = Math.max(q.nextAt, s ? (this.shared.get(s.key) ?? 0) : 0, this.now());
    const at = p ? this.paces.reserve(p.key, p.minIntervalMs, free) : free;
    const wait = at - this.now();
    if (wait > 0) await this.sleep(wait, this.abort.signal);
    const t = this.now();
    q.nextAt = t + q.channel.minIntervalMs;
    if (s) this.shared.set(s.key, t + s.minIntervalMs);
  }

  /** Discord: an empty bucket means wait for its reset before the next request. */
  private afterAnswer(q: Queue, remaining?: number, resetAfterS?: number): void {
    if (remaining === 0 && resetAfterS !== undefined)
      q.nextAt = Math.max(q.nextAt, this.now() + Math.ceil(resetAfterS * 1000));
  }

  /** Every form of the channel's secret cut out whole (longest first), not even a tail left. */
  private clean(c: Channel, text: string): string {
    let out = text;
    for (const s of c.secrets) if (s.length >= 8) out = out.split(s).join('[secret]');
    return out;
  }
}
