// The bulk-price file (cli-spec 3): id + price or price_cents, optional variant; one behaviour
// per test, with the exact FILE:LINE of each problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS } from '../../src/api/assumptions.js';
import { readPriceFile } from '../../src/input/prices.js';
import { AS_FILE, fileWith } from './helpers.js';

const read = (content: string | Buffer) => readPriceFile(fileWith('prices.csv', content), AS_FILE);
const cents = async (content: string) => (await read(content)).rows.map((r) => r.priceCents);

test('a ;-delimited file with BOM and decimal commas, 250 rows, parses exactly', async () => {
  let body = '\ufeffid;price;variant\r\n';
  const expected: { line: number; id: number; priceCents: number; variant?: number }[] = [];
  for (let i = 0; i < 250; i++) {
    const priceCents = 100 + i * 37; // 1,00 .. 93,13
    const variant = i % 3 === 0 ? i % 5 : undefined;
    body += `${1000 + i};${Math.floor(priceCents / 100)},${String(priceCents % 100).padStart(2, '0')};${variant ?? ''}\r\n`;
    expected.push({ line: i + 2, id: 1000 + i, priceCents, ...(variant !== undefined ? { variant } : {}) });
  }
  const result = await read(body);
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.columns, ['id', 'price', 'variant']);
  assert.deepEqual(
    result.rows.map(({ raw: _raw, ...row }) => row),
    expected,
  );
});

test('price accepts 19.90, 19,90, 19 and 19.9', async () => {
  assert.deepEqual(await cents('id;price\n1;19.90\n2;19,90\n3;19\n4;19.9\n'), [1990, 1990, 1900, 1990]);
});

test('a decimal comma with a comma delimiter must be quoted', async () => {
  assert.deepEqual(await cents('id,price\n1,"19,90"\n'), [1990]);
  const result = await read('id,price\n1,19,90\n');
  assert.deepEqual(result.problems, [
    'FILE:2: 3 values but the header has 2 columns (quote values that contain a comma, such as a decimal comma: "19,90")',
  ]);
});

test('price_cents takes whole cents', async () => {
  assert.deepEqual(await cents('id,price_cents\n1,1990\n'), [1990]);
  assert.deepEqual((await read('id,price_cents\n1,19.90\n')).problems, [
    'FILE:2: price_cents "19.90" must be a whole number of cents (not whole cents)',
  ]);
});

test('more than 2 decimals is "not whole cents"', async () => {
  assert.deepEqual((await read('id,price\n1,19.9999\n2,1234.567\n')).problems, [
    'FILE:2: price "19.9999" has more than 2 decimals (not whole cents)',
    'FILE:3: price "1234.567" has more than 2 decimals (not whole cents)',
  ]);
  // 19.999 once the file showed `.` as its decimal mark: three decimals, not a thousands group
  assert.deepEqual((await read('id,price\n1,5.50\n2,19.999\n')).problems, [
    'FILE:3: price "19.999" has more than 2 decimals (not whole cents)',
  ]);
});

test('thousands separators are read when the value or the file shows the decimal mark', async () => {
  // 1.234,56 and 1,234.56 show their decimal mark themselves; 1 234 and 1.234.567 group only;
  // 2.000 on line 5 follows line 2's `,` decimal mark, so its `.` groups thousands.
  const result = await read("id;price\n1;1.234,56\n3;1 234\n4;2.000\n5;1.000.000\n6;1\u00a0234,5\n7;12'345,00\n");
  assert.deepEqual(result.problems, []);
  assert.deepEqual(
    result.rows.map((r) => r.priceCents),
    [123456, 123400, 200000, 100000000, 123450, 1234500],
  );
  const dot = await read('id,price\n1,"1,234.56"\n2,"2,000"\n');
  assert.deepEqual(dot.problems, []);
  assert.deepEqual(
    dot.rows.map((r) => r.priceCents),
    [123456, 200000],
  );
});

test('1.234 before any value shows the decimal mark is refused as ambiguous; 1.234 after a . decimal is 3 decimals', async () => {
  assert.deepEqual((await read('id;price\n1;1.234\n2;19,90\n3;1.234\n')).problems, [
    'FILE:2: price "1.234" is ambiguous: a thousands separator or the decimal mark? No earlier value of the file shows its decimal mark: write 1234 or 1234,00',
  ]);
  assert.deepEqual((await read('id,price\n1,19.90\n2,"1,234"\n')).problems, []);
  assert.deepEqual((await read('id,price\n1,19.90\n2,1.234\n')).problems, [
    'FILE:3: price "1.234" has more than 2 decimals (not whole cents)',
  ]);
  assert.deepEqual((await read('id;price\n1;1.2.3\n2;1.234.56\n')).problems.length, 2);
});

test('the price must be greater than 0', async () => {
  const result = await read('id,price\n1,0\n2,-5\n3,0.00\n');
  assert.deepEqual(
    result.problems.map((p) => p.split(': ')[0]),
    ['FILE:2', 'FILE:3', 'FILE:4'],
  );
  for (const p of result.problems) assert.match(p, /must be greater than 0/);
});

