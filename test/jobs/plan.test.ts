// Chunking (CHUNK_SIZE) and the --dry-run summary of cli-spec 1.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK_SIZE } from '../../src/api/assumptions.js';
import { fingerprintInput, jobSpec, planChunks, planSummary } from '../../src/jobs/plan.js';
import { tempStateDir } from './helpers.js';

const refs = (n: number, from = 2) => Array.from({ length: n }, (_, i) => ({ line: from + i, id: i + 1 }));
const input = { path: '/p.csv', displayName: 'p.csv', sha256: 'e'.repeat(64), size: 1 };

test('splits each route into chunks of at most the route maximum, numbered across routes', () => {
  const chunks = planChunks(
    [
      { route: 'bulkPrice', items: refs(250) },
      { route: 'variants:9', items: refs(3, 400) },
    ],
    CHUNK_SIZE.bulk,
  );
  assert.deepEqual(
    chunks.map((c) => [c.index, c.route, c.items.length, c.descriptor]),
    [
      [0, 'bulkPrice', 100, { lines: [2, 101] }],
      [1, 'bulkPrice', 100, { lines: [102, 201] }],
      [2, 'bulkPrice', 50, { lines: [202, 251] }],
      [3, 'variants:9', 3, { lines: [400, 402] }],
    ],
  );
});

test('the dry-run summary counts items and requests per route', () => {
  const spec = jobSpec({
    kind: 'bulk-price',
    command: 'svc products bulk-price p.csv',
    input,
    chunks: planChunks(
      [
        { route: 'bulkPrice', items: refs(150) },
        { route: 'variants:9', items: refs(2) },
      ],
      100,
    ),
  });
  const s = planSummary(spec, { remaining: 60, limit: 60, resetAt: 0 }, { now: 0, perRequestSeconds: 1 });
  assert.equal(s.items, 152);
  assert.equal(s.requests, 3);
  assert.deepEqual(s.byRoute, [
    { route: 'bulkPrice', requests: 2, items: 150 },
    { route: 'variants:9', requests: 1, items: 2 },
  ]);
  assert.equal(s.etaSeconds, 3);
  assert.equal(s.requestsBeyondBudget, 0);
});

test('requests beyond the remaining budget wait for the next minute windows', () => {
  const spec = jobSpec({
    kind: 'bulk-status',
    command: 'svc products bulk-status s.csv',
    input,
    chunks: planChunks([{ items: refs(25) }], 1),
  });
  // 5 now (5 s), wait for the reset at 20 s, 10 in that window, 10 more in the next one.
  const s = planSummary(spec, { remaining: 5, limit: 10, resetAt: 20_000 }, { now: 0, perRequestSeconds: 1 });
  assert.equal(s.requestsBeyondBudget, 20);
  assert.equal(s.etaSeconds, 20 + 60 + 10);
});

test('fingerprints the input with its sha256 and size', async (t) => {
  const file = path.join(tempStateDir(t), 'prices.csv');
  fs.writeFileSync(file, 'id,price\n1,2.00\n');
  const fp = await fingerprintInput(file);
  assert.deepEqual(fp, {
    path: file,
    displayName: 'prices.csv',
    size: 16,
    sha256: createHash('sha256').update('id,price\n1,2.00\n').digest('hex'),
  });
});
