// What the bot needs from the shop, given as functions by `shop run` (src/cli/shop/bot-seam.ts):
// the bot never talks to the marketplace itself, and its reads come from what the shop already
// holds (the orders mirror, the last pass) where they can, so a command spends no quota.
import type { Order, Question } from '../api/responses.js';
import type { Say } from '../notify/notice.js';
import type { RefillReport, RuleOutcome, StatusResult } from '../shop/types.js';

export interface BotPort {
  /** Sales created at or after `sinceIso`, from the orders mirror (no request). */
  salesSince(sinceIso: string): Promise<Order[]>;
  /** The rules as the last pass left them (undefined before the first pass). */
  stock(): RuleOutcome[] | undefined;
  /** Unanswered questions, newest first (one request). */
  questions(): Promise<Question[]>;
  /** PATCH bulk-status for one listing, with the plan's idempotency key. */
  setStatus(listing: number, active: boolean, key: string): Promise<StatusResult>;
  /** PATCH bulk-price for one listing, with the plan's idempotency key. */
  setPrice(listing: number, cents: number, key: string): Promise<StatusResult>;
  /** A rule's refill: planned (nothing sent) or sent through the refill path's own journal. */
  refill(listing: number, mode: 'plan' | 'send'): Promise<RefillReport | undefined>;
  /** POST a question's answer, with the plan's idempotency key. */
  answer(question: number, text: string, key: string): Promise<StatusResult>;
  /** Lines for /status: the loop's state as the shop sees it. */
  status(): string[];
}

export interface BotSettings {
  users: ReadonlySet<string>;
  chats?: ReadonlySet<string>;
  commandsPerMinute: number;
  /** The zone of "today" (the digest's). */
  zone: string;
  say: Say;
  /** svc's clock (SVC_CLOCK_OFFSET_MS moves it in tests). */
  now(): number;
}
