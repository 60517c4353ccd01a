// Time: a Confirmar pressed a day later does nothing (the plan expired long before its key would
// be untrusted, spec 4.1.2); pressed in time it runs once with the key made with the plan.
// The bot in-process against the Bot API stand-in, its clock injected.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { botOnStandIn, quietPort, SELLER } from './bot-in-process.js';

const TOKEN = '4242424242:LateTOKENdoNotLeak_00000042';

test('Confirm pressed 24 h later: "expired", nothing sent; a fresh plan confirmed in time runs once with its own key', async (t) => {
  let clock = Date.parse('2026-11-27T12:00:00Z');
  const keys: string[] = [];
  const port = quietPort({
    setStatus: async (id, _active, key) => {
      keys.push(key);
      return { id, status: 'ok' };
    },
  });
  const { tg } = await botOnStandIn(t, { token: TOKEN, port, now: () => clock });
  const planFor = async () => {
    const mark = tg.calls.length;
    tg.message(SELLER, SELLER, '/pause 111');
    const plan = await tg.waitFor((c) => c.method === 'sendMessage' && c.body.reply_markup !== undefined, mark);
    return plan.body.reply_markup.inline_keyboard[0][0].callback_data as string;
  };
  const old = await planFor();
  clock += 24 * 3_600_000 + 60_000;
  let mark = tg.calls.length;
  tg.press(SELLER, SELLER, 1, old);
  const late = await tg.waitFor((c) => c.method === 'answerCallbackQuery', mark);
  assert.match(late.body.text, /expired/);
  assert.deepEqual(keys, [], 'nothing sent');

  const fresh = await planFor();
  mark = tg.calls.length;
  tg.press(SELLER, SELLER, 1, fresh);
  await tg.waitFor((c) => c.method === 'editMessageText' && /paused/.test(c.body.text), mark);
  tg.press(SELLER, SELLER, 1, old);
  await tg.waitFor((c) => c.method === 'answerCallbackQuery' && /expired/.test(c.body.text ?? ''), mark);
  assert.equal(keys.length, 1);
  assert.match(keys[0]!, /^\S{16,}$/);
});
