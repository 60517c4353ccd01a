// table cells are measured in terminal cells, so rows with CJK titles or emoji line up
// and fit the terminal. Values as a terminal (xterm, tmux, VTE) renders them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayWidth, truncate } from '../../src/output/table.js';

describe('display width', () => {
  const cases: [string, number][] = [
    ['abc', 3],
    ['', 0],
    ['Immortal account', 16],
    ['日本語', 6],
    ['한국 계정', 9],
    ['ｶﾀｶﾅ', 4],
    ['Ａ', 2],
    ['e\u0301', 1],
    ['ação', 4],
    ['\u200b', 0],
    ['a\u200db', 2],
    ['👍', 2],
    ['👍🏽', 2],
    ['👨‍👩‍👧', 2],
    ['❤️', 2],
    ['1️⃣', 2],
    ['🇧🇷', 2],
    ['Конто', 5],
    ['حساب', 4],
  ];
  for (const [text, width] of cases) {
    test(`${JSON.stringify(text)} takes ${width} cells`, () => assert.equal(displayWidth(text), width));
  }

  // Latin-1's letters and signs and … skip the segmenter; each is one cell by the
  // grapheme rule too (a combining mark after one forces that rule and adds nothing).
  test('the fast path (Latin-1, …) measures as the grapheme rule does', () => {
    const fast = [
      ...Array.from({ length: 0x5f }, (_, i) => 0x20 + i),
      ...Array.from({ length: 0x60 }, (_, i) => 0xa0 + i),
    ]
      .filter((c) => c !== 0xad)
      .concat(0x2026)
      .map((c) => String.fromCodePoint(c));
    for (const ch of fast) assert.equal(displayWidth(`${ch}\u0301`), 1, `U+${ch.codePointAt(0)!.toString(16)}`);
    assert.equal(displayWidth(fast.join('')), fast.length);
    assert.equal(displayWidth('Conta rara, histórico limpo, ação…'), 34);
    assert.equal(displayWidth('\u00ad'), 0, 'the soft hyphen stays on the grapheme rule');
  });

  test('truncate cuts by cells, never inside a cluster, and ends with …', () => {
    assert.equal(truncate('日本語のアカウント', 7), '日本語…');
    assert.equal(displayWidth(truncate('日本語のアカウント', 7)), 7);
    assert.equal(truncate('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5), '👨‍👩‍👧👨‍👩‍👧…');
    assert.equal(truncate('short', 10), 'short');
  });
});
