// WhatsApp through a self-hosted Evolution API: POST {baseUrl}/message/sendText/{instance} with
// the `apikey` header and `{number, text}`, where number is a phone number (digits, country code
// first) or a group's JID (…@g.us). The key is a secret like a bot token; the base URL, instance
// and number are plain config. WhatsApp bans senders that flood, so the pace is a chat's: one
// message every 3 seconds at most, bursts batched into one message as on Telegram.
import { POCKET_SHOP } from '../api/assumptions.js';
import { batch, plainText, whatsappText } from './format.js';
import { postJson } from './http.js';
import type { Channel, ChannelConfig } from './channel-types.js';
import { type Notice, type NoticeKind, sayEnglish } from './notice.js';

/** Longer messages are cut by the apps; 4096 is Telegram's and a screenful on a phone. */
const WHATSAPP_MAX_CHARS = 4096;
const WHATSAPP_MIN_INTERVAL_MS = POCKET_SHOP.whatsappMinIntervalMs;

export function whatsappChannel(
  c: ChannelConfig,
  apiKey: string,
  _env: NodeJS.ProcessEnv,
  wants: (k: NoticeKind) => boolean,
): Channel {
  const say = c.say ?? sayEnglish;
  const base = (c.baseUrl ?? '').replace(/\/+$/, '');
  const url = `${base}/message/sendText/${encodeURIComponent(c.instance ?? '')}`;
  return {
    name: c.name,
    type: 'whatsapp',
    minIntervalMs: WHATSAPP_MIN_INTERVAL_MS,
    wants,
    secrets: [apiKey],
    payload(pending) {
      const { text, taken } = batch(pending, (n: Notice) => whatsappText(n, say), WHATSAPP_MAX_CHARS);
      return {
        body: { number: c.to, text },
        taken,
        preview: batch(pending.slice(0, taken), (n: Notice) => plainText(n, say), Number.MAX_SAFE_INTEGER).text,
      };
    },
    post: (body, signal) => postJson(url, body, { signal, headers: { apikey: apiKey } }),
  };
}

/** The base URL's shape: https, or http on loopback or a private network (a self-hosted server at home). */
export function evolutionUrlProblem(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'baseUrl is not a URL';
  }
  if (u.protocol === 'https:') return undefined;
  const privateHost = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|localhost$|\[::1\]$)/.test(u.hostname);
  return u.protocol === 'http:' && privateHost ? undefined : 'baseUrl must be https (http only on a private network)';
}
