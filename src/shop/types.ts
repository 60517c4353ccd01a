// What the shop's runner needs from the layers above and beside it. The runner is
// given these as functions, so it never pages orders, talks HTTP or parses a pool itself: the
// verbs in src/cli/shop/ wire them to the refill path, the bulk-status route and the mirror.
import type { Order } from '../api/responses.js';
import type { ShopRule } from './config.js';

/** One listing (or variant) as the service shows it now. */
export interface ListingView {
  listing: number;
  variant?: number;
  title: string;
  /** Credentials held for automatic delivery (A4 autoDeliveryStock) of this listing or variant. */
  held: number;
  isActive: boolean;
  /** The listing's status (`approved`, `em_analise`, `taken_down`, `permanently_rejected`, …). */
  status: string;
  pausedByOfflineMode: boolean;
}

/** The refill path's answer (src/cli/stock/refill.ts, exact and journaled). */
export interface RefillReport {
  /** Held before. */
  held: number;
  /** Credentials sent (or, planning, that would be sent). */
  sent: number;
  /** Held after (planning: held + sent). */
  inStock: number;
  /** Pool entries never sent, after this refill. */
  poolLeft: number;
  /** Set when the refill was refused or failed. */
  code?: string;
  message?: string;
  /** The refill's exit code when not 0 (3: items refused; 1: the service failed; 4, 5 …). */
  exit?: number;
}

export interface StatusResult {
  id: number;
  status: 'ok' | 'unchanged' | 'failed';
  code?: string;
  message?: string;
}

export interface ShopActions {
  /** The listings of these rules, by rule key (a few list pages, nothing per listing). */
  listings(rules: ShopRule[]): Promise<Map<string, ListingView>>;
  /** Refill a rule to its target; `plan` sends nothing and says what would be sent. */
  refill(rule: ShopRule, mode: 'send' | 'plan', view?: ListingView): Promise<RefillReport>;
  /** Entries of the rule's pool never sent (what a rule at or above its minimum needs): no request. */
  poolLeft(rule: ShopRule): Promise<number>;
  /** PATCH bulk-status (spec 4.2): per-item results, refusals with their spec codes. */
  setStatus(items: { id: number; isActive: boolean }[]): Promise<StatusResult[]>;
  /** The newest questions, reviews and open mediations, as notices keyed by their id (full passes only). */
  inbox?(): Promise<InboxItem[]>;
  /** Sales created at or after `sinceIso` (the orders mirror). */
  salesSince(sinceIso: string, sync: boolean): Iterable<Order> | AsyncIterable<Order>;
}

/** Something new in the seller's inbox: told once per `key` (e.g. `new_question:6001`). */
export interface InboxItem {
  key: string;
  notice: import('../notify/notice.js').Notice;
}

/** What a pass did (or, planning, would do) for one rule: one record per rule in every -o format. */
export interface RuleOutcome {
  rule: string;
  listing: number;
  variant: number | null;
  title: string;
  held: number;
  min: number;
  target: number;
  /** Credentials sent (planning: that would be sent). */
  refill: number;
  inStock: number;
  poolLeft: number;
  /** Units a day over the last 7 days, and days of stock left at that pace (null: no sales). */
  perDay: number;
  daysLeft: number | null;
  /** `activate`, `deactivate` or null. */
  action: 'activate' | 'deactivate' | null;
  /** ok | planned | refused | needs seller | failed */
  result: string;
  code: string | null;
  message: string | null;
  alerts: string[];
}
