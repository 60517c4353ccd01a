// One Telegram chat's pace, shared by everything that writes to it: the shop's notices (the
// outbox) and the bot's replies. Telegram allows about one message a second in a chat and 20 a
// minute in a group or channel (core.telegram.org/bots/faq, "broadcasting to users"); two
// writers each keeping it alone would together break it. Each message reserves the next slot
// of its chat before it goes, so the two interleave instead of colliding, and a 429's
// retry_after holds the whole chat, not only the writer that got it.
import { createHash } from 'node:crypto';
import { TELEGRAM_PACE } from '../api/assumptions.js';

const PRIVATE_MS = TELEGRAM_PACE.privateChatMs;
const GROUP_MS = TELEGRAM_PACE.groupChatMs;

/** A chat's key: the bot (a hash of its token, never the token) and the chat id. */
export function chatKey(token: string, chat: string | number): string {
  return `${createHash('sha256').update(token).digest('hex').slice(0, 16)}:${chat}`;
}

/** A group, supergroup or channel (a negative id or an @name) gets 20 a minute; a person 1 a second. */
export function chatIntervalMs(chat: string | number): number {
  return /^[-@]/.test(String(chat)) ? GROUP_MS : PRIVATE_MS;
}

export class ChatPaces {
  private readonly next = new Map<string, number>();

  /** The time this message may go: the chat's next free slot, not before `earliest`; the slot is taken. */
  reserve(key: string, intervalMs: number, earliest: number): number {
    const at = Math.max(earliest, this.next.get(key) ?? 0);
    this.next.set(key, at + intervalMs);
    return at;
  }

  /** Telegram said 429: nothing more to this chat before `until`. */
  hold(key: string, until: number): void {
    this.next.set(key, Math.max(this.next.get(key) ?? 0, until));
  }
}

/** The one shared by `shop run`'s outbox and its bot (both on the real clock). */
export const SHARED_CHAT_PACES = new ChatPaces();
