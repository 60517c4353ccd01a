// Per-platform text: Telegram HTML (parse_mode HTML: only &, < and > need escaping,
// simpler and safer than MarkdownV2's 18 reserved characters), Discord markdown with every
// markdown character escaped and mentions neutralised (allowed_mentions: none, and @ broken by a
// zero-width space so a copy-paste cannot ping either), and JSON for the generic webhook.
// Text from the network or a file is stripped of control characters first (sanitizeInline).
import { sanitizeInline } from '../output/sanitize.js';
import { type Notice, type Say, sayEnglish } from './notice.js';

/** Telegram's sendMessage text limit (characters after entity parsing; we count before, safe). */
export const TELEGRAM_MAX_CHARS = 4096;
/** Discord's message content limit. */
export const DISCORD_MAX_CHARS = 2000;

export function escapeTelegramHtml(text: string): string {
  return sanitizeInline(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A notice's headline and lines in the seller's language (labels always; values marked as words). */
function said(n: Notice, say: Say = sayEnglish): { headline: string; fields: [string, string][] } {
  return { headline: say(n.headline), fields: n.fields.map(([k, v, words]) => [label(k, say), words ? say(v) : v]) };
}

/** A label's own entry, `label:NAME` (as table headers are `header:NAME`): a one-word label never catches another text. */
function label(k: string, say: Say): string {
  const l = say(`label:${k}`);
  return l.startsWith('label:') ? k : l;
}

export function telegramText(n: Notice, say: Say = sayEnglish): string {
  const s = said(n, say);
  const lines = [`<b>${escapeTelegramHtml(s.headline)}</b>`];
  for (const [k, v] of s.fields) lines.push(`${escapeTelegramHtml(k)}: <code>${escapeTelegramHtml(v)}</code>`);
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

export function discordText(n: Notice, say: Say = sayEnglish): string {
  const s = said(n, say);
  const lines = [`**${escapeDiscord(s.headline)}**`];
  for (const [k, v] of s.fields) lines.push(`${escapeDiscord(k)}: ${escapeDiscord(v)}`);
  return lines.join('\n');
}

/** Plain text (the terminal's `--dry-run` view), control characters stripped. */
export function plainText(n: Notice, say: Say = sayEnglish): string {
  const s = said(n, say);
  return [sanitizeInline(s.headline), ...s.fields.map(([k, v]) => `  ${sanitizeInline(k)}: ${sanitizeInline(v)}`)].join(
    '\n',
  );
}

/** WhatsApp's own light markup: *bold* headline, plain lines (no HTML, nothing to escape but control characters). */
export function whatsappText(n: Notice, say: Say = sayEnglish): string {
  const s = said(n, say);
  return [
    `*${sanitizeInline(s.headline).replace(/\*/g, '')}*`,
    ...s.fields.map(([k, v]) => `${sanitizeInline(k)}: ${sanitizeInline(v)}`),
  ].join('\n');
}

/**
 * Bursts become one message: join as many notices as fit under `max` characters
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
