// Fuzzing the readers (brief: "the reader never throws, and either returns rows or problems
// that all match /^FILE:\d+: /"): random bytes and mangled CSV, lines and JSONL with latin1
// bytes, huge lines, NUL bytes, quotes and missing columns. Runs are bounded to a few seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ChunkBodyWriter } from '../../src/input/chunk-body.js';
import { readCredentialChunk, scanCredentials, type CredentialFormat } from '../../src/input/credentials.js';
import { splitRecords, type Delimiter } from '../../src/input/csv-table.js';
import { readPriceFile } from '../../src/input/prices.js';
import { readStatusFile } from '../../src/input/statuses.js';
import { AS_FILE, fileWith, PROBLEM_SHAPE } from './helpers.js';
import { runs } from '../support/runs.js';

function physicalLines(bytes: Buffer): number {
  // a file with no LF but a CR with something after it has CR-only line ends
  const cr = bytes.indexOf(0x0d);
  const end = bytes.indexOf(0x0a) === -1 && cr !== -1 && cr + 1 < bytes.length ? 0x0d : 0x0a;
  let n = 0;
  for (const b of bytes) if (b === end) n += 1;
  return Math.max(1, bytes.length > 0 && bytes[bytes.length - 1] !== end ? n + 1 : n);
}

function assertProblems(problems: string[], problemCount: number, bytes: Buffer): void {
  assert.ok(problems.length <= 50 && problemCount >= problems.length);
  const last = physicalLines(bytes);
  for (const p of problems) {
    assert.match(p, PROBLEM_SHAPE);
    const line = Number(/^FILE:(\d+): /.exec(p)![1]);
    assert.ok(line >= 1 && line <= last, `line ${line} of ${last}: ${p}`);
  }
}

async function checkTables(bytes: Buffer): Promise<void> {
  for (const reader of [readPriceFile, readStatusFile]) {
    const result = await reader(fileWith('fuzz.csv', bytes), AS_FILE);
    assertProblems(result.problems, result.problemCount, bytes);
    assert.ok(result.rows.length > 0 || result.problemCount > 0, 'rows or problems');
  }
}

async function checkCredentials(bytes: Buffer, format: CredentialFormat, separator?: string): Promise<void> {
  const path = fileWith(`fuzz.${format}`, bytes);
  const opts = separator ? { separator } : {};
  const scan = await scanCredentials(path, { format, ...AS_FILE, ...opts, chunkSize: 3 });
  assertProblems(scan.problems, scan.problemCount, bytes);
  assert.ok(scan.count > 0 || scan.problemCount > 0, 'credentials or problems');
  if (scan.problemCount > 0) return;
  let items = 0;
  const bodies = new ChunkBodyWriter(path, format, opts); // one writer for all chunks: its buffers are reused
  for (const chunk of scan.chunks) {
    const read = await readCredentialChunk(path, format, chunk, opts);
    items += read.length;
    const body = await bodies.write(chunk, '{"variantIndex":0,"items":[', '],"dedupeMode":"skip"}');
    assert.equal(
      body.toString('utf8'),
      JSON.stringify({ variantIndex: 0, items: read, dedupeMode: 'skip' }),
      'the request body is the JSON of the items',
    );
  }
  assert.equal(items, scan.count, 'the chunks re-read to every credential scanned');
}

const LATIN1 = Buffer.from([0xe9, 0xe7, 0xa3]); // "éç£" in latin1: not UTF-8
const bytesOf = (s: string) => Buffer.from(s, 'utf8');
const token = fc.oneof(
  fc
    .constantFrom(
      '1',
      '12',
      '19,90',
      '19.90',
      '"19,90"',
      '-1',
      '0',
      '100000001',
      '1.234,56',
      'x',
      'true',
      'no',
      '',
      ' ',
    )
    .map(bytesOf),
  fc.constantFrom('"', '""', '"a""b"', '\0', '#', '\r', 'é', 'a:b').map(bytesOf),
  fc.constant(LATIN1),
  fc.integer({ min: 1, max: 400 }).map((n) => Buffer.alloc(n, 0x78)),
);
const delimiter = fc.constantFrom(',', ';', '\t');
const lineEnd = fc.constantFrom('\n', '\r\n');
const header = fc.constantFrom(
  'id,price',
  'id;price;variant',
  'id\tprice_cents',
  'ID , Price,Variant',
  'id,active',
  'foo,bar',
  'id,price,price_cents',
  '',
  '"id","pri\nce"',
);
const row = fc
  .tuple(fc.array(token, { maxLength: 5 }), delimiter, lineEnd, fc.constantFrom('', '', '', '# c', '   '))
  .map(([fields, d, end, extra]) =>
    Buffer.concat([
      ...fields.flatMap((f, i) => (i === 0 ? [f] : [bytesOf(d), f])),
      bytesOf(end),
      bytesOf(extra ? `${extra}${end}` : ''),
    ]),
  );
