// the questions inbox never loses a key. At key-repeat speed one Backspace in 20 was
// dropped and a garbled answer was published to a buyer. Driven under tmux as a person (and a
// paste) would: bursts of 200 characters and of Backspaces sent in one write each, no pause
// between them; the answer published (read back from the sandbox) is exactly what was typed,
// and the screen shows that exact text for a last confirmation before it goes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inboxTerminal } from './inbox-terminal.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const Q = SEED_IDS.questions;
const { tmux, hasTmux, startInbox, waitFor } = inboxTerminal('inbox-keys', {
  width: 220,
  height: 50,
  joinWrapped: true,
  waitMs: 15_000,
});

/** 200 printable characters, no two runs alike, spaces included. */
function burst(seed: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ0123456789.,';
  let out = '';
  let x = seed;
  for (let i = 0; i < 200; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += alphabet[x % alphabet.length];
  }
  return out.replace(/^ +| +$/g, 'x');
}

describe('questions inbox: every key, in order, at any speed', () => {
  test('bursts of 200 characters and of Backspaces publish exactly the text typed, after showing it', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'burst';
      startInbox(sb, s);
      await waitFor(s, /Question #6001/);
      const a = burst(1);
      const b = burst(2);
      const c = burst(3);
      // Each send-keys is one write to the terminal: the app gets each burst as fast as it can read.
      tmux('send-keys', '-t', s, '-l', a);
      tmux('send-keys', '-t', s, ...Array.from({ length: 37 }, () => 'BSpace'));
      tmux('send-keys', '-t', s, '-l', b);
      tmux('send-keys', '-t', s, ...Array.from({ length: 5 }, () => 'BSpace'));
      tmux('send-keys', '-t', s, '-l', c);
      tmux('send-keys', '-t', s, ...Array.from({ length: 20 }, () => 'BSpace'));
      tmux('send-keys', '-t', s, '-l', 'abcdef');
      tmux('send-keys', '-t', s, 'BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
      tmux('send-keys', '-t', s, '-l', 'bd.');
      const expected = `${a.slice(0, -37)}${b.slice(0, -5)}${c.slice(0, -20)}abd.`.trim();
      tmux('send-keys', '-t', s, 'Enter');
      // The last confirmation shows the exact text that will be published.
      const shown = await waitFor(s, /Publish this answer to question #6001\?/);
      // (the terminal wraps a long line: compared without the line breaks and edge spaces it adds)
      const flat = (x: string) => x.replace(/\s+/g, '');
      assert.ok(flat(shown).includes(flat(expected)), `confirmation shows the text:\n${shown}`);
      assert.equal((await routeRequests(sb, 'answerQuestion')).length, 0, 'nothing sent before the confirmation');
      tmux('send-keys', '-t', s, 'Enter');
      await waitFor(s, /answer to question #6001 published/);
      tmux('send-keys', '-t', s, 'Escape');
      await waitFor(s, /SVC-EXIT=0/);
      const answer = (await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data.answer;
      assert.equal(answer, expected);
    });
  });

  test('keys typed in one write with Enter (a paste ending in a newline) go to the confirmation whole', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'paste';
      startInbox(sb, s);
      await waitFor(s, /Question #6001/);
      const text = 'Chega em ate 24h por e-mail, com o login e a senha.';
      tmux('send-keys', '-t', s, '-l', `${text}\r`);
      const shown = await waitFor(s, /Publish this answer to question #6001\?/);
      assert.ok(shown.includes(text), shown);
      // Esc goes back to editing, nothing sent; the text is kept.
      tmux('send-keys', '-t', s, 'Escape');
      await waitFor(s, /Answer: Chega em ate 24h/);
      tmux('send-keys', '-t', s, 'BSpace');
      tmux('send-keys', '-t', s, '-l', '!');
      tmux('send-keys', '-t', s, 'Enter');
      await waitFor(s, /Publish this answer/);
      tmux('send-keys', '-t', s, 'Enter');
      await waitFor(s, /answer to question #6001 published/);
      tmux('send-keys', '-t', s, 'C-c');
      const end = await waitFor(s, /SVC-EXIT=0/);
      assert.equal(end.match(/answered 1, skipped 0/gi)?.length, 1, `the summary is printed once:\n${end}`);
      const answer = (await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data.answer;
      assert.equal(answer, `${text.slice(0, -1)}!`);
    });
  });

  test('Ink 7 key names: Delete erases at the cursor, Backspace before it, each in a burst', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'delete';
      startInbox(sb, s);
      await waitFor(s, /Question #6001/);
      tmux('send-keys', '-t', s, '-l', 'Yes 0123456789 included');
      // the cursor goes before "0123456789": 19 Left, then 10 Deletes in one write; then a word
      // is typed there and 3 Backspaces in one write take its tail off
      tmux('send-keys', '-t', s, ...Array.from({ length: 19 }, () => 'Left'));
      tmux('send-keys', '-t', s, ...Array.from({ length: 10 }, () => 'DC'));
      tmux('send-keys', '-t', s, '-l', 'it isxyz');
      tmux('send-keys', '-t', s, 'BSpace', 'BSpace', 'BSpace');
      tmux('send-keys', '-t', s, 'Enter');
      const shown = await waitFor(s, /Publish this answer to question #6001\?/);
      assert.ok(shown.includes('Yes it is included'), shown);
      tmux('send-keys', '-t', s, 'Enter');
      await waitFor(s, /answer to question #6001 published/);
      tmux('send-keys', '-t', s, 'Escape');
      await waitFor(s, /SVC-EXIT=0/);
      assert.equal((await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data.answer, 'Yes it is included');
    });
  });

  test('in pt-BR the screen speaks Portuguese and `s` publishes', (t) => {
    if (!hasTmux()) return t.skip('tmux is not installed');
    return ownSandbox(async (sb) => {
      const s = 'ptbr';
      startInbox(sb, s, ['LANG=pt_BR.UTF-8']);
      const first = await waitFor(s, /Pergunta #6001/);
      assert.match(first, /Enter envia · Tab pula · Esc sai/);
      assert.match(first, /Resposta: digite sua resposta/);
      tmux('send-keys', '-t', s, '-l', 'Sim, está incluído.');
      tmux('send-keys', '-t', s, 'Enter');
      await waitFor(s, /Publicar esta resposta à pergunta #6001\?/);
      tmux('send-keys', '-t', s, '-l', 's');
      await waitFor(s, /resposta à pergunta #6001 publicada/);
      tmux('send-keys', '-t', s, 'Escape');
      const end = await waitFor(s, /SVC-EXIT=0/);
      assert.match(end, /respondidas 1, puladas 0/);
      assert.equal((await sb.api('GET', `/api/v2/questions/${Q.unanswered}`)).body.data.answer, 'Sim, está incluído.');
    });
  });
});
