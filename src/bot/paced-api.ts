// The bot's writes to a chat (sendMessage, editMessageText) keep the chat's pace, the one the
// shop's notices to that chat keep too (src/notify/pace.ts): a burst of commands answered while
// a burst of sales is told does not break Telegram's per-chat limit between the two. A 429 is
// Telegram saying when: its retry_after is waited out (the whole chat held) and the same reply
// sent then, so no reply is lost to the limit. answerCallbackQuery is not a chat message and is
// not paced (the button's spinner must stop at once).
import { TELEGRAM_PACE } from '../api/assumptions.js';
import { type ChatPaces, chatIntervalMs, chatKey } from '../notify/pace.js';
import { type TelegramApi, TelegramError } from './telegram-api.js';

/** A retry_after longer than this is not waited (the reply fails as any other refusal would). */
const MAX_RETRY_AFTER_S = TELEGRAM_PACE.maxRetryAfterS;
/** 429s in a row for one reply before it is given up (each one waited out first). */
const MAX_THROTTLED = TELEGRAM_PACE.maxThrottled;

export interface PaceClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  signal: AbortSignal;
}

export function pacedTelegram(api: TelegramApi, token: string, paces: ChatPaces, clock: PaceClock): TelegramApi {
  const paced = async <T>(chat: number | string, call: () => Promise<T>): Promise<T> => {
    const key = chatKey(token, chat);
    for (let throttled = 0; ; throttled++) {
      const at = paces.reserve(key, chatIntervalMs(chat), clock.now());
      if (at > clock.now()) await clock.sleep(at - clock.now(), clock.signal);
      try {
        return await call();
      } catch (err) {
        const s = err instanceof TelegramError && err.status === 429 ? (err.retryAfterS ?? 1) : undefined;
        if (s === undefined || s > MAX_RETRY_AFTER_S || throttled >= MAX_THROTTLED || clock.signal.aborted) throw err;
        paces.hold(key, clock.now() + Math.ceil(s * 1000));
      }
    }
  };
  return {
    getUpdates: (offset, timeoutS, signal) => api.getUpdates(offset, timeoutS, signal),
    send: (chat, text, o) => paced(chat, () => api.send(chat, text, o)),
    edit: (chat, id, text, keyboard) => paced(chat, () => api.edit(chat, id, text, keyboard)),
    answerCallback: (id, text) => api.answerCallback(id, text),
  };
}
