// The inbox driven as a person would, under tmux (send-keys, capture-pane),
// against a sandbox: answer one question, skip another, quit; then revise a refused answer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inboxTerminal } from './inbox-terminal.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const Q = SEED_IDS.questions;
const { tmux, hasTmux, startInbox, waitFor } = inboxTerminal('inbox', { width: 100, height: 30 });

/** Type the text, then wait until the screen shows it (a state, not a timer) before the next key. */
async function type(session: string, text: string): Promise<void> {
  tmux('send-keys', '-t', session, '-l', text);
  await waitFor(session, new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}
const press = (session: string, key: string) => tmux('send-keys', '-t', session, key);
/** Enter, then Enter again on the last confirmation that shows the text. */
async function sendAnswer(session: string): Promise<void> {
  press(session, 'Enter');
  await waitFor(session, /Publish this answer to question/);
  press(session, 'Enter');
}

describe('questions inbox under tmux', () => {
  test('answers one question, skips the next, quits: the screen and the sandbox agree', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'answer-skip';
      startInbox(sb, s);
      let out = await waitFor(s, /Question #6001/);
      assert.match(out, /Listing #101: Immortal account with rare skins · active · 250\.00/);
      assert.match(out, /Does the account have the Champions bundle\?/);
      assert.match(out, /answer budget: 0\/5 this minute · 0\/20 this hour/);

      await type(s, 'Yes, the Champions bundle is included.');
      await sendAnswer(s);
      out = await waitFor(s, /Question #6003/);
      assert.match(out, /✓ answer to question #6001 published/);
      assert.match(out, /answer budget: 1\/5 this minute · 1\/20 this hour/);
      assert.match(out, /Listing #104: Radiant boost service · under review/);

      press(s, 'Tab');
      out = await waitFor(s, /Question #6004/);
      assert.match(out, /skipped question #6003/);

      press(s, 'Escape');
      out = await waitFor(s, /SVC-EXIT=\d+/);
      assert.equal(out.match(/answered 1, skipped 1/gi)?.length, 1, 'the summary is printed once');
      assert.match(out, /SVC-EXIT=0/);

      const q1 = (await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data;
      const q3 = (await sb.api('GET', `/api/v2/questions/${Q.onUnderReview}`)).body.data;
      assert.deepEqual([q1.status, q1.answer], ['answered', 'Yes, the Champions bundle is included.']);
      assert.deepEqual([q3.status, q3.answer], ['unanswered', null]);
      assert.equal((await routeRequests(sb, 'answerQuestion')).length, 1);
    });
  });

  test('a refused answer (SECURITY_VIOLATION) stays for revising, and the revised one goes with a new key', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'revise';
      startInbox(sb, s);
      await waitFor(s, /Question #6001/);
      const bad = 'Mail me: a@b.com';
      await type(s, bad);
      await sendAnswer(s);
      let out = await waitFor(s, /SECURITY_VIOLATION/);
      assert.match(out, /Answer: Mail me: a@b\.com/);
      assert.match(out, /hint: the answer was not published/);
      // Backspace held down: the keys may arrive in one burst, and all must erase.
      tmux('send-keys', '-t', s, ...Array.from(bad, () => 'BSpace'));
      await waitFor(s, /Answer: type your answer/);
      await type(s, 'Yes, it is included.');
      await sendAnswer(s);
      out = await waitFor(s, /✓ answer to question #6001 published/);
      press(s, 'C-c');
      await waitFor(s, /SVC-EXIT=0/);
      const sent = await routeRequests(sb, 'answerQuestion');
      assert.deepEqual(
        sent.map((x) => x.status),
        [422, 200],
      );
      assert.notEqual(sent[0].idempotencyKey, sent[1].idempotencyKey);
      assert.equal((await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data.answer, 'Yes, it is included.');
    });
  });

  test('EMAIL_NOT_VERIFIED stops the inbox: the error and its hint are printed, exit 4', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      await sb.control('POST', 'seller', { emailVerified: false });
      const s = 'stop';
      startInbox(sb, s);
      await waitFor(s, /Question #6001/);
      await type(s, 'Yes.');
      await sendAnswer(s);
      const out = await waitFor(s, /SVC-EXIT=\d+/);
      assert.match(out, /error: .*\(403 EMAIL_NOT_VERIFIED\)/);
      assert.match(out, /hint: verify the account e-mail/);
      assert.match(out, /SVC-EXIT=4/);
      assert.equal((await routeRequests(sb, 'answerQuestion')).length, 1);
    });
  });
});
