// the dry-run plan of a prices file comes from counts (8 bytes a row), not from rows
// held in memory; it must be the plan the job itself makes, and find every repeated pair.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { planPriceFile, readPriceFile } from '../../src/input/prices.js';
import { PairKeys } from '../../src/input/pair-keys.js';
import { planChunks, planSummary, planSummaryOfCounts, jobSpec } from '../../src/jobs/index.js';
import { AS_FILE, fileWith } from './helpers.js';
import { runs } from '../support/runs.js';

async function bothPlans(content: string) {
  const path = fileWith('prices.csv', content);
  const full = await readPriceFile(path, AS_FILE);
  const counted = await planPriceFile(path, { ...AS_FILE, perRequest: 100 });
  return { full, counted };
}

function planOfRows(rows: { line: number; id: number; variant?: number }[]) {
  const plain = { route: 'bulkPrice', items: rows.filter((r) => r.variant === undefined) };
  const per = new Map<number, typeof rows>();
  for (const r of rows) if (r.variant !== undefined) per.set(r.id, [...(per.get(r.id) ?? []), r]);
  const groups = [plain, ...[...per.values()].map((items) => ({ route: 'updateVariants', items }))].filter(
    (g) => g.items.length > 0,
  );
  const spec = jobSpec({
    kind: 'bulk-price',
    command: 'x',
    input: { path: 'p', displayName: 'FILE', sha256: '', size: 0 },
    chunks: planChunks(groups, 100),
  });
  return planSummary(spec, undefined, { now: 0 });
}

test('property: the counted plan equals the plan of the rows, and problems are the same', async () => {
  const row = fc.tuple(
    fc.integer({ min: 1, max: 40 }),
    fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    fc.integer({ min: 1, max: 99999 }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(row, { maxLength: 400 }), async (rows) => {
      const content = `id,price,variant\n${rows.map(([id, v, p]) => `${id},${p},${v ?? ''}`).join('\n')}\n`;
      const { full, counted } = await bothPlans(content);
      assert.deepEqual(counted.problems, full.problems);
      assert.equal(counted.problemCount, full.problemCount);
      if (full.problemCount > 0) return;
      const expected = planOfRows(full.rows);
      const byRoute = [
        { route: 'bulkPrice', items: counted.plain, requests: Math.ceil(counted.plain / 100) },
        { route: 'updateVariants', items: counted.variantRows, requests: counted.variantRequests },
      ].filter((r) => r.items > 0);
      assert.deepEqual(
        planSummaryOfCounts('bulk-price', 'FILE', counted.rows, byRoute, undefined, { now: 0 }),
        expected,
      );
    }),
    { numRuns: runs(120) },
  );
});

test('a pair repeated 150,000 rows apart (other sorted blocks) is found and named with both lines', async () => {
  const lines = Array.from({ length: 150_000 }, (_, i) => `${i + 1},1.00,`);
  lines.push('7,2.00,', '9,3.00,1', '9,3.00,1');
  // The counted plan alone: the rows read in full (bothPlans) were never looked at here, and
  // doubled the test's time.
  const path = fileWith('prices.csv', `id,price,variant\n${lines.join('\n')}\n`);
  const counted = await planPriceFile(path, { ...AS_FILE, perRequest: 100 });
  assert.deepEqual(counted.problems, [
    'FILE:150002: duplicate of line 8 (id 7 appears twice)',
    'FILE:150004: duplicate of line 150003 (id 9 variant 1 appears twice)',
  ]);
});

test('PairKeys: routes counted across blocks; 250 variant rows of one listing are 3 requests', () => {
  const keys = new PairKeys();
  for (let i = 0; i < 200_000; i++) keys.add(200_000 - i, undefined);
  for (let v = 0; v < 250; v++) keys.add(5, v);
  keys.add(2 ** 50, 3); // past the exact range: kept apart, counted the same
  const c = keys.finish(100);
  assert.deepEqual(
    { plain: c.plain, variantRows: c.variantRows, variantRequests: c.variantRequests, repeated: c.repeated.size },
    { plain: 200_000, variantRows: 251, variantRequests: 4, repeated: 0 },
  );
});

test('property: the split without csv-parse (unquoted ASCII records) gives what csv-parse gives', async () => {
  const { splitRecords } = await import('../../src/input/csv-table.js');
  const { parse } = await import('csv-parse/sync');
  const cell = fc.stringMatching(/^[ -!#-~\t\v\f]{0,8}$/); // ASCII without the quote
  await fc.assert(
    fc.property(
      fc.constantFrom(',', ';', '\t'),
      fc.boolean(),
      fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
      (delimiter, trim, rows) => {
        const records = rows
          .map((cells) => Buffer.from(cells.join(delimiter)))
          .filter((r) => r.toString().trim() !== '' && !r.includes(0x0a)); // blank lines never reach the split
        const ours = splitRecords(records, delimiter as ',' | ';' | '\t', trim);
        const theirs = records.map(
          (r) =>
            (
              parse(r, {
                delimiter,
                quote: '"',
                escape: '"',
                record_delimiter: '\n',
                relax_column_count: true,
                trim,
              }) as string[][]
            )[0] ?? [],
        );
        assert.deepEqual(ours, theirs);
      },
    ),
    { numRuns: runs(300) },
  );
});
