// Only the seller commands the shop. An update from a user or chat not in shop.yaml's allowlist
// gets no answer at all (a bot that answers strangers tells them it exists) and is written to
// the audit log; commands are bounded in rate for everyone together, so a stolen chat cannot
// spend the shop's quota. The audit log (0600, append-only, fsync'd) keeps who asked what and
// what was done; never a buyer's text or a secret, only ids, command names and outcomes.
import { join } from 'node:path';
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
