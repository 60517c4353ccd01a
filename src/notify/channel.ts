// One channel interface for every chat platform: a channel turns a run of notices into
// one request body (bursts batched into one message), knows its platform's pace, and posts
// through src/notify/http.ts. Limits used (the platforms' documented ones):
// - Telegram Bot API: about 1 message a second per chat, 30 a second per bot overall; a 429
//   carries `parameters.retry_after` (seconds).
// - Discord webhooks: 5 requests per 2 seconds per webhook; a 429 carries JSON `retry_after`
//   (seconds), and every answer X-RateLimit-Remaining / X-RateLimit-Reset-After.
// - A generic JSON webhook: ours to pace gently (5 a second), Retry-After honoured.
// - WhatsApp through a self-hosted Evolution API (channel-whatsapp.ts): paced like a chat.
import { createHash } from 'node:crypto';
import { whatsappChannel } from './channel-whatsapp.js';
import { DISCORD_MAX_CHARS, TELEGRAM_MAX_CHARS, batch, discordText, plainText, telegramText } from './format.js';
import { loopbackOverride, postJson } from './http.js';
import type { Channel, ChannelConfig, ChannelType } from './channel-types.js';
import { type Notice, type NoticeKind, sayEnglish } from './notice.js';
import { chatIntervalMs, chatKey } from './pace.js';
import { webhookPayload } from './webhook-data.js';

export type { Channel, ChannelConfig, ChannelType } from './channel-types.js';

const TELEGRAM_API = 'https://api.telegram.org';

/**
 * Every form of a channel secret a message could hold: the whole (a bot token, a webhook URL), its
 * parts that are secret on their own (the token after `123:`, a URL's last or long path segments
 * and its query: a Discord webhook's token is its last segment), and each of those URL-encoded. None of them is
 * ever printed (retry warnings, errors): the outbox cuts them all out.
 */
function secretParts(secret: string): string[] {
  const parts = new Set<string>([secret]);
  const colon = secret.indexOf(':');
  if (colon > 0 && !secret.includes('/')) parts.add(secret.slice(colon + 1));
  try {
    const u = new URL(secret);
    const segs = u.pathname.split('/').filter(Boolean);
    // The last segment (a Discord webhook's token) and any long one (a random path); not `webhooks`.
    segs.forEach((seg, i) => {
      if (i === segs.length - 1 || seg.length >= 16) parts.add(decodeURIComponent(seg));
    });
    if (u.search.length > 1) parts.add(u.search.slice(1));
  } catch {
    /* not a URL: a token */
  }
  for (const p of [...parts]) parts.add(encodeURIComponent(p));
  return [...parts].filter((p) => p.length >= 8).sort((a, b) => b.length - a.length);
}

/** The channel for a config entry and its secret (bot token; Discord or webhook URL). */
export function makeChannel(c: ChannelConfig, secret: string, env: NodeJS.ProcessEnv): Channel {
  const wants = (k: NoticeKind) => c.events === 'all' || c.events.has(k);
  const say = c.say ?? sayEnglish;
  if (c.type === 'whatsapp') return whatsappChannel(c, secret, env, wants);
  if (c.type === 'telegram') {
    const base = loopbackOverride(env.SVC_TELEGRAM_API_BASE) ?? TELEGRAM_API; // tests only: loopback
    const url = `${base}/bot${secret}/sendMessage`;
    return {
      name: c.name,
      type: c.type,
      minIntervalMs: c.chatId ? 0 : 1000, // the chat's own pace is chatPace, shared with the bot's replies
      ...(c.chatId ? { chatPace: { key: chatKey(secret, c.chatId), minIntervalMs: chatIntervalMs(c.chatId) } } : {}),
      sharedLimit: { key: createHash('sha256').update(secret).digest('hex').slice(0, 16), minIntervalMs: 34 },
      wants,
      secrets: secretParts(secret),
      payload(pending) {
        // A notice with buttons (the bot's own chat only) goes alone, its buttons under it.
        const first = c.buttons ? pending[0]?.buttons : undefined;
        const upTo = c.buttons ? pending.findIndex((n, i) => i > 0 && n.buttons) : -1;
        const { text, taken } = first
          ? { text: telegramText(pending[0]!, say), taken: 1 }
          : batch(upTo > 0 ? pending.slice(0, upTo) : pending, (n: Notice) => telegramText(n, say), TELEGRAM_MAX_CHARS);
        return {
          body: {
            chat_id: c.chatId,
            ...(c.threadId !== undefined ? { message_thread_id: c.threadId } : {}),
            text,
            parse_mode: 'HTML',
            disable_web_page_preview: true,
            ...(first
              ? {
                  reply_markup: { inline_keyboard: [first.map((b) => ({ text: say(b.text), callback_data: b.data }))] },
                }
              : {}),
          },
          taken,
          preview: batch(pending.slice(0, taken), (n: Notice) => plainText(n, say), Number.MAX_SAFE_INTEGER).text,
        };
      },
      post: (body, signal) => postJson(url, body, signal),
    };
  }
  if (c.type === 'discord') {
    const url = discordUrl(secret, env);
    return {
      name: c.name,
      type: c.type,
      minIntervalMs: 400, // 5 per 2 s
      wants,
      secrets: secretParts(secret),
      payload(pending) {
        const { text, taken } = batch(pending, (n: Notice) => discordText(n, say), DISCORD_MAX_CHARS);
        return {
          body: { content: text, allowed_mentions: { parse: [] } },
          taken,
          preview: batch(pending.slice(0, taken), (n: Notice) => plainText(n, say), Number.MAX_SAFE_INTEGER).text,
        };
      },
      post: (body, signal) => postJson(url, body, signal),
    };
  }
  return {
    name: c.name,
    type: c.type,
    minIntervalMs: 200,
    wants,
    secrets: [...secretParts(secret), ...Object.values(c.headers ?? {})],
    payload: (pending) => webhookPayload(pending, say),
    post: (body, signal) => postJson(secret, body, { signal, headers: c.headers ?? {} }),
  };
}

/** A Discord webhook URL, its origin swapped for SVC_DISCORD_API_BASE (tests only, loopback only). */
function discordUrl(secret: string, env: NodeJS.ProcessEnv): string {
  const base = loopbackOverride(env.SVC_DISCORD_API_BASE);
  if (!base) return `${secret}${secret.includes('?') ? '&' : '?'}wait=true`;
  const u = new URL(secret);
  return `${base}${u.pathname}?wait=true`;
}

/** The secret's shape, checked when it is stored and when it is read from the environment. */
export function secretProblem(type: ChannelType, secret: string): string | undefined {
  if (type === 'whatsapp')
    return /^[\x21-\x7e]{8,256}$/.test(secret)
      ? undefined
      : 'an Evolution API key is 8-256 visible characters, no spaces';
  if (type === 'telegram')
    return /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/.test(secret)
      ? undefined
      : 'a Telegram bot token looks like 123456789:AA… (from @BotFather)';
  let u: URL;
  try {
    u = new URL(secret);
  } catch {
    return type === 'discord' ? 'a Discord webhook URL starts with https://discord.com/api/webhooks/' : 'not a URL';
  }
  if (type === 'discord')
    return u.protocol === 'https:' &&
      ['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com'].includes(u.hostname) &&
      u.pathname.startsWith('/api/webhooks/')
      ? undefined
      : 'a Discord webhook URL starts with https://discord.com/api/webhooks/';
  const loop = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  return u.protocol === 'https:' || (u.protocol === 'http:' && loop)
    ? undefined
    : 'a webhook URL must be https (http only for 127.0.0.1)';
}
