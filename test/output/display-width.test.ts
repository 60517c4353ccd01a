// issue 12: table cells are measured in terminal cells, so rows with CJK titles or emoji line up
// and fit the terminal. Values as a terminal (xterm, tmux, VTE) renders them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { displayWidth, truncate } from '../../src/output/table.js';

describe('display width (issue 12)', () => {
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

  test('truncate cuts by cells, never inside a cluster, and ends with …', () => {
    assert.equal(truncate('日本語のアカウント', 7), '日本語…');
    assert.equal(displayWidth(truncate('日本語のアカウント', 7)), 7);
    assert.equal(truncate('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5), '👨‍👩‍👧👨‍👩‍👧…');
    assert.equal(truncate('short', 10), 'short');
  });
});
