// Chunk planning and re-reading (cli-spec 4, spec 8 "stock request: 2000 items"): the scan
// plans byte ranges with a sha256 each; a re-read returns exactly the items validated, or
// refuses when the file changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { LIMITS } from '../../src/api/assumptions.js';
import { UsageError } from '../../src/api/errors.js';
import {
  InputChangedError,
  readCredentialChunk,
  scanCredentials,
  type CredentialFormat,
  type ScanResult,
} from '../../src/input/credentials.js';
import { hashFile, openInput } from '../../src/input/source.js';
import { fileWith, tempDir } from './helpers.js';

const numbered = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i)).join('');

async function readAll(path: string, format: CredentialFormat, scan: ScanResult, separator?: string) {
  const items = [];
  for (const chunk of scan.chunks)
    items.push(...(await readCredentialChunk(path, format, chunk, separator ? { separator } : {})));
  return items;
}

test('a 4500-line credentials file plans chunks of 2000, 2000 and 500', async () => {
  const path = fileWith(
    '4500.txt',
    numbered(4500, (i) => `user${i}:pass${i}\n`),
  );
  const scan = await scanCredentials(path, { format: 'lines' });
  assert.equal(LIMITS.stockItemsPerRequest, 2000);
  assert.deepEqual(scan.problems, []);
  assert.equal(scan.count, 4500);
  assert.deepEqual(
    scan.chunks.map((c) => c.count),
    [2000, 2000, 500],
  );
  assert.deepEqual(
    scan.chunks.map((c) => [c.firstLine, c.lastLine]),
    [
      [1, 2000],
      [2001, 4000],
      [4001, 4500],
    ],
  );
  assert.equal(scan.chunks[0]!.startOffset, 0);
  assert.equal(scan.chunks[1]!.startOffset, scan.chunks[0]!.endOffset);
  assert.equal(scan.chunks[2]!.endOffset, scan.size);
});

test('each chunk carries the sha256 of its bytes, and the scan the whole file hash', async () => {
  const path = fileWith('h.txt', 'a\n\nb\nc\n\n');
  const scan = await scanCredentials(path, { format: 'lines', chunkSize: 2 });
  const bytes = readFileSync(path);
  for (const c of scan.chunks) {
    assert.equal(c.sha256, createHash('sha256').update(bytes.subarray(c.startOffset, c.endOffset)).digest('hex'));
  }
  assert.deepEqual(
    scan.chunks.map((c) => [c.startOffset, c.endOffset]),
    [
      [0, 5],
      [5, 7],
    ],
  );
  assert.equal(scan.fileSha256, await hashFile(path));
});

test('re-reading every chunk gives back exactly the credentials scanned (lines)', async () => {
  const lines = numbered(4500, (i) => `user${i}:pass${i}${i % 7 === 0 ? '\r' : ''}\n${i % 11 === 0 ? '\n' : ''}`);
  const path = fileWith('r.txt', `\ufeff${lines}`);
  const scan = await scanCredentials(path, { format: 'lines' });
  const items = await readAll(path, 'lines', scan);
  assert.equal(items.length, 4500);
  assert.deepEqual(
    items.map((i) => i.credential),
    Array.from({ length: 4500 }, (_, i) => `user${i}:pass${i}`),
  );
});

test('re-reading every chunk gives back exactly the credentials scanned (separator blocks)', async () => {
  const body = numbered(25, (i) => `login: u${i}\npassword: p${i}\n\n---\n`);
  const path = fileWith('s.txt', body);
  const scan = await scanCredentials(path, { format: 'lines', separator: '---', chunkSize: 10 });
  assert.deepEqual(
    scan.chunks.map((c) => c.count),
    [10, 10, 5],
  );
  const items = await readAll(path, 'lines', scan, '---');
  assert.deepEqual(
    items.map((i) => i.credential),
    Array.from({ length: 25 }, (_, i) => `login: u${i}\npassword: p${i}`),
  );
});

test('re-reading every chunk gives back exactly the credentials scanned (csv, multi-line values)', async () => {
  const body = `# stock\ncredential;ref;cost\n${numbered(30, (i) => `"u${i}\n""p${i}""";lot-${i};${i},5\n${i % 4 === 0 ? '# note\n\n' : ''}`)}`;
  const path = fileWith('c.csv', body);
  const scan = await scanCredentials(path, { format: 'csv', chunkSize: 7 });
  assert.deepEqual(scan.problems, []);
  assert.deepEqual(
    scan.chunks.map((c) => c.count),
    [7, 7, 7, 7, 2],
  );
  assert.deepEqual(scan.chunks[0]!.csv, { delimiter: ';', columns: ['credential', 'ref', 'cost'] });
  const items = await readAll(path, 'csv', scan);
  assert.deepEqual(
    items,
    Array.from({ length: 30 }, (_, i) => ({ credential: `u${i}\n"p${i}"`, ref: `lot-${i}`, costCents: i * 100 + 50 })),
  );
});

