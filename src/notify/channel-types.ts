// The shapes every channel shares (src/notify/channel.ts makes them; each platform's module fills one).
import type { PostResult } from './http.js';
import type { Notice, NoticeKind, Say } from './notice.js';

export type ChannelType = 'telegram' | 'discord' | 'webhook' | 'whatsapp';

export interface ChannelConfig {
  name: string;
  type: ChannelType;
  /** Telegram: the chat (numeric id or @channel). */
  chatId?: string;
  /** The events this channel gets (each channel chooses). */
  events: ReadonlySet<NoticeKind> | 'all';
  /** Telegram: a forum topic of the chat (`message_thread_id`). */
  threadId?: number;
  /** WhatsApp (Evolution API): the server's base URL, the instance, the number or group to write to. */
  baseUrl?: string;
  instance?: string;
  to?: string;
  /** JSON webhook: extra headers, their values already read from the secrets they name. */
  headers?: Record<string, string>;
  /** Telegram: this channel's bot takes commands, so a notice's buttons are shown. */
  buttons?: boolean;
  /** The seller's language for this channel's texts. */
  say?: Say;
}

export interface Payload {
  body: unknown;
  /** Notices carried by this body (the rest wait for the next one). */
  taken: number;
  /** What the platform would show, for --dry-run. */
  preview: string;
}

export interface Channel {
  readonly name: string;
  readonly type: ChannelType;
  /** Least time between two requests of this channel. */
  readonly minIntervalMs: number;
  /** A key shared by channels that share a platform-wide limit (one Telegram bot). */
  readonly sharedLimit?: { key: string; minIntervalMs: number };
  /** Telegram: the chat's pace, shared with the bot's replies to the same chat (pace.ts). */
  readonly chatPace?: { key: string; minIntervalMs: number };
  wants(kind: NoticeKind): boolean;
  payload(pending: Notice[]): Payload;
  post(body: unknown, signal?: AbortSignal): Promise<PostResult>;
  /** Every secret this channel holds, for redaction of anything it says. */
  readonly secrets: readonly string[];
}
