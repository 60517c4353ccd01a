// shop.yaml: one file for the whole loop, validated whole before anything is sent.
// zod is the schema; `yaml` (loaded lazily, only by the shop verbs) keeps each node's position,
// so every problem is `FILE:LINE: message` at the line of the value at fault (cli-spec 3), exit 2.
import { documentValue, loadYaml } from '../input/yaml.js';
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { NOTICE_KINDS, type NoticeKind } from '../notify/notice.js';
import { BudgetSchema } from './budget.js';
import {
  BotSchema,
  DigestSchema,
  LanguageSchema,
  WebhookExtras,
  whatsappChannelSchema,
  type WEEKDAYS,
} from './pocket-config.js';

const Id = z.number().int().positive();
const Count = z.number().int().min(0).max(10_000); // spec 8: 10000 per variant

const Rule = z
  .strictObject({
    listing: Id,
    variant: z.number().int().min(0).optional(),
    pool: z.string().min(1, 'pool must name a file'),
    format: z.enum(['lines', 'csv', 'jsonl']).optional(),
    separator: z.string().min(1).optional(),
    target: Count,
    /** Refill only when fewer than this are held (default: the target, so every pass tops up). */
    min: Count.optional(),
    reactivate: z.boolean().default(true),
    deactivateWhenEmpty: z.boolean().default(false),
  })
  .refine((r) => r.min === undefined || r.min <= r.target, { message: 'min must not be above target', path: ['min'] });

const Alerts = z.strictObject({
  /** Alert when the pool has fewer entries left than this. */
  poolLow: Count.optional(),
  /** Alert when fewer days of stock are left at the pace of the last 7 days. */
  daysLeft: z.number().positive().max(365).optional(),
});

const EventList = z.union([
  z.literal('all'),
  z.array(z.enum(NOTICE_KINDS, { message: `an event is one of ${NOTICE_KINDS.join(', ')}` })).min(1),
]);

const ChannelName = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a channel name is 1-64 of A-Z a-z 0-9 . _ -');
const EnvName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'secretEnv names an environment variable, e.g. SVC_TG_TOKEN');

const Channel = z.discriminatedUnion('type', [
  z.strictObject({
    name: ChannelName,
    type: z.literal('telegram'),
    chatId: z.union([
      z.string().regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, 'chatId is a number or @channel'),
      z.number().int(),
    ]),
    secretEnv: EnvName.optional(),
    events: EventList.default('all'),
    /** A forum topic of the chat (message_thread_id). */
    threadId: z.number().int().positive().optional(),
  }),
  z.strictObject({
    name: ChannelName,
    type: z.literal('discord'),
    secretEnv: EnvName.optional(),
    events: EventList.default('all'),
  }),
  z.strictObject({
    name: ChannelName,
    type: z.literal('webhook'),
    secretEnv: EnvName.optional(),
    events: EventList.default('all'),
    ...WebhookExtras,
  }),
  whatsappChannelSchema(EventList.default('all')),
]);

const ShopConfigSchema = z.strictObject({
  rules: z.array(Rule).min(1, 'rules needs at least one listing'),
  alerts: Alerts.default({}),
  notify: z.array(Channel).default([]),
  /** `shop run`: seconds between two full passes. */
  every: z.number().int().min(30).max(86_400).default(300),
  /** The shop's share of the account's day (spec 8), e.g. `20%` (src/shop/budget.ts). */
  budget: BudgetSchema,
  language: LanguageSchema.optional(),
  telegram: BotSchema.optional(),
  digest: DigestSchema.optional(),
});
type ShopConfigInput = z.infer<typeof ShopConfigSchema>;

export interface ShopRule {
  /** `101` or `109:1`, how messages name it. */
  key: string;
  listing: number;
  variant?: number;
  pool: string;
  format?: 'lines' | 'csv' | 'jsonl';
  separator?: string;
  target: number;
  min: number;
  reactivate: boolean;
  deactivateWhenEmpty: boolean;
}

export interface ShopChannel {
  name: string;
  type: 'telegram' | 'discord' | 'webhook' | 'whatsapp';
  chatId?: string;
  secretEnv?: string;
  events: ReadonlySet<NoticeKind> | 'all';
  threadId?: number;
  /** webhook: a plain URL in the file; headers → the env variables holding their values. */
  url?: string;
  headers?: Record<string, string>;
  /** whatsapp (Evolution API). */
  baseUrl?: string;
  instance?: string;
  to?: string;
}

interface BotConfig {
  channel: string;
  users: ReadonlySet<string>;
  /** undefined: the channel's chat and the users' private chats. */
  chats?: ReadonlySet<string>;
  commandsPerMinute: number;
}

interface DigestConfig {
  at: string;
  zone: string;
  weekly?: (typeof WEEKDAYS)[number];
}

export interface ShopConfig {
  file: string;
  rules: ShopRule[];
  alerts: { poolLow?: number; daysLeft?: number };
  channels: ShopChannel[];
  everyS: number;
  /** shop.yaml `budget:`, in percent of the day's requests. */
  budgetPercent: number;
  /** The seller's language for notices; unset: the environment's, else pt-BR. */
  language?: 'pt-BR' | 'en';
  bot?: BotConfig;
  digest?: DigestConfig;
}

export type LoadResult = { ok: true; config: ShopConfig } | { ok: false; problems: string[] };

