// The shared CSV layer (cli-spec 3): delimiter detection, BOM, blank and comment lines, header
// names, and LINE = the FIRST physical line of a record, counting every skipped line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { readCsvTable, detectDelimiter, type CsvEvent } from '../../src/input/csv-table.js';
import { fileWith } from './helpers.js';

async function events(content: string | Buffer, opts: Parameters<typeof readCsvTable>[1] = {}): Promise<CsvEvent[]> {
  const out: CsvEvent[] = [];
  for await (const e of readCsvTable(fileWith('t.csv', content), opts)) out.push(e);
  return out;
}
const records = (evs: CsvEvent[]) =>
  evs.flatMap((e) => (e.kind === 'record' ? [{ line: e.line, fields: e.fields }] : []));
const problems = (evs: CsvEvent[]) => evs.flatMap((e) => (e.kind === 'problem' ? [`${e.line}: ${e.message}`] : []));
const header = (evs: CsvEvent[]) => evs.find((e) => e.kind === 'header');

test('the delimiter is detected from the header: comma', async () => {
  assert.deepEqual(header(await events('id,price\n1,2\n')), {
    kind: 'header',
    line: 1,
    columns: ['id', 'price'],
    delimiter: ',',
  });
});

test('the delimiter is detected from the header: semicolon', async () => {
  const evs = await events('id;price\n1;19,90\n');
  assert.equal((header(evs) as { delimiter: string }).delimiter, ';');
  assert.deepEqual(records(evs), [{ line: 2, fields: ['1', '19,90'] }]);
});

test('the delimiter is detected from the header: TAB', async () => {
  const evs = await events('id\tprice\n1\t19,90\n');
  assert.equal((header(evs) as { delimiter: string }).delimiter, '\t');
  assert.deepEqual(records(evs), [{ line: 2, fields: ['1', '19,90'] }]);
});

test('delimiters inside quotes of the header do not count', () => {
  assert.equal(detectDelimiter('"a;b;c",d'), ',');
  assert.equal(detectDelimiter('single'), ',');
});

test('a UTF-8 BOM is stripped from the first header name', async () => {
  const evs = await events(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('id,price\n1,2\n')]));
  assert.deepEqual((header(evs) as { columns: string[] }).columns, ['id', 'price']);
});

test('header names are trimmed and lower-cased', async () => {
  assert.deepEqual((header(await events(' ID , Price_Cents \n1,2\n')) as { columns: string[] }).columns, [
    'id',
    'price_cents',
  ]);
});

test('blank and # comment lines are skipped but counted as lines', async () => {
  const evs = await events('# prices for May\n\nid,price\n\n   \n# a comment\n1,2\n\n3,4\n');
  assert.equal(header(evs)!.line, 3);
  assert.deepEqual(records(evs), [
    { line: 7, fields: ['1', '2'] },
    { line: 9, fields: ['3', '4'] },
  ]);
});

test('CRLF line ends count one line each and leave no CR in values', async () => {
  assert.deepEqual(records(await events('id,price\r\n\r\n1,2\r\n3,4')), [
    { line: 3, fields: ['1', '2'] },
    { line: 4, fields: ['3', '4'] },
  ]);
});

test('a quoted value spanning lines: LINE is the first line, the next record counts all its lines', async () => {
  const evs = await events('a,b\n1,"x\ny\nz"\n2,3\n');
  assert.deepEqual(records(evs), [
    { line: 2, fields: ['1', 'x\ny\nz'] },
    { line: 5, fields: ['2', '3'] },
  ]);
  const multi = evs.find((e) => e.kind === 'record' && e.line === 2);
  assert.equal(multi && multi.kind === 'record' ? multi.lastLine : 0, 4);
});

test('csv-parse info.lines reports the LAST line of a multi-line record (why records are cut by line here)', () => {
  const got = parse('a,b\n1,"x\ny"\n', { info: true }) as unknown as { info: { lines: number } }[];
  assert.equal(got[1]!.info.lines, 3);
});

test('invalid UTF-8 is a problem on its line, not a crash', async () => {
  const evs = await events(
    Buffer.concat([Buffer.from('id,price\n1,2\n'), Buffer.from([0x33, 0x2c, 0xe9, 0x0a]), Buffer.from('4,5\n')]),
  );
  assert.deepEqual(problems(evs), ['3: not valid UTF-8 (save the file as UTF-8)']);
  assert.deepEqual(
    records(evs).map((r) => r.line),
    [2, 4],
  );
});

test('a NUL byte is a problem on its line', async () => {
  assert.deepEqual(problems(await events('id,price\n1,2\0\n')), ['2: contains a NUL byte (is this a text file?)']);
});

test('invalid UTF-8 inside a multi-line value names the bad physical line', async () => {
  const evs = await events(
    Buffer.concat([Buffer.from('a,b\n1,"ok\n'), Buffer.from([0xff, 0x0a]), Buffer.from('end"\n2,3\n')]),
  );
  assert.deepEqual(problems(evs), ['3: not valid UTF-8 (save the file as UTF-8)']);
  assert.deepEqual(
    records(evs).map((r) => r.line),
    [5],
  );
});

test('an unclosed quote is reported on the line it opens', async () => {
  assert.deepEqual(problems(await events('a,b\n1,2\n3,"open\n4,5\n')), [
    '3: unclosed quote: the rest of the file is inside this value',
  ]);
});

test('a stray quote in an unquoted value is one problem and reading goes on', async () => {
  const evs = await events('a,b\n1,x"y"z\n2,3\n');
  assert.equal(problems(evs).length, 1);
  assert.match(problems(evs)[0]!, /^2: quote inside an unquoted value/);
  assert.deepEqual(
    records(evs).map((r) => r.line),
    [3],
  );
});

test('a row longer than the limit is refused without being held', async () => {
  const evs = await events(`a,b\n1,${'x'.repeat(100_000)}\n2,3\n`, { maxRecordBytes: 1000 });
  assert.deepEqual(problems(evs), ['2: row longer than 1000 bytes']);
  assert.deepEqual(
    records(evs).map((r) => r.line),
    [3],
  );
});

test('an empty file has no header row', async () => {
  assert.deepEqual(problems(await events('')), ['1: empty file: a header row is required']);
  assert.deepEqual(problems(await events('\n# only a comment\n')), ['1: empty file: a header row is required']);
});

test('records carry the byte offsets of their lines', async () => {
  const evs = await events('a\r\nxy\r\n"p\r\nq"\r\n');
  const offsets = evs.flatMap((e) => (e.kind === 'record' ? [[e.startOffset, e.endOffset]] : []));
  assert.deepEqual(offsets, [
    [3, 7],
    [7, 15],
  ]);
});
