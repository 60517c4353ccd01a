// `--all` in json is written a page at a time, cut out of the page's own JSON text.
// Whatever the pages, the bytes must be those of one whole print of every row (formatRecords),
// hostile text escaped the same way, for every streamed format.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Column } from '../../src/output/columns.js';
import { formatRecords, type Format } from '../../src/output/format.js';
import type { IO } from '../../src/output/io.js';
import { ListStream } from '../../src/output/list-stream.js';

type Row = Record<string, unknown>;

function memoryIO(): IO & { out: () => string } {
  const parts: string[] = [];
  return {
    stdout: { write: (s: string) => parts.push(s) },
    stderr: { write: () => true },
    stdin: process.stdin,
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    color: false,
    interactive: false,
    quiet: true,
    columns: 80,
    out: () => parts.join(''),
  };
}

const columns: Column<Row>[] = [
  { header: 'id', value: 'id', kind: 'number' },
  { header: 'title', value: 'title' },
  { header: 'price', value: 'price', kind: 'cents' },
];

const hostile = [
  'plain',
  'rtl \u202Eexe.txt',
  'line\u2028sep\u2029para',
  'c1 \u0085 next',
  'esc \u001b[31mred\u0007',
  'zw\u200b\ufeff',
  'ação 日本語 👍',
  'quote " back \\ slash',
  'lone \ud800 surrogate',
];

function row(i: number): Row {
  return {
    id: i,
    title: hostile[i % hostile.length],
    price: i * 7,
    nested: { tags: ['a', hostile[(i + 3) % hostile.length]], empty: {}, none: null },
    list: [],
  };
}

const pagings: number[][] = [[], [0], [1], [3], [0, 2, 0, 5, 0], [100, 100, 37], [1, 1, 1, 1]];

for (const format of ['json', 'jsonl', 'csv', 'tsv'] as const satisfies readonly Format[]) {
  test(`--all -o ${format}: pages streamed are the bytes of one whole print`, () => {
    for (const sizes of pagings) {
      const io = memoryIO();
      const stream = new ListStream<Row>(io, format, columns);
      const all: Row[] = [];
      for (const size of sizes) {
        const page = Array.from({ length: size }, (_, k) => row(all.length + k + 1));
        all.push(...page);
        stream.write(page);
      }
      stream.end();
      const whole = formatRecords(all, { format, columns });
      assert.equal(io.out(), whole, `${format}, pages of ${JSON.stringify(sizes)}`);
    }
  });
}

test('json: every hostile character is escaped in the stream as in a whole print', () => {
  const io = memoryIO();
  const stream = new ListStream<Row>(io, 'json', columns);
  stream.write(Array.from({ length: hostile.length }, (_, i) => row(i)));
  stream.end();
  const text = io.out();
  assert.doesNotMatch(text, /[\u202e\u2028\u2029\u0085\u200b\ufeff\u001b]/);
  assert.match(text, /\\u202e/);
  assert.deepEqual(
    JSON.parse(text).map((r: Row) => r.title),
    hostile,
  );
});
