// Strangers cannot make the bot write without bound: 300 messages from three strangers within a
// minute leave three audit lines (one per sender), no answer at all; a minute later on the bot's
// clock the next message of each gets its line with the count of the ones before it, and what is
// still counted when the bot stops is written then. The bot runs in-process against the stand-in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { botOnStandIn, quietPort } from './bot-in-process.js';

const TOKEN = '4242424242:StrangerTOKENdoNotLeak_0042';
const STRANGERS = [601, 602, 603];

test('300 stranger messages in a minute: one audit line per sender, counts written later, nothing answered', async (t) => {
  let now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const { tg, dir, stop } = await botOnStandIn(t, { token: TOKEN, port: quietPort(), now: () => now });
  const lines = () =>
    readFileSync(join(dir, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const handled = async (last: number) => tg.waitFor((c) => c.method === 'getUpdates' && Number(c.body.offset) > last);

  let last = 0;
  for (let i = 0; i < 300; i++) last = tg.message(STRANGERS[i % 3]!, STRANGERS[i % 3]!, `/pausar ${i}`);
  await handled(last);
  assert.equal(lines().length, 3, 'one line per stranger in the minute');
  assert.deepEqual(
    lines().map((l) => [l.event, l.user, l.detail]),
    STRANGERS.map((u) => ['stranger', String(u), undefined]),
  );

  now += 61_000;
  last = tg.message(STRANGERS[0]!, STRANGERS[0]!, '/estoque');
  await handled(last);
  assert.deepEqual(
    lines()
      .slice(3)
      .map((l) => [l.user, l.command, l.detail]),
    [[String(STRANGERS[0]), '/estoque', '+99']],
  );

  await stop();
  assert.deepEqual(
    lines()
      .slice(4)
      .map((l) => [l.user, l.detail]),
    [
      [String(STRANGERS[1]), '+99'],
      [String(STRANGERS[2]), '+99'],
    ],
    'the counts still open are written when the bot stops',
  );
  assert.equal(tg.calls.filter((c) => c.method !== 'getUpdates').length, 0, 'a stranger gets no answer');
});
