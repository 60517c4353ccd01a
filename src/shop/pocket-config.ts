// shop.yaml's keys for the shop in the seller's pocket: the Telegram bot's allowlist, the daily
// digest, the seller's language, and the WhatsApp (Evolution API) channel. A sub-schema of its
// own, spread into src/shop/config.ts, so the loop's schema and this one change apart.
import { POCKET_SHOP } from '../api/assumptions.js';
import { z } from 'zod';
import { evolutionUrlProblem } from '../notify/channel-whatsapp.js';

const TelegramId = z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$/, 'a Telegram id is a number')]);

/** Who may command the shop from Telegram: nobody unless listed (docs/DECISIONS.md). */
export const BotSchema = z.strictObject({
  /** The telegram channel (in `notify:`) whose bot token the bot polls with. */
  channel: z.string().min(1),
  /** Telegram user ids allowed to command (everyone else: no answer, logged). */
  users: z.array(TelegramId).min(1, 'users needs at least one Telegram user id'),
  /** Chats the bot answers in (default: the channel's chat and the users' private chats). */
  chats: z.array(TelegramId).optional(),
  /** Commands a minute, all users together: a stolen chat cannot spend the quota. */
  commandsPerMinute: z.number().int().min(1).max(60).default(POCKET_SHOP.commandsPerMinuteDefault),
});

const Zone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'zone is an IANA time zone, e.g. America/Sao_Paulo' },
);

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export const DigestSchema = z.strictObject({
  /** Local time of the daily digest, HH:MM. */
  at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'at is a time HH:MM, e.g. "21:00"'),
  zone: Zone.default('America/Sao_Paulo'),
  /** Also a weekly digest, on this day at the same time. */
  weekly: z.enum(WEEKDAYS).optional(),
});

export const LanguageSchema = z.enum(['pt-BR', 'en'], { message: 'language is pt-BR or en' });

const ChannelName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a channel name is 1-64 of A-Z a-z 0-9 . _ -');
const EnvName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'secretEnv names an environment variable, e.g. SVC_TG_TOKEN');

export function whatsappChannelSchema<E extends z.ZodType>(events: E) {
  return z.strictObject({
    name: ChannelName,
    type: z.literal('whatsapp'),
    baseUrl: z.string().superRefine((u, ctx) => {
      const bad = evolutionUrlProblem(u);
      if (bad) ctx.addIssue({ code: 'custom', message: bad });
    }),
    instance: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'instance is the Evolution API instance name'),
    /** A phone number with its country code (5511987654321) or a group JID (…@g.us). */
    to: z.union([
      z.string().regex(/^(\d{8,15}|[\d-]{8,40}@g\.us)$/, 'to is a phone number with country code or a group id …@g.us'),
      z.number().int().positive(),
    ]),
    secretEnv: EnvName.optional(),
    events,
  });
}

/** JSON webhook extras: a plain `url:` (no secret in it) and headers whose values come from env variables. */
export const WebhookExtras = {
  url: z.string().url('url is a URL').optional(),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name'), EnvName).optional(),
};
