// the inbox's answer as a pure value; every key unit applies to the result of the one
// before, so the order and number of keys survive any speed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answerText, applyUnit, EMPTY_DRAFT, keyUnits, type Draft, type KeyLike } from '../../src/ui/answer-draft.js';

const feed = (events: [string, KeyLike][]): { draft: Draft; submits: number } => {
  let draft = EMPTY_DRAFT;
  let submits = 0;
  for (const [input, key] of events)
    for (const u of keyUnits(input, key)) {
      if (u.kind === 'submit') submits++;
      else draft = applyUnit(draft, u);
    }
  return { draft, submits };
};

describe('answer draft', () => {
  test('five quick Backspaces after abcdef leave a, in one chunk or in five events', () => {
    assert.equal(feed([['abcdef\u007f\u007f\u007f\u007f\u007f', {}]]).draft.text, 'a');
    // Ink 7: a burst of 0x7F is five events named backspace (6 named 0x7F delete)
    const events: [string, KeyLike][] = [
      ['abcdef', {}],
      ...Array.from({ length: 5 }, () => ['', { backspace: true }] as [string, KeyLike]),
    ];
    assert.equal(feed(events).draft.text, 'a');
  });

  test('Delete (Ink 7: ESC [3~ only) erases the character at the cursor, a whole emoji too', () => {
    const left: [string, KeyLike] = ['', { leftArrow: true }];
    const del: [string, KeyLike] = ['', { delete: true }];
    assert.equal(feed([['abcd', {}], left, left, del]).draft.text, 'abd');
    assert.equal(feed([['ok👍!', {}], left, left, left, del]).draft.text, 'ok!');
    assert.deepEqual(feed([['ab', {}], del]).draft, { text: 'ab', cursor: 2 }, 'nothing after the cursor');
  });

  test('a paste ending in a newline is the text and one submit', () => {
    const r = feed([['Chega em ate 24h.\r', {}]]);
    assert.deepEqual([r.draft.text, r.submits], ['Chega em ate 24h.', 1]);
  });

  test('arrows move the insertion point; control characters never reach the answer', () => {
    const r = feed([
      ['ac', {}],
      ['', { leftArrow: true }],
      ['b\u0007', {}],
      ['', { end: true }],
      ['!', {}],
    ]);
    assert.equal(r.draft.text, 'abc!');
  });

  test('a Backspace erases a whole emoji, and the published text is trimmed', () => {
    const r = feed([
      ['  ok 👍', {}],
      ['', { backspace: true }],
      ['  ', {}],
    ]);
    assert.equal(answerText(r.draft), 'ok');
  });
});
