// The contract between `svc questions inbox` and its Ink screen: the screen gets callbacks
// and never does HTTP itself (style.md principle 1). No React here, so the CLI can import
// these types without loading Ink.

/** One unanswered question with its listing, as the screen shows it (raw, unsanitised text). */
export interface InboxQuestion {
  id: number;
  text: string;
  askerName?: string;
  createdAt?: string;
  orderId?: number;
  productId?: number;
  listing?: { title?: string; state?: string; price?: string };
  /** Why the listing could not be read (deleted, no scope, …). */
  listingNote?: string;
}

export type InboxFailure = 'revise' | 'skip' | 'stop' | 'retry';

export type InboxSendOutcome =
  | { ok: true }
  | { ok: false; failure: InboxFailure; message: string; hint?: string; error: unknown };

export interface InboxBudget {
  minuteUsed: number;
  minuteLimit: number;
  hourUsed: number;
  hourLimit: number;
  waitMs: number;
}

export interface InboxCallbacks {
  /** The next unanswered question not shown yet in this session, or null when there is none. */
  next(): Promise<InboxQuestion | null>;
  /** Publish an answer: one call, one operation (a new idempotency key each time). */
  send(id: number, text: string): Promise<InboxSendOutcome>;
  budget(): InboxBudget;
}

export interface InboxResult {
  answered: number;
  skipped: number;
  /** Set when a refusal stopped the session (e.g. EMAIL_NOT_VERIFIED): the command reports it. */
  stoppedBy?: unknown;
  /** A callback failed in a way the screen cannot handle (e.g. the list could not be read). */
  failedWith?: unknown;
}
