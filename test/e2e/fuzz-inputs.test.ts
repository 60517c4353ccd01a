// Fuzzing of every input reader through the real CLI. Random and mangled price,
// status, credential (lines, CSV, JSONL) files: the CLI either accepts the file or exits 2 with
// FILE:LINE problems; never a crash, never a stack trace, and nothing is written on exit 2.
// (The readers themselves are fuzzed in-process, with many more cases, in test/input.)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
let stockListing: number;
before(async () => {
  sb = await startTestSandbox();
  stockListing = (await sb.control('POST', 'listings', { count: 1, autoDelivery: true })).ids[0];
});
after(async () => {
  await sb.close();
});

const RUNS = 12;
const cell = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '"',
    '""',
    ',',
    ';',
    '\t',
    '#',
    '19,90',
    '19.90',
    '-1',
    '0',
    '1e9',
    '100000001',
    'abc',
    '\u0000',
    'é',
    '\uFEFF',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 400 }).map(String),
);
const line = fc
  .array(cell, { minLength: 0, maxLength: 5 })
  .chain((cells) => fc.constantFrom(',', ';', '\t').map((sep) => cells.join(sep)));
const body = fc.array(line, { minLength: 0, maxLength: 12 });
const eol = fc.constantFrom('\n', '\r\n');
/** A file: a plausible or broken header, random rows, sometimes raw bytes (latin1, NUL) appended. */
const file = (headers: string[]) =>
  fc
    .tuple(fc.constantFrom(...headers), body, eol, fc.option(fc.uint8Array({ maxLength: 40 }), { nil: undefined }))
    .map(([h, rows, nl, raw]) =>
      Buffer.concat([Buffer.from([h, ...rows].join(nl)), raw ? Buffer.from(raw) : Buffer.alloc(0)]),
    );

async function checkRun(args: string[], path: string): Promise<void> {
  await sb.control('DELETE', 'requests');
  // random bytes reach messages no other test makes, a different set each run: the marked mode's
  // check (test/e2e/marked-run.ts) would make this file fail by chance, so it runs without it
  const r = await svc(args, { env: { ...svcEnv(sb, tempDirs()), SVC_LANG_MARKS: '0' } });
  const out = r.stdout + r.stderr;
  assert.ok([0, 2, 3].includes(r.code ?? -1), `exit ${r.code}: ${r.stderr.slice(0, 400)}`);
  assert.ok(
    !/\n\s+at .+\(.*:\d+:\d+\)/.test(out) && !/unexpected failure/.test(out),
    `stack trace or crash: ${r.stderr.slice(0, 400)}`,
  );
  if (r.code === 2) {
    const writes = (await sb.control('GET', 'requests')).filter((e: any) => e.method !== 'GET');
    assert.equal(writes.length, 0, 'exit 2 but a write was sent');
    const problems = r.stderr.split('\n').filter((l) => l.startsWith(path));
    for (const p of problems) assert.match(p, /^.+:\d+: \S/, `not FILE:LINE: ${p}`);
    assert.ok(problems.length > 0 || /error: /.test(r.stderr), 'exit 2 without a message');
  }
}

describe('fuzzed input files through the CLI', () => {
  test('bulk-price: accepted or FILE:LINE with exit 2, never a crash, nothing sent on exit 2', async () => {
    await fc.assert(
      fc.asyncProperty(
        file(['id,price', 'id;price;variant', 'id,price_cents', 'ID,Price', 'price', 'id,price,price_cents', '']),
        async (bytes) => {
          const dirs = tempDirs();
          const p = writeFile(dirs.dir, 'prices.csv', bytes);
          await checkRun(['products', 'bulk-price', p, '--dry-run'], p);
          await checkRun(['products', 'bulk-price', p], p);
        },
      ),
      { numRuns: RUNS },
    );
  });

  test('bulk-status: accepted or FILE:LINE with exit 2, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(file(['id,active', 'id;active', 'active', 'id,active,x']), async (bytes) => {
        const dirs = tempDirs();
        const p = writeFile(dirs.dir, 'status.csv', bytes);
        await checkRun(['products', 'bulk-status', p], p);
      }),
      { numRuns: RUNS },
    );
  });

  for (const [format, name, headers] of [
    ['lines', 'creds.txt', ['user:pass', '', '---']],
    ['csv', 'creds.csv', ['credential,ref,cost', 'credential;ref;cost_cents', 'credential', 'ref,cost']],
    ['jsonl', 'creds.jsonl', ['{"credential":"a:b","ref":"r1","costCents":5}', '{"credential":', '[]', '{"x":1}']],
  ] as const) {
    test(`stock add (${format}): accepted or FILE:LINE with exit 2, never a crash`, async () => {
      await fc.assert(
        fc.asyncProperty(file([...headers]), async (bytes) => {
          const dirs = tempDirs();
          const p = writeFile(dirs.dir, name, bytes);
          await checkRun(['stock', 'add', String(stockListing), '--file', p, '--dry-run'], p);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
