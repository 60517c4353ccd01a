// spreadsheet exports just work. Every case the issue lists, made by the tests, plus
// real LibreOffice exports kept in fixtures/spreadsheet (README there says how they were made).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanCredentials } from '../../src/input/credentials.js';
import { readPriceFile } from '../../src/input/prices.js';
import { readStatusFile } from '../../src/input/statuses.js';
import { readVariantFile } from '../../src/input/variants.js';
import { AS_FILE, fileWith } from './helpers.js';

const FIXTURES = join(fileURLToPath(import.meta.url), '..', 'fixtures', 'spreadsheet');
const prices = (content: string | Buffer, extra: { strictColumns?: boolean } = {}) =>
  readPriceFile(fileWith('prices.csv', content), { ...AS_FILE, ...extra });
const cents = (r: { rows: { id: number; priceCents: number }[] }) => r.rows.map((row) => [row.id, row.priceCents]);

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => Buffer.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);

test("Excel's trailing `;;` rows (empty rows below the data) are ignored, line numbers stay physical", async () => {
  const ok = await prices('id;price\n1;19,90\n;\n;;\n ; \n');
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(cents(ok), [[1, 1990]]);
  const bad = await prices('id;price\n;;\n1;19,90\n;;\n2;x\n');
  assert.deepEqual(bad.problems, ['FILE:5: price "x" is not a decimal amount (like 19.90 or 19,90)']);
});

test('empty trailing columns (`id,price,,`) are ignored, in the header and in the rows', async () => {
  const r = await prices('id,price,,\n1,2.50,,\n2,3,\n3,4\n');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.notes, []);
  assert.deepEqual(cents(r), [
    [1, 250],
    [2, 300],
    [3, 400],
  ]);
  // a value past the header's width is still a problem: it is data, probably a decimal comma
  assert.match((await prices('id,price\n1,2,50\n')).problems[0]!, /^FILE:2: 3 values but the header has 2 columns/);
});

test('a column a person keeps for themselves (title, notes) is ignored with one note; --strict-columns refuses it', async () => {
  const r = await prices('id,title,price,notes\n1,"Conta ""A""",2,check\n');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.notes, [
    'FILE:1: 2 unknown columns ignored: "title", "notes" (expected id, price or price_cents, variant; --strict-columns refuses them)',
  ]);
  assert.deepEqual(cents(r), [[1, 200]]);
  assert.deepEqual((await prices('id,title,price\n1,x,2\n', { strictColumns: true })).problems, [
    'FILE:1: unknown column "title" (expected id, price or price_cents, variant)',
  ]);
  // a column with no name in the middle is an unknown column too
  assert.match((await prices('id,,price\n1,x,2\n')).notes[0]!, /ignored: column 2 \(no name\)/);
});

test('1.234,50 with `,` decimals and 1,234.50 with `.` decimals are read; 1.234 alone is refused as ambiguous', async () => {
  assert.deepEqual(cents(await prices('id;price\n1;1.234,50\n2;2.000\n')), [
    [1, 123450],
    [2, 200000],
  ]);
  assert.deepEqual(cents(await prices('id,price\n1,"1,234.50"\n2,"2,000"\n')), [
    [1, 123450],
    [2, 200000],
  ]);
  const ambiguous = await prices('id;price\n1;1.234\n');
  assert.match(
    ambiguous.problems[0]!,
    /^FILE:2: price "1\.234" is ambiguous: a thousands separator or the decimal mark\?/,
  );
});

test('Excel "Unicode text" (UTF-16 LE with BOM, TAB-separated) is decoded and its delimiter detected', async () => {
  const r = await prices(utf16le('id\tprice\ttitle\r\n1\t1.234,50\tDragão ☃\r\n2\t19,90\t"a\tb"\r\n'));
  assert.deepEqual(r.problems, []);
  assert.deepEqual(cents(r), [
    [1, 123450],
    [2, 1990],
  ]);
  const bad = await prices(utf16le('id\tprice\r\n1\t1\r\n\r\n3\tx\r\n'));
  assert.deepEqual(bad.problems, ['FILE:4: price "x" is not a decimal amount (like 19.90 or 19,90)']);
});

test('UTF-16 BE with BOM is decoded too', async () => {
  const r = await prices(utf16be('id\tprice\n7\t5,00\n'));
  assert.deepEqual(r.problems, []);
  assert.deepEqual(cents(r), [[7, 500]]);
});

test('old Mac line ends (CR only) are read, with physical line numbers', async () => {
  const r = await prices('id,price\r1,2\r\r3,x\r');
  assert.deepEqual(r.problems, ['FILE:4: price "x" is not a decimal amount (like 19.90 or 19,90)']);
  assert.deepEqual(cents(await prices('id,price\r1,2\r3,4')), [
    [1, 200],
    [3, 400],
  ]);
});

test('statuses and variants read spreadsheet exports the same way', async () => {
  const s = await readStatusFile(fileWith('s.csv', utf16le('id\tactive\tnote\r\n1\tyes\tx\r\n\t\t\r\n')), AS_FILE);
  assert.deepEqual(s.problems, []);
  assert.deepEqual(
    s.rows.map((r) => [r.id, r.isActive]),
    [[1, true]],
  );
  assert.equal(s.notes.length, 1);
  const v = await readVariantFile(fileWith('v.csv', 'index;price;stock;;\r0;1.234,50;3;;\r;;;;\r'), AS_FILE);
  assert.deepEqual(v.problems, []);
  assert.deepEqual(
    v.rows.map((r) => [r.index, r.priceCents, r.stock]),
    [[0, 123450, 3]],
  );
});

test('a UTF-16 credentials file is refused with a clear message (its chunks are re-read by byte offset)', async () => {
  const scan = await scanCredentials(fileWith('c.txt', utf16le('a:1\r\nb:2\r\n')), { format: 'lines', ...AS_FILE });
  assert.equal(scan.problems[0], 'FILE:1: UTF-16 text: save the file as UTF-8 (in Excel: "CSV UTF-8")');
  assert.equal(scan.chunks.length, 0);
});

for (const [file, delimiter] of [
  ['libreoffice-pt-BR-semicolon.csv', ';'],
  ['libreoffice-en-US-comma.csv', ','],
  ['libreoffice-unicode-text-utf16le-tab.csv', '\t'],
] as const) {
  test(`real export: ${file} reads as the sheet shows it`, async () => {
    const r = await readPriceFile(join(FIXTURES, file), AS_FILE);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(cents(r), [
      [101, 123450],
      [102, 1990],
      [103, 2500000],
    ]);
    assert.deepEqual(r.notes, [
      'FILE:1: 2 unknown columns ignored: "title", "notes" (expected id, price or price_cents, variant; --strict-columns refuses them)',
    ]);
    assert.deepEqual(r.columns.slice(0, 4), ['id', 'price', 'title', 'notes']);
    assert.ok(delimiter);
  });
}
