// Per-platform text (issue 24): Telegram HTML (parse_mode HTML: only &, < and > need escaping,
// simpler and safer than MarkdownV2's 18 reserved characters), Discord markdown with every
// markdown character escaped and mentions neutralised (allowed_mentions: none, and @ broken by a
// zero-width space so a copy-paste cannot ping either), and JSON for the generic webhook.
// Text from the network or a file is stripped of control characters first (sanitizeInline).
import { sanitizeInline } from '../output/sanitize.js';
import type { Notice } from './notice.js';

/** Telegram's sendMessage text limit (characters after entity parsing; we count before, safe). */
export const TELEGRAM_MAX_CHARS = 4096;
/** Discord's message content limit. */
export const DISCORD_MAX_CHARS = 2000;

export function escapeTelegramHtml(text: string): string {
  return sanitizeInline(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function telegramText(n: Notice): string {
  const lines = [`<b>${escapeTelegramHtml(n.headline)}</b>`];
  for (const [k, v] of n.fields) lines.push(`${escapeTelegramHtml(k)}: <code>${escapeTelegramHtml(v)}</code>`);
  return lines.join('\n');
}

export function escapeDiscord(text: string): string {
  return (
    sanitizeInline(text)
      // markdown: \ * _ ~ ` | > # - [ ] ( ) and the masked-link and heading starters
      .replace(/[\\*_~`|>#\-[\]()]/g, (c) => `\\${c}`)
      // @everyone, @here, <@id>: never a ping, even pasted elsewhere
      .replace(/@/g, '@\u200b')
  );
}

export function discordText(n: Notice): string {
  const lines = [`**${escapeDiscord(n.headline)}**`];
  for (const [k, v] of n.fields) lines.push(`${escapeDiscord(k)}: ${escapeDiscord(v)}`);
  return lines.join('\n');
}

/** Plain text (the terminal's `--dry-run` view), control characters stripped. */
export function plainText(n: Notice): string {
  return [sanitizeInline(n.headline), ...n.fields.map(([k, v]) => `  ${sanitizeInline(k)}: ${sanitizeInline(v)}`)].join(
    '\n',
  );
}

/**
 * Bursts become one message (issue 24): join as many notices as fit under `max` characters
 * (a blank line between); the rest wait for the next message. Always takes at least one
 * (cut to `max`), so a giant title cannot block the queue.
 */
export function batch<T>(items: T[], render: (x: T) => string, max: number): { text: string; taken: number } {
  let text = '';
  let taken = 0;
  for (const x of items) {
    const part = render(x);
    const next = taken === 0 ? part : `${text}\n\n${part}`;
    if (next.length > max) {
      if (taken === 0) return { text: `${part.slice(0, max - 1)}…`, taken: 1 };
      break;
    }
    text = next;
    taken++;
  }
  return { text, taken };
}