const mangledCsv = fc
  .tuple(fc.boolean(), header, lineEnd, fc.array(row, { maxLength: 25 }))
  .map(([bom, h, end, rows]) => Buffer.concat([bytesOf(bom ? '\ufeff' : ''), bytesOf(h + end), ...rows]));

test('fuzz: random bytes never crash the price and status readers', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), async (raw) => checkTables(Buffer.from(raw))),
    { numRuns: runs(150) },
  );
});

test('fuzz: mangled CSV gives rows or FILE:LINE problems within the file', async () => {
  await fc.assert(fc.asyncProperty(mangledCsv, checkTables), { numRuns: runs(200) });
});

test('fuzz: mangled credential CSV never crashes and re-reads what it scanned', async () => {
  const credHeader = fc.constantFrom(
    'credential',
    'credential,ref',
    'credential;cost',
    'credential\tcost_cents',
    'ref',
    '',
  );
  const file = fc
    .tuple(credHeader, lineEnd, fc.array(row, { maxLength: 20 }))
    .map(([h, end, rows]) => Buffer.concat([bytesOf(h + end), ...rows]));
  await fc.assert(
    fc.asyncProperty(file, (bytes) => checkCredentials(bytes, 'csv')),
    { numRuns: runs(200) },
  );
});

test('fuzz: mangled lines files never crash, with and without separator', async () => {
  const line = fc
    .tuple(fc.array(fc.oneof(token, fc.constant(bytesOf('---'))), { maxLength: 4 }), lineEnd)
    .map(([parts, end]) => Buffer.concat([...parts, bytesOf(end)]));
  const file = fc.array(line, { maxLength: 30 }).map((lines) => Buffer.concat(lines));
  await fc.assert(
    fc.asyncProperty(file, fc.constantFrom(undefined, '---'), (bytes, sep) => checkCredentials(bytes, 'lines', sep)),
    { numRuns: runs(250) },
  );
});

test('fuzz: mangled JSONL never crashes', async () => {
  const json = fc.oneof(
    fc
      .record(
        {
          credential: fc.oneof(fc.string(), fc.integer()),
          ref: fc.option(fc.string({ maxLength: 70 })),
          costCents: fc.option(fc.oneof(fc.integer(), fc.double())),
        },
        { requiredKeys: [] },
      )
      .map((o) => bytesOf(JSON.stringify(o))),
    fc.jsonValue().map((v) => bytesOf(JSON.stringify(v) ?? 'null')),
    token,
  );
  const file = fc
    .array(
      fc.tuple(json, lineEnd).map(([j, end]) => Buffer.concat([j, bytesOf(end)])),
      { maxLength: 20 },
    )
    .map((lines) => Buffer.concat(lines));
  await fc.assert(
    fc.asyncProperty(file, (bytes) => checkCredentials(bytes, 'jsonl')),
    { numRuns: runs(200) },
  );
});

test('fuzz: huge lines are refused in every format without a crash', async () => {
  const huge = fc
    .tuple(fc.integer({ min: 70_000, max: 400_000 }), fc.constantFrom(0x78, 0x22, 0x00, 0xe9), fc.boolean())
    .map(([n, byte, newline]) =>
      Buffer.concat([bytesOf('credential\n'), Buffer.alloc(n, byte), bytesOf(newline ? '\nok\n' : '')]),
    );
  await fc.assert(
    fc.asyncProperty(huge, async (bytes) => {
      await checkTables(bytes);
      for (const format of ['lines', 'csv', 'jsonl'] as const) await checkCredentials(bytes, format);
      await checkCredentials(bytes, 'lines', '---');
    }),
    { numRuns: 12 },
  );
});

test('fuzz: splitting records in one csv-parse batch equals splitting them one by one', () => {
  const recordText = fc
    .array(fc.constantFrom('a', 'bc', ',', ';', '"', '""', ' ', '\n', 'é', '\t'), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join(''))
    .filter((text) => (text.split('"').length - 1) % 2 === 0 && text.trim() !== '');
  fc.assert(
    fc.property(
      fc.array(recordText, { minLength: 2, maxLength: 8 }),
      fc.constantFrom<Delimiter>(',', ';', '\t'),
      fc.boolean(),
      (texts, delimiter, trim) => {
        const records = texts.map((t) => Buffer.from(t));
        const alone = records.map((r) => splitRecords([r], delimiter, trim)[0]);
        assert.deepEqual(splitRecords(records, delimiter, trim), alone);
      },
    ),
    { numRuns: runs(500) },
  );
});
