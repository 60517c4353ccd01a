// Only the seller commands the shop. An update from a user or chat not in shop.yaml's allowlist
// gets no answer at all (a bot that answers strangers tells them it exists) and is written to
// the audit log at most once a minute per sender and chat (StrangerLog); commands are bounded
// in rate for everyone together, so a stolen chat cannot spend the shop's quota. The audit log
// (0600, append-only, fsync'd) keeps who asked what and what was done; never a buyer's text or
// a secret, only ids, command names and outcomes.
import { join } from 'node:path';
import { TELEGRAM_PACE } from '../api/assumptions.js';
import { ensurePrivateDir } from '../config/paths.js';
import { DurableAppendFile } from '../state/append-file.js';

export interface AuditRecord {
  at: string;
  event: 'stranger' | 'command' | 'plan' | 'confirmed' | 'cancelled' | 'refused' | 'limited' | 'result';
  user: string;
  chat: string;
  command?: string;
  plan?: string;
  detail?: string;
}

export class Audit {
  private file?: DurableAppendFile<AuditRecord>;
  constructor(private readonly dir: string) {}

  write(r: AuditRecord): void {
    if (!this.file) {
      ensurePrivateDir(this.dir);
      this.file = DurableAppendFile.append<AuditRecord>(join(this.dir, 'audit.jsonl')).file;
    }
    this.file.write(r);
  }

  close(): void {
    this.file?.close();
  }
}

export interface Allow {
  users: ReadonlySet<string>;
  /** undefined: any chat where an allowed user writes (their private chat, the shop's group). */
  chats?: ReadonlySet<string>;
}

/** Whether this user, in this chat, may command (a group: only its allowed users). */
export function allowed(a: Allow, user: string, chat: string): boolean {
  return a.users.has(user) && (a.chats === undefined || a.chats.has(chat) || chat === user);
}

/** A stranger's messages in the current minute: the first one written, the rest counted. */
interface Seen {
  since: number;
  more: number;
  chat: string;
}
const STRANGER_WINDOW_MS = TELEGRAM_PACE.strangerWindowMs;
/** Senders remembered at once; beyond it, the oldest is forgotten (its count since its line is lost, its line kept). */
const STRANGERS_KEPT = TELEGRAM_PACE.strangersKept;

/**
 * Strangers cannot make the bot write without bound: one audit line per sender and chat a
 * minute, the messages after it counted and written with that pair's next line ("detail":
 * "+N"). Each line is fsync'd (DurableAppendFile), so a flood costs at most one fsync per sender
 * and chat a minute, and the pairs remembered are capped so a flood of new ids costs no
 * unbounded memory.
 */
export class StrangerLog {
  private readonly seen = new Map<string, Seen>();

  /** Whether this message gets a line now, and how many were counted since the sender's last line. */
  take(user: string, chat: string, now: number): { write: boolean; more: number } {
    const s = this.seen.get(user);
    if (s && now - s.since < STRANGER_WINDOW_MS) {
      s.more++;
      return { write: false, more: 0 };
    }
    this.seen.delete(user);
    if (this.seen.size >= STRANGERS_KEPT) this.forgetOldest();
    this.seen.set(user, { since: now, more: 0, chat });
    return { write: true, more: s?.more ?? 0 };
  }

  /** Counts not yet written (for the line written when the bot stops). */
  unwritten(): { user: string; chat: string; more: number }[] {
    return [...this.seen].filter(([, s]) => s.more > 0).map(([user, s]) => ({ user, chat: s.chat, more: s.more }));
  }

  private forgetOldest(): void {
    // A Map iterates in insertion order and a sender is re-inserted on each new window: the first is the oldest.
    const first = this.seen.keys().next();
    if (!first.done) this.seen.delete(first.value);
  }
}

/** A sliding window of one minute over every command, allowed users' included. */
export class RateGate {
  private times: number[] = [];
  constructor(private readonly perMinute: number) {}

  take(now: number): boolean {
    this.times = this.times.filter((t) => now - t < 60_000);
    if (this.times.length >= this.perMinute) return false;
    this.times.push(now);
    return true;
  }
}
