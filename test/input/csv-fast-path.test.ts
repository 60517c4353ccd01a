// the quoted-record fast path of src/input/csv-table.ts splits every record it takes
// exactly as csv-parse does, and leaves the others (spaces around quotes, a quote inside an
// unquoted value, text after a closing quote, an unclosed quote) to csv-parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { type Delimiter, splitQuoted, splitRecords } from '../../src/input/csv-table.js';

function csvParse(text: string, delimiter: Delimiter, trim: boolean): string[][] | 'error' {
  try {
    return parse(Buffer.from(text), {
      delimiter,
      quote: '"',
      escape: '"',
      record_delimiter: '\n',
      bom: false,
      encoding: 'utf8',
      relax_column_count: true,
      skip_empty_lines: false,
      trim,
    }) as string[][];
  } catch {
    return 'error';
  }
}

// A small deterministic generator (xorshift), so a failure names a reproducible record.
function* records(n: number): Generator<string> {
  const alphabet = ['"', '"', '"', ',', ';', '\t', ' ', 'a', '1', '9', 'x'];
  let s = 0x9e3779b9;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  for (let i = 0; i < n; i++) {
    let r = '';
    const len = 1 + Math.floor(next() * 14);
    for (let k = 0; k < len; k++) r += alphabet[Math.floor(next() * alphabet.length)];
    yield r;
  }
}

test('the quoted fast path agrees with csv-parse on every record it takes (180,000 generated)', () => {
  let taken = 0;
  for (const delimiter of [',', ';', '\t'] as Delimiter[]) {
    for (const trim of [true, false]) {
      for (const r of records(30_000)) {
        if (!r.includes('"')) continue; // records without quotes take splitPlain, as before the fast path
        const fast = splitQuoted(r, delimiter, trim);
        if (!fast) continue;
        taken++;
        const slow = csvParse(r, delimiter, trim);
        assert.deepEqual([fast], slow, `${JSON.stringify(r)} delimiter ${JSON.stringify(delimiter)} trim ${trim}`);
      }
    }
  }
  assert.ok(taken > 5_000, `only ${taken} records took the fast path`);
});

test('the pt-BR export shape takes the fast path; the malformed ones still get their problem', () => {
  assert.deepEqual(splitQuoted('"101";"19,90"', ';', true), ['101', '19,90']);
  assert.deepEqual(splitQuoted('"a""b";;"";x ', ';', true), ['a"b', '', '', 'x']);
  for (const r of [' "1";2', '"1" ;2', '"1"x;2', 'a"b;2', '"1;2'])
    assert.equal(splitQuoted(r, ';', true), undefined, r);
  const out = splitRecords(
    ['"101";"19,90"', '"1"x;2', 'a"b;2', '"1;2'].map((r) => Buffer.from(r)),
    ';',
    true,
  );
  assert.deepEqual(out[0], ['101', '19,90']);
  assert.match(String(out[1]), /text after a closing quote/);
  assert.match(String(out[2]), /quote inside an unquoted value/);
  assert.match(String(out[3]), /unclosed quote/);
});