/** Read and validate shop.yaml: the config, or every problem as FILE:LINE: message. */
export async function loadShopConfig(file: string): Promise<LoadResult> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, problems: [`${file}: cannot read: ${(err as NodeJS.ErrnoException).code ?? 'error'}`] };
  }
  const yaml = await loadYaml(); // only the shop verbs load it
  const { parseDocument, LineCounter, isNode } = yaml;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      ok: false,
      problems: doc.errors.map((e) => `${file}:${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`),
    };
  const value = documentValue(yaml, doc, file, (o) => lines.linePos(o).line);
  if (!value.ok) return { ok: false, problems: [value.problem] };
  const parsed = ShopConfigSchema.safeParse(value.value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      // The deepest node the path reaches: the value at fault, else its nearest parent.
      let line = 1;
      for (let n = i.path.length; n >= 0; n--) {
        const node = doc.getIn(i.path.slice(0, n) as (string | number)[], true);
        if (isNode(node) && node.range) {
          line = lines.linePos(node.range[0]).line;
          break;
        }
      }
      const where = i.path.length ? `${i.path.join('.')}: ` : '';
      return `${file}:${line}: ${where}${i.message}`;
    });
    return { ok: false, problems };
  }
  const more = crossChecks(file, parsed.data, doc, lines);
  if (more.length > 0) return { ok: false, problems: more };
  return { ok: true, config: toConfig(file, parsed.data) };
}

/** What the schema cannot see alone: the same listing twice, two channels of one name. */
function crossChecks(
  file: string,
  c: ShopConfigInput,
  doc: { getIn(path: unknown[], keep: true): unknown },
  lines: { linePos(o: number): { line: number } },
): string[] {
  const lineOf = (path: (string | number)[]) => {
    const n = doc.getIn(path, true) as { range?: [number] } | undefined;
    return n?.range ? lines.linePos(n.range[0]).line : 1;
  };
  const out: string[] = [];
  const seen = new Map<string, number>();
  const base = dirname(resolve(file));
  c.rules.forEach((r, i) => {
    // Every pool readable before anything is sent (cli-spec 3): a typo is exit 2, not a failed pass.
    const pool = resolve(base, r.pool);
    let isFile = false;
    try {
      isFile = statSync(pool).isFile();
    } catch {
      /* missing */
    }
    if (!isFile)
      out.push(
        `${file}:${lineOf(['rules', i, 'pool'])}: rules.${i}.pool: no file ${r.pool} (paths are relative to this file)`,
      );
    const k = `${r.listing}:${r.variant ?? ''}`;
    if (seen.has(k))
      out.push(
        `${file}:${lineOf(['rules', i])}: rules.${i}: listing ${ruleKey(r)} already has a rule (rules.${seen.get(k)})`,
      );
    else seen.set(k, i);
  });
  const names = new Set<string>();
  c.notify.forEach((ch, i) => {
    if (names.has(ch.name))
      out.push(`${file}:${lineOf(['notify', i, 'name'])}: notify.${i}.name: "${ch.name}" is used twice`);
    names.add(ch.name);
  });
  const bot = c.telegram?.channel;
  if (bot !== undefined && !c.notify.some((ch) => ch.name === bot && ch.type === 'telegram'))
    out.push(
      `${file}:${lineOf(['telegram', 'channel'])}: telegram.channel: "${bot}" is not a telegram channel of notify`,
    );
  return out;
}

function ruleKey(r: { listing: number; variant?: number }): string {
  return r.variant === undefined ? String(r.listing) : `${r.listing}:${r.variant}`;
}

function toConfig(file: string, c: ShopConfigInput): ShopConfig {
  const base = dirname(resolve(file));
  return {
    file,
    rules: c.rules.map((r) => ({
      key: ruleKey(r),
      listing: r.listing,
      ...(r.variant !== undefined ? { variant: r.variant } : {}),
      pool: resolve(base, r.pool), // relative to the config file, wherever svc is run from
      ...(r.format ? { format: r.format } : {}),
      ...(r.separator ? { separator: r.separator } : {}),
      target: r.target,
      min: r.min ?? r.target,
      reactivate: r.reactivate,
      deactivateWhenEmpty: r.deactivateWhenEmpty,
    })),
    alerts: c.alerts,
    channels: c.notify.map(toChannel),
    everyS: c.every,
    budgetPercent: c.budget,
    ...(c.language ? { language: c.language } : {}),
    ...(c.telegram
      ? {
          bot: {
            channel: c.telegram.channel,
            users: new Set(c.telegram.users.map(String)),
            ...(c.telegram.chats ? { chats: new Set(c.telegram.chats.map(String)) } : {}),
            commandsPerMinute: c.telegram.commandsPerMinute,
          },
        }
      : {}),
    ...(c.digest ? { digest: c.digest } : {}),
  };
}

function toChannel(ch: ShopConfigInput['notify'][number]): ShopChannel {
  return {
    name: ch.name,
    type: ch.type,
    ...(ch.type === 'telegram'
      ? { chatId: String(ch.chatId), ...(ch.threadId !== undefined ? { threadId: ch.threadId } : {}) }
      : {}),
    ...(ch.type === 'webhook'
      ? { ...(ch.url ? { url: ch.url } : {}), ...(ch.headers ? { headers: ch.headers } : {}) }
      : {}),
    ...(ch.type === 'whatsapp' ? { baseUrl: ch.baseUrl, instance: ch.instance, to: String(ch.to) } : {}),
    ...(ch.secretEnv ? { secretEnv: ch.secretEnv } : {}),
    events: ch.events === 'all' ? 'all' : new Set(ch.events),
  };
}
