// The shop: the seller's pocket (chat bot, digest), one chat's pace, and its share of the day's
// quota (spec 8).

/**
 * The shop in the seller's pocket (Telegram bot, digest, WhatsApp): svc decisions where neither
 * the marketplace spec nor the chat platforms say (docs/DECISIONS.md "The shop in the seller's
 * pocket"). The values used live beside their code (src/bot/plans.ts, src/bot/guard.ts,
 * src/notify/channel-whatsapp.ts, src/shop/language.ts); this is their list.
 * - A plan's buttons work for 15 minutes; its idempotency key is made with the plan and never
 *   sent past IDEMPOTENCY_KEY_TRUST_MS (spec 4.1.2): a plan left running that long is reported.
 * - Commands: 20 a minute for all allowed users together by default (`commandsPerMinute`, 1-60),
 *   so a stolen chat spends at most ~1 request a command: /vendas, /lucro, /estoque and /status
 *   read the mirror and the last pass (no request); /perguntas one; a confirmed write one.
 * - Question answers from the chat keep spec 8's 5 a minute and 20 an hour, counted in-process.
 * - WhatsApp (Evolution API): one message every 3 s at most, bursts batched up to 4096 characters.
 * - The seller's language: shop.yaml `language:`, else the environment's, else pt-BR.
 */
export const POCKET_SHOP = {
  planTtlMs: 15 * 60_000,
  commandsPerMinuteDefault: 20,
  whatsappMinIntervalMs: 3000,
  defaultLanguage: 'pt-BR',
} as const;

/**
 * One Telegram chat's pace (docs/DECISIONS.md, "One chat, one pace"): Telegram's bot FAQ says
 * about one message a second in a chat and 20 a minute in a group; the shop's notices and the
 * bot's replies to a chat share it (src/notify/pace.ts). A 429's retry_after up to 5 minutes is
 * waited out and the same reply sent, at most 10 times. A stranger's messages: one audit line
 * per sender and chat a minute, the rest counted; 1000 senders remembered at once.
 */
export const TELEGRAM_PACE = {
  privateChatMs: 1000,
  groupChatMs: 3000,
  maxRetryAfterS: 300,
  maxThrottled: 10,
  strangerWindowMs: 60_000,
  strangersKept: 1000,
} as const;

/**
 * The shop's share of the day (spec 8: 5,000 v2 requests a day per account, every tool of the
 * seller included) and what its parts cost, measured on the sandbox's request log
 * (test/e2e/shop-quota.test.ts, bench/shop-quota.ts).
 */
export const SHOP_COSTS = {
  /** shop.yaml `budget:` when absent: a fifth of the day, the rest for the seller's other tools. */
  defaultBudgetPercent: 20,
  /**
   * One pass with nothing to do, besides the listings' pages (one per 100 listings): the mirror's
   * sync (2: the window's first and last page), the inbox (3: questions, reviews, mediations).
   */
  passFixed: 6,
  /** One confirmed sale's steps in `shop run`, its confirmation included (the goal, not a floor). */
  perSale: 5,
  /** One catch-up of `webhooks listen` with nothing missed: the mirror's sync (as in a pass). */
  catchUp: 2,
  /** Confirming one sale in the receiver: `sale.processing` and `order.delivered`, one lookup each. */
  confirmPerSale: 2,
  /** `quota_low` is told once a day when the account has used this share of its day. */
  quotaLowPercent: 80,
} as const;