test('the price must be at most 100000000 cents', async () => {
  assert.deepEqual(await cents(`id,price_cents\n1,${LIMITS.priceMaxCents}\n`), [LIMITS.priceMaxCents]);
  assert.deepEqual((await read(`id,price_cents\n1,${LIMITS.priceMaxCents + 1}\n`)).problems, [
    `FILE:2: price_cents "100000001" is above the maximum of ${LIMITS.priceMaxCents} cents`,
  ]);
  assert.match((await read('id,price\n1,1000000.01\n')).problems[0]!, /^FILE:2: .*above the maximum/);
  assert.match((await read('id,price\n1,99999999999999999999\n')).problems[0]!, /^FILE:2: .*above the maximum/);
});

test('a price that is not a number is a problem', async () => {
  assert.deepEqual((await read('id,price\n1,abc\n')).problems, [
    'FILE:2: price "abc" is not a decimal amount (like 19.90 or 19,90)',
  ]);
});

test('the id must be a positive integer', async () => {
  const result = await read('id,price\n0,1\nx,1\n1.5,1\n');
  assert.equal(result.problemCount, 3);
  assert.deepEqual(
    result.problems.map((p) => p.split(': ')[0]),
    ['FILE:2', 'FILE:3', 'FILE:4'],
  );
});

test('the variant must be an integer >= 0, and empty means no variant', async () => {
  const result = await read('id,price,variant\n1,1,0\n2,1,\n3,1,-1\n4,1,a\n');
  assert.deepEqual(
    result.rows.map((r) => r.variant),
    [0, undefined],
  );
  assert.deepEqual(
    result.problems.map((p) => p.split(': ')[0]),
    ['FILE:4', 'FILE:5'],
  );
});

test('missing values are problems', async () => {
  const result = await read('id,price\n,1\n2,\n3\n');
  assert.deepEqual(result.problems, ['FILE:2: missing id', 'FILE:3: missing price', 'FILE:4: missing price']);
});

test('a duplicate (id, variant) pair names both lines', async () => {
  const result = await read('id,price,variant\n# header above\n7,1,\n7,1,1\n\n7,2,\n7,3,1\n');
  assert.deepEqual(result.problems, [
    'FILE:6: duplicate of line 3 (id 7 appears twice)',
    'FILE:7: duplicate of line 4 (id 7 variant 1 appears twice)',
  ]);
});

test('unknown columns are ignored with one note naming them; --strict-columns makes them one problem', async () => {
  const path = fileWith('prices.csv', 'id,price,colour,size\n1,2,red,L\n');
  const result = await readPriceFile(path, AS_FILE);
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.notes, [
    'FILE:1: 2 unknown columns ignored: "colour", "size" (expected id, price or price_cents, variant; --strict-columns refuses them)',
  ]);
  assert.deepEqual(
    result.rows.map((r) => r.priceCents),
    [200],
  );
  const strict = await readPriceFile(path, { ...AS_FILE, strictColumns: true });
  assert.deepEqual(strict.problems, [
    'FILE:1: unknown columns "colour", "size" (expected id, price or price_cents, variant)',
  ]);
});

test('price and price_cents together are refused', async () => {
  assert.deepEqual((await read('id,price,price_cents\n1,2,200\n')).problems, [
    'FILE:1: use one of the columns price or price_cents, not both',
  ]);
});

test('a missing id or price column is refused and no row is judged', async () => {
  assert.deepEqual((await read('listing,price\n1,2\n')).problems, [
    'FILE:1: unknown column "listing" (expected id, price or price_cents, variant)',
    'FILE:1: missing column id',
  ]);
  assert.deepEqual((await read('id,variant\n1,2\n')).problems, ['FILE:1: missing column price or price_cents']);
});

test('a header row is required', async () => {
  assert.deepEqual((await read('')).problems, ['FILE:1: empty file: a header row is required']);
  assert.deepEqual((await read('id,price\n\n')).problems, ['FILE:1: no rows after the header']);
});

test('line numbers count the header, blank lines, comments and multi-line values', async () => {
  const result = await read('# comment\nid,price\n\n"1\n",x\n\n2,y\n');
  assert.deepEqual(
    result.problems.map((p) => p.split(': ')[0]),
    ['FILE:4', 'FILE:7'],
  );
});

test('raw keeps the input row for the report', async () => {
  const [row] = (await read('ID,Price,Variant\n12, 19.90 ,\n')).rows;
  assert.deepEqual(row, { line: 2, id: 12, priceCents: 1990, raw: { id: '12', price: '19.90', variant: '' } });
});

test('more than 50 problems: 50 kept, all counted', async () => {
  const result = await read(`id,price\n${'x,1\n'.repeat(120)}`);
  assert.equal(result.problems.length, 50);
  assert.equal(result.problemCount, 120);
});
