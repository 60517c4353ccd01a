// The Telegram Bot API calls the bot makes (core.telegram.org/bots/api): getUpdates (long
// polling: no public URL needed), sendMessage, editMessageText, answerCallbackQuery. Plain
// HTTPS through svc's one notify request path (src/notify/http.ts postJson); no SDK. The bot
// token is in every URL: no URL, and so no token, ever reaches an error message.
import { loopbackOverride, postJson } from '../notify/http.js';

const TELEGRAM_API = 'https://api.telegram.org';
/** Seconds Telegram holds a getUpdates open when there is nothing new. */
export const POLL_TIMEOUT_S = 25;

interface TgUser {
  id: number;
}
export interface TgMessage {
  message_id: number;
  from?: TgUser;
  chat: { id: number; type?: string };
  text?: string;
  message_thread_id?: number;
}
export interface TgCallback {
  id: string;
  from: TgUser;
  message?: TgMessage;
  data?: string;
}
interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallback;
}

/** An inline keyboard: rows of buttons, each with ≤ 64 bytes of callback_data. */
export type Keyboard = { text: string; callback_data: string }[][];

/** 409 Conflict: another getUpdates (another svc with this token) is polling. */
export class PollConflict extends Error {}

/** Telegram answered with an error, or did not answer. */
export class TelegramError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

export interface TelegramApi {
  getUpdates(offset: number, timeoutS: number, signal: AbortSignal): Promise<TgUpdate[]>;
  send(chatId: number | string, text: string, o?: { keyboard?: Keyboard; threadId?: number }): Promise<number>;
  edit(chatId: number | string, messageId: number, text: string, keyboard?: Keyboard): Promise<void>;
  answerCallback(id: string, text?: string): Promise<void>;
}

export function telegramApi(token: string, env: NodeJS.ProcessEnv): TelegramApi {
  const base = `${loopbackOverride(env.SVC_TELEGRAM_API_BASE) ?? TELEGRAM_API}/bot${token}`;
  const call = async (method: string, body: unknown, signal?: AbortSignal, timeoutMs?: number): Promise<unknown> => {
    const r = await postJson(`${base}/${method}`, body, {
      ...(signal ? { signal } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    if (r.status === 409) throw new PollConflict(r.detail ?? 'Conflict');
    if (r.status < 200 || r.status >= 300 || r.json?.ok !== true)
      throw new TelegramError(
        // the method is the API's name (a code span), Telegram's `description` its own words (quoted)
        `Telegram \`${method}\`: HTTP ${r.status}${r.detail ? ` "${r.detail.replace(/"/g, "'")}"` : ''}`,
        r.status,
        r.retryAfterS,
      );
    return r.json.result;
  };
  const html = { parse_mode: 'HTML', disable_web_page_preview: true };
  return {
    async getUpdates(offset, timeoutS, signal) {
      const result = await call(
        'getUpdates',
        { offset, timeout: timeoutS, allowed_updates: ['message', 'callback_query'] },
        signal,
        (timeoutS + 10) * 1000,
      );
      return Array.isArray(result) ? (result as TgUpdate[]) : [];
    },
    async send(chatId, text, o = {}) {
      const result = await call('sendMessage', {
        chat_id: chatId,
        text,
        ...html,
        ...(o.threadId !== undefined ? { message_thread_id: o.threadId } : {}),
        ...(o.keyboard ? { reply_markup: { inline_keyboard: o.keyboard } } : {}),
      });
      return Number((result as { message_id?: number } | undefined)?.message_id ?? 0);
    },
    async edit(chatId, messageId, text, keyboard) {
      await call('editMessageText', {
        chat_id: chatId,
        message_id: messageId,
        text,
        ...html,
        reply_markup: { inline_keyboard: keyboard ?? [] },
      });
    },
    async answerCallback(id, text) {
      await call('answerCallbackQuery', { callback_query_id: id, ...(text ? { text: text.slice(0, 190) } : {}) });
    },
  };
}