test('a csv chunk without its header mapping re-reads line 1', async () => {
  const path = fileWith('c2.csv', 'credential,cost_cents\na,1\nb,2\n');
  const scan = await scanCredentials(path, { format: 'csv' });
  const { csv: _csv, ...bare } = scan.chunks[0]!;
  assert.deepEqual(await readCredentialChunk(path, 'csv', bare), [
    { credential: 'a', costCents: 1 },
    { credential: 'b', costCents: 2 },
  ]);
});

test('re-reading every chunk gives back exactly the credentials scanned (jsonl)', async () => {
  const path = fileWith(
    'j.jsonl',
    numbered(45, (i) => `${JSON.stringify({ credential: `c${i}`, costCents: i })}\r\n`),
  );
  const scan = await scanCredentials(path, { format: 'jsonl', chunkSize: 20 });
  const items = await readAll(path, 'jsonl', scan);
  assert.deepEqual(
    items,
    Array.from({ length: 45 }, (_, i) => ({ credential: `c${i}`, costCents: i })),
  );
});

test('a file changed after the scan is detected on re-read', async () => {
  const path = fileWith(
    'chg.txt',
    numbered(50, (i) => `user${i}:pw\n`),
  );
  const scan = await scanCredentials(path, { format: 'lines', chunkSize: 20 });
  writeFileSync(path, readFileSync(path, 'utf8').replace('user25:pw', 'user25:PW'));
  assert.equal((await readCredentialChunk(path, 'lines', scan.chunks[0]!)).length, 20); // untouched chunk still reads
  await assert.rejects(
    readCredentialChunk(path, 'lines', scan.chunks[1]!, { displayName: 'creds.txt' }),
    (err: unknown) => {
      assert.ok(err instanceof InputChangedError);
      assert.match(err.message, /^creds\.txt changed since it was validated \(chunk 2, lines 21-40\)/);
      assert.ok(!err.message.includes('user'), 'the message never holds a credential');
      return true;
    },
  );
});

test('a truncated file is detected on re-read', async () => {
  const path = fileWith(
    'cut.txt',
    numbered(50, (i) => `user${i}:pw\n`),
  );
  const scan = await scanCredentials(path, { format: 'lines', chunkSize: 20 });
  writeFileSync(path, 'user0:pw\n');
  await assert.rejects(readCredentialChunk(path, 'lines', scan.chunks[2]!), InputChangedError);
});

test('re-reading with another separator than the scan is refused', async () => {
  const path = fileWith('sep.txt', 'a\nb\n---\nc\n');
  const scan = await scanCredentials(path, { format: 'lines', separator: '---' });
  await assert.rejects(readCredentialChunk(path, 'lines', scan.chunks[0]!), /does not read as it did when validated/);
});

test('a file with problems plans no chunks (nothing may be sent)', async () => {
  const scan = await scanCredentials(fileWith('bad.txt', `a\n${'x'.repeat(6000)}\n`), { format: 'lines' });
  assert.equal(scan.problemCount, 1);
  assert.deepEqual(scan.chunks, []);
  assert.equal(scan.fileSha256, undefined);
});

test('stdin works end to end through its spooled copy', async () => {
  const input = await openInput('-', { stdin: Readable.from([numbered(2500, (i) => `s${i}\n`)]), tmpDir: tempDir() });
  try {
    const scan = await scanCredentials(input.path, { format: 'lines', displayName: input.displayName });
    assert.deepEqual(
      scan.chunks.map((c) => c.count),
      [2000, 500],
    );
    assert.equal((await readAll(input.path, 'lines', scan)).length, 2500);
  } finally {
    await input.cleanup();
  }
});

test('a file removed before the re-read is a UsageError, not a crash', async () => {
  const path = fileWith('gone.txt', 'a\nb\n');
  const scan = await scanCredentials(path, { format: 'lines' });
  rmSync(path);
  await assert.rejects(
    readCredentialChunk(path, 'lines', scan.chunks[0]!, { displayName: 'gone.txt' }),
    (err: unknown) => {
      assert.ok(err instanceof UsageError);
      assert.equal(err.message, 'cannot read gone.txt: no such file');
      return true;
    },
  );
});
