// The shop's Telegram bot: long polling (getUpdates, no public URL), only the seller commands
// (guard.ts), reads answered from what the shop holds, writes shown as plans with buttons and
// run once (plans.ts), everything written to the audit log. A channel never stops the shop:
// Telegram down means the bot waits and polls again (1 s doubling to a minute); another
// `shop run` polling the same token (409 Conflict) is said once and retried every 30 s, and
// this shop's notices and refills go on either way.
import { escapeTelegramHtml as esc } from '../notify/format.js';
import { brl } from '../shop/notices.js';
import { type Command, parseCommand, WRITES } from './commands.js';
import { Audit, allowed, RateGate, StrangerLog } from './guard.js';
import { type Plan, type PlanAction, PlanStore } from './plans.js';
import type { BotPort, BotSettings } from './port.js';
import { readReply } from './replies.js';
import {
  type Keyboard,
  POLL_TIMEOUT_S,
  PollConflict,
  type TelegramApi,
  type TgCallback,
  type TgMessage,
} from './telegram-api.js';

const BACKOFF_MAX_MS = 60_000;
const CONFLICT_RETRY_MS = 30_000;

export interface BotEvents {
  warn(text: string): void;
  note(text: string): void;
}

type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;
export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export class ShopBot {
  private readonly gate: RateGate;
  private readonly plans: PlanStore;
  private readonly audit: Audit;
  private readonly strangers = new StrangerLog();
  /** A user who pressed "Responder": their next text is the answer to this question. */
  private readonly replying = new Map<string, number>();
  private limitedToldAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly api: TelegramApi,
    private readonly port: BotPort,
    private readonly s: BotSettings,
    dir: string,
    private readonly events: BotEvents,
    private readonly wait: Sleep = sleep,
  ) {
    this.gate = new RateGate(s.commandsPerMinute);
    this.plans = new PlanStore(dir);
    this.audit = new Audit(dir);
  }

  /** Poll until the signal ends; never throws. */
  async run(signal: AbortSignal): Promise<void> {
    let backoff = 0;
    let conflict = false;
    while (!signal.aborted) {
      try {
        const updates = await this.api.getUpdates(this.plans.offset, POLL_TIMEOUT_S, signal);
        if (conflict || backoff > 0) this.events.note('telegram bot: polling again');
        conflict = false;
        backoff = 0;
        for (const u of updates) {
          // Handled, then confirmed: a crash in between replays it, and a replayed write finds its plan done.
          await this.handle(u.message, u.callback_query).catch((err: Error) =>
            this.events.warn(`telegram bot: ${err.message}`),
          );
          this.plans.setOffset(u.update_id + 1);
        }
      } catch (err) {
        if (signal.aborted) break;
        if (err instanceof PollConflict) {
          if (!conflict)
            this.events.warn(
              'telegram bot: another svc is polling this bot token (409 Conflict); this one does not take commands, its notices still go out',
            );
          conflict = true;
          await this.wait(CONFLICT_RETRY_MS, signal);
          continue;
        }
        backoff = Math.min(backoff === 0 ? 1000 : backoff * 2, BACKOFF_MAX_MS);
        if (backoff === 1000) this.events.warn(`telegram bot: ${(err as Error).message}; retrying`);
        await this.wait(backoff, signal);
      }
    }
    const at = new Date(this.s.now()).toISOString();
    for (const u of this.strangers.unwritten())
      this.audit.write({ at, event: 'stranger', user: u.user.split(':')[0] ?? '', chat: u.chat, detail: `+${u.more}` });
    this.audit.close();
  }

  private async handle(m: TgMessage | undefined, cb: TgCallback | undefined): Promise<void> {
    const user = String(m?.from?.id ?? cb?.from.id ?? '');
    const chat = String(m?.chat.id ?? cb?.message?.chat.id ?? '');
    const at = new Date(this.s.now()).toISOString();
    if (!allowed(this.s, user, chat)) {
      // No answer: a stranger learns nothing, not even that the bot is there.
      const seen = this.strangers.take(`${user}:${chat}`, chat, this.s.now());
      if (!seen.write) return;
      const command = m?.text ? /^\/\S{0,30}/.exec(m.text)?.[0] : cb ? 'button' : undefined;
      const more = seen.more ? { detail: `+${seen.more}` } : {};
      this.audit.write({ at, event: 'stranger', user, chat, ...(command ? { command } : {}), ...more });
      return;
    }
    if (!this.gate.take(this.s.now())) {
      this.audit.write({ at, event: 'limited', user, chat });
      // Said once a minute: a flood of commands does not become a flood of answers.
      if (this.s.now() - this.limitedToldAt < 60_000) return;
      this.limitedToldAt = this.s.now();
      if (cb) await this.api.answerCallback(cb.id, this.s.say('too many commands: wait a minute'));
      else await this.api.send(chat, esc(this.s.say('too many commands: wait a minute')));
      return;
    }
    if (cb) return this.button(cb, user, chat);
    if (m?.text) return this.text(m, user, chat);
  }

  private async text(m: TgMessage, user: string, chat: string): Promise<void> {
    const say = this.s.say;
    const at = new Date(this.s.now()).toISOString();
    const text = m.text ?? '';
    const question = this.replying.get(user);
    if (question !== undefined && !text.startsWith('/')) {
      this.replying.delete(user);
      return this.propose({ kind: 'answer', question, text: text.slice(0, 4000) }, chat, user, m.message_thread_id);
    }
    const parsed = parseCommand(text);
    if (!parsed) {
      await this.api.send(chat, esc(say('unknown command: see /ajuda')), thread(m));
      return;
    }
    if (!parsed.ok) {
      await this.api.send(
        chat,
        esc(say(parsed.problem, { command: text.slice(1).split(/[\s@]/)[0] ?? '' })),
        thread(m),
      );
      return;
    }
    const c = parsed.command;
    this.audit.write({ at, event: 'command', user, chat, command: c.name });
    if (WRITES.has(c.name)) return this.propose(actionOf(c), chat, user, m.message_thread_id);
    const reply = await readReply(c, this.port, this.s);
    await this.api.send(chat, reply.text, { ...thread(m), ...(reply.keyboard ? { keyboard: reply.keyboard } : {}) });
  }

  /** A write: its plan and its two buttons; nothing is sent to the marketplace yet. */
  private async propose(action: PlanAction, chat: string, user: string, threadId?: number): Promise<void> {
    const say = this.s.say;
    const described = await this.describe(action);
    if (described.refused) {
      await this.api.send(chat, esc(described.text), threadId !== undefined ? { threadId } : {});
      return;
    }
    const plan = this.plans.create(action, chat, user, this.s.now());
    this.audit.write({
      at: new Date(this.s.now()).toISOString(),
      event: 'plan',
      user,
      chat,
      plan: plan.id,
      command: action.kind,
    });
    const keyboard: Keyboard = [
      [
        { text: say('Confirm'), callback_data: `c:${plan.id}` },
        { text: say('Cancel'), callback_data: `x:${plan.id}` },
      ],
    ];
    await this.api.send(chat, esc(described.text), { keyboard, ...(threadId !== undefined ? { threadId } : {}) });
  }

  private async describe(a: PlanAction): Promise<{ text: string; refused?: boolean }> {
    const say = this.s.say;
    if (a.kind === 'status')
      return { text: say(a.active ? 'Activate listing {id}?' : 'Pause listing {id}?', { id: a.listing }) };
    if (a.kind === 'price')
      return { text: say('Set the price of listing {id} to {price}?', { id: a.listing, price: brl(a.cents) }) };
    if (a.kind === 'answer')
      return { text: `${say('Publish this answer to question {id}?', { id: a.question })}\n\n${a.text}` };
    const r = await this.port.refill(a.listing, 'plan');
    if (!r) return { text: say('no rule for listing {id} in shop.yaml', { id: a.listing }), refused: true };
    if (r.code)
      return {
        text: `${say('cannot refill listing {id}', { id: a.listing })}: ${r.code} ${r.message ?? ''}`,
        refused: true,
      };
    return {
      text: say('Refill listing {id}: send {sent} credential(s) from the pool ({left} left after)?', {
        id: a.listing,
        sent: r.sent,
        left: r.poolLeft,
      }),
    };
  }

  private async button(cb: TgCallback, user: string, chat: string): Promise<void> {
    const say = this.s.say;
    const data = cb.data ?? '';
    const at = new Date(this.s.now()).toISOString();
    const [op, id] = [data.slice(0, 1), data.slice(2)];
    if (op === 'a' && /^\d{1,15}$/.test(id)) {
      this.replying.set(user, Number(id));
      await this.api.answerCallback(cb.id);
      await this.api.send(chat, esc(say('Send your answer to question {id} as a message.', { id })));
      return;
    }
    if (op === 'x') {
      const p = this.plans.cancel(id);
      this.audit.write({ at, event: 'cancelled', user, chat, plan: id });
      await this.api.answerCallback(cb.id, say(p?.state === 'cancelled' ? 'Cancelled' : 'Nothing to cancel'));
      if (p?.state === 'cancelled' && cb.message)
        await this.api.edit(chat, cb.message.message_id, esc(say('Cancelled')));
      return;
    }
    if (op !== 'c') return this.api.answerCallback(cb.id);
    const claim = this.plans.claim(id, this.s.now());
    if (!claim.go) {
      this.audit.write({ at, event: 'refused', user, chat, plan: id, detail: claim.why });
      await this.api.answerCallback(cb.id, say(LATE[claim.why]));
      return;
    }
    this.audit.write({ at, event: 'confirmed', user, chat, plan: id });
    await this.api.answerCallback(cb.id, say('Working…'));
    const result = await this.execute(claim.plan);
    this.audit.write({
      at: new Date(this.s.now()).toISOString(),
      event: 'result',
      user,
      chat,
      plan: id,
      detail: result,
    });
    if (cb.message) await this.api.edit(chat, cb.message.message_id, esc(result));
    else await this.api.send(chat, esc(result));
  }

  /** Run a claimed plan once, with its own key; a failure before an answer leaves it confirmable (same key). */
  private async execute(plan: Plan): Promise<string> {
    const say = this.s.say;
    const a = plan.action;
    try {
      const r =
        a.kind === 'status'
          ? await this.port.setStatus(a.listing, a.active, plan.key)
          : a.kind === 'price'
            ? await this.port.setPrice(a.listing, a.cents, plan.key)
            : a.kind === 'answer'
              ? await this.port.answer(a.question, a.text, plan.key)
              : await this.refill(a.listing);
      const text =
        r.status === 'failed'
          ? `${say('Refused')}: ${r.code ?? ''} ${r.message ?? ''}`.trim()
          : say(DONE[a.kind === 'status' ? (a.active ? 'activate' : 'pause') : a.kind], {
              id: 'listing' in a ? a.listing : a.question,
            });
      this.plans.finish(plan, text);
      return text;
    } catch (err) {
      this.plans.release(plan);
      return `${say('Not done')}: ${(err as Error).message}. ${say('Press Confirm again to retry (the same operation, not a second one).')}`;
    }
  }

  private async refill(listing: number): Promise<{ status: 'ok' | 'failed'; code?: string; message?: string }> {
    const r = await this.port.refill(listing, 'send');
    if (!r) return { status: 'failed', code: 'NOT_FOUND', message: '' };
    return r.code ? { status: 'failed', code: r.code, ...(r.message ? { message: r.message } : {}) } : { status: 'ok' };
  }
}

const LATE = {
  unknown: 'This button is no longer known: send the command again',
  expired: 'This plan expired: send the command again',
  running: 'Already running',
  done: 'Already done',
  cancelled: 'This plan was cancelled',
  'key-expired': 'This plan was interrupted more than 24 h ago: check the listing and send the command again',
} as const;

const DONE = {
  pause: 'Listing {id} paused',
  activate: 'Listing {id} activated',
  price: 'Price of listing {id} changed',
  refill: 'Listing {id} refilled',
  answer: 'Answer to question {id} published',
} as const;

function actionOf(c: Command): PlanAction {
  if (c.name === 'price') return { kind: 'price', listing: c.listing, cents: c.cents };
  if (c.name === 'refill') return { kind: 'refill', listing: (c as { listing: number }).listing };
  return { kind: 'status', listing: (c as { listing: number }).listing, active: c.name === 'activate' };
}

function thread(m: TgMessage): { threadId?: number } {
  return m.message_thread_id !== undefined ? { threadId: m.message_thread_id } : {};
}
