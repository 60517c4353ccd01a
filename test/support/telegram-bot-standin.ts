// A local stand-in for the Telegram Bot API as a bot sees it (core.telegram.org/bots/api): the
// test pushes updates (a message, a button press) and getUpdates hands them out, holding the
// request open while there is nothing (long polling); sendMessage, editMessageText and
// answerCallbackQuery are recorded and answered as Telegram does. A getUpdates that arrives
// while another is held gets Telegram's 409 Conflict; `down` answers 502 to everything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface BotCall {
  method: string;
  token: string;
  body: any;
  at: number;
  throttled?: boolean;
}

interface Held {
  offset: number;
  reply: (result: unknown[]) => void;
  fail: () => void;
}

export interface TelegramBotStandIn {
  url: string;
  calls: BotCall[];
  /** Answer 502 to every request while true (Telegram unreachable behind a proxy). */
  down: boolean;
  /** Answer the next `count` sendMessage with 429 and this retry_after (recorded with `throttled`). */
  throttle(count: number, retryAfterS: number): void;
  /** A user's message in a chat; returns its update_id. */
  message(user: number, chat: number, text: string): number;
  /** A button press on a message the bot sent; returns its update_id. */
  press(user: number, chat: number, messageId: number, data: string): number;
  /** The highest offset a getUpdates has asked for (updates below it were handled). */
  confirmedOffset(): number;
  /** Resolves when a recorded call satisfies `check` (the test's own timeout bounds it). */
  waitFor(check: (c: BotCall) => boolean, from?: number): Promise<BotCall>;
  close(): Promise<void>;
}

export async function startTelegramBotStandIn(): Promise<TelegramBotStandIn> {
  const calls: BotCall[] = [];
  const updates: { update_id: number; [k: string]: unknown }[] = [];
  let nextId = 1000;
  let nextMessage = 1;
  let held: Held | undefined;
  let offsetSeen = 0;
  let waiters: { check: (c: BotCall) => boolean; from: number; resolve: (c: BotCall) => void }[] = [];
  const state = { down: false, throttle: 0, retryAfterS: 1 };

  const record = (c: BotCall) => {
    calls.push(c);
    waiters = waiters.filter((w) => {
      if (calls.length - 1 < w.from || !w.check(c)) return true;
      w.resolve(c);
      return false;
    });
  };
  const flush = () => {
    if (!held) return;
    const ready = updates.filter((u) => u.update_id >= held!.offset);
    if (ready.length === 0) return;
    const h = held;
    held = undefined;
    h.reply(ready);
  };
  const push = (u: Record<string, unknown>): number => {
    const update_id = nextId++;
    updates.push({ update_id, ...u });
    flush();
    return update_id;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(req.url ?? '');
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (state.down) return json(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
      if (!m) return json(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = m as unknown as [string, string, string];
      if (method === 'sendMessage' && state.throttle > 0) {
        state.throttle--;
        record({ method, token, body, at: Date.now(), throttled: true });
        return json(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${state.retryAfterS}`,
          parameters: { retry_after: state.retryAfterS },
        });
      }
      // svc in the marked mode (test/e2e/marked-run.ts) marks its texts: recorded as svc sends them without it
      record({
        method,
        token,
        body: body === undefined ? body : JSON.parse(JSON.stringify(body).replace(/[\u206a\u206b]/g, '')),
        at: Date.now(),
      });
      if (method === 'getUpdates') {
        const offset = Number(body?.offset ?? 0);
        offsetSeen = Math.max(offsetSeen, offset);
        for (let i = updates.length - 1; i >= 0; i--) if (updates[i]!.update_id < offset) updates.splice(i, 1);
        if (held)
          return json(409, {
            ok: false,
            error_code: 409,
            description:
              'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
          });
        const mine: Held = {
          offset,
          reply: (result) => json(200, { ok: true, result }),
          fail: () => json(502, { ok: false, error_code: 502, description: 'Bad Gateway' }),
        };
        held = mine;
        res.on('close', () => {
          if (held === mine) held = undefined; // the poller went away without an answer
        });
        flush();
        return;
      }
      if (method === 'sendMessage')
        return json(200, {
          ok: true,
          result: { message_id: nextMessage++, chat: { id: body?.chat_id }, text: body?.text },
        });
      return json(200, { ok: true, result: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
      // Going down ends the poll held open too, as a dropped proxy would.
      if (v && held) {
        const h = held;
        held = undefined;
        h.fail();
      }
    },
    throttle: (count, retryAfterS) => {
      state.throttle = count;
      state.retryAfterS = retryAfterS;
    },
    message: (user, chat, text) =>
      push({
        message: {
          message_id: nextMessage++,
          from: { id: user, is_bot: false },
          chat: { id: chat, type: chat > 0 ? 'private' : 'supergroup' },
          date: Math.floor(Date.now() / 1000),
          text,
        },
      }),
    press: (user, chat, messageId, data) =>
      push({
        callback_query: {
          id: `cb${nextId}`,
          from: { id: user, is_bot: false },
          message: { message_id: messageId, chat: { id: chat } },
          data,
        },
      }),
    confirmedOffset: () => offsetSeen,
    waitFor: (check, from = 0) => {
      const hit = calls.slice(from).find(check);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve) => waiters.push({ check, from, resolve }));
    },
    close: () =>
      new Promise((r) => {
        held = undefined;
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
