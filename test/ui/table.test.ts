// the Ink table prints exactly the plain table's bytes: the layout of
// src/output/table.ts (widths, cuts with …, money aligned), a bold header, empty lines kept.
// Both the sources and the built bundle, dist/table.cjs, whose Ink and dependencies carry the
// build's edits and aliases (scripts/shims/ink-table.mjs): each check runs on both.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { layoutTable, tableText, type TableLine, type TableModel } from '../../src/output/table.js';

// FORCE_COLOR while Ink's chalk loads: the bold header as on a terminal. Put back at once:
// npm run test:unit shares this process with other files, and the processes they spawn
// inherit its environment (test/mirror/sqlite.test.ts read a coloured `42`).
const colorBefore = process.env.FORCE_COLOR;
process.env.FORCE_COLOR = '1';
const source = await import('../../src/ui/table-render.js');
const built = createRequire(import.meta.url)(
  fileURLToPath(new URL('../../dist/table.cjs', import.meta.url)),
) as typeof source;
await built.ready;
if (colorBefore === undefined) delete process.env.FORCE_COLOR;
else process.env.FORCE_COLOR = colorBefore;
const tableString = (lines: TableLine[], bold: boolean) => {
  const text = source.tableString(lines, bold);
  assert.equal(built.tableString(lines, bold), text, 'dist/table.cjs and the sources differ');
  return text;
};

const model: TableModel = {
  headers: ['ID', 'TITLE', 'PRICE', 'STATE'],
  rows: [
    ['101', 'Conta rara com todas as skins e um histórico limpo, 日本語 também', '1234.50', 'active'],
    ['7', 'Short', '5.00', ''],
    ['', '', '', ''],
    ['2002', 'Emoji 🎮 title', '12.34', 'paused'],
  ],
  numeric: [true, false, true, false],
  max: [undefined, 40, undefined, undefined],
  drop: [undefined, undefined, undefined, 1],
  keyValue: false,
};

test('Ink renders the plain layout byte for byte, at 80 and 30 columns, bold or not', () => {
  for (const width of [80, 30, undefined])
    for (const bold of [true, false]) {
      const { lines } = layoutTable(model, width);
      assert.equal(tableString(lines, bold), tableText(lines, bold), `width ${width}, bold ${bold}`);
    }
});

test('an empty row first or last is kept as an empty line', () => {
  for (const rows of [
    [['', '', '', ''], ...model.rows],
    [...model.rows, ['', '', '', '']],
  ]) {
    const { lines } = layoutTable({ ...model, rows }, 80);
    assert.equal(tableString(lines, true), tableText(lines, true));
  }
});

test('Ink gets room enough: lines of wide characters and emoji are never wrapped', () => {
  const lines = [
    { bold: 'ID  TITLE', rest: '' },
    { bold: '', rest: '1   日本語のアカウント日本語のアカウント' },
    { bold: '', rest: '2   🎮🎮🎮🎮🎮🎮 👨‍👩‍👧👨‍👩‍👧 …' },
  ];
  assert.equal(tableString(lines, false), tableText(lines, false));
});

test('a key/value table (one record) too', () => {
  const one: TableModel = {
    ...model,
    headers: ['FIELD', 'VALUE'],
    rows: [
      ['ID', '101'],
      ['NOTE', ''],
      ['TITLE', 'x'.repeat(120)],
    ],
    numeric: [false, false],
    max: [undefined, undefined],
    drop: [undefined, undefined],
    keyValue: true,
  };
  const { lines } = layoutTable(one, 80);
  assert.equal(tableString(lines, true), tableText(lines, true));
});
