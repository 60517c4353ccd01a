// `lines` credentials (cli-spec 3): one per line, or blocks between separator lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS } from '../../src/api/assumptions.js';
import { readCredentialChunk, scanCredentials } from '../../src/input/credentials.js';
import { AS_FILE, fileWith } from './helpers.js';

const scan = (
  content: string | Buffer,
  extra: { separator?: string; existingCount?: number; limitPerVariant?: number } = {},
) => scanCredentials(fileWith('creds.txt', content), { format: 'lines', ...AS_FILE, ...extra });

async function itemsOf(content: string | Buffer, separator?: string) {
  const path = fileWith('creds.txt', content);
  const result = await scanCredentials(path, { format: 'lines', ...AS_FILE, ...(separator ? { separator } : {}) });
  assert.deepEqual(result.problems, []);
  const items = [];
  for (const chunk of result.chunks)
    items.push(...(await readCredentialChunk(path, 'lines', chunk, separator ? { separator } : {})));
  return items.map((i) => i.credential);
}

test('one credential per line; blank lines and the final newline add nothing', async () => {
  assert.deepEqual(await itemsOf('a:1\n\nb:2\n   \nc:3\n'), ['a:1', 'b:2', 'c:3']);
  assert.equal((await scan('a:1\nb:2\n')).count, 2);
});

test('CRLF ends a line like LF and leaves no CR in the credential', async () => {
  assert.deepEqual(await itemsOf('a:1\r\nb:2\r\n'), ['a:1', 'b:2']);
});

test('leading and trailing spaces are trimmed; inner spaces stay', async () => {
  assert.deepEqual(await itemsOf(' a b \n'), ['a b']);
});

test('a 5001-character credential on line 77 is a problem at FILE:77:', async () => {
  const lines = Array.from({ length: 100 }, (_, i) => `user${i}:pw`);
  lines[76] = 'x'.repeat(LIMITS.credentialMaxChars + 1);
  const result = await scan(`${lines.join('\n')}\n`);
  assert.equal(result.problems.length, 1);
  assert.ok(result.problems[0]!.startsWith('FILE:77: '), result.problems[0]);
  assert.match(result.problems[0]!, /longer than 5000 characters/);
});

test('5000 characters is allowed, counted as characters and not bytes', async () => {
  const result = await scan(`${'é'.repeat(LIMITS.credentialMaxChars)}\n`); // 10000 bytes
  assert.deepEqual(result.problems, []);
});

test('a huge line is refused without being held', async () => {
  const result = await scan(`ok\n${'x'.repeat(3_000_000)}\nok2\n`);
  assert.deepEqual(result.problems, ['FILE:2: credential longer than 5000 characters']);
  assert.equal(result.count, 3);
});

test('with --separator ---, credentials are the multi-line blocks between separator lines', async () => {
  const file = 'login: a\npass: b\n---\n\nline1\n\nline2\n\n---\r\nsingle\n---\n';
  assert.deepEqual(await itemsOf(file, '---'), ['login: a\npass: b', 'line1\n\nline2', 'single']);
});

test('a leading separator and a trailing one add no empty credential', async () => {
  assert.deepEqual(await itemsOf('---\nx\ny\n---\nz\n---\n\n', '---'), ['x\ny', 'z']);
});

test('an empty block between two separators is an "empty credential" problem', async () => {
  const result = await scan('a\n---\n\n---\nb\n', { separator: '---' });
  assert.deepEqual(result.problems, ['FILE:4: empty credential (nothing between the separators on lines 2 and 4)']);
});

test('a multi-line credential reports its first line', async () => {
  const result = await scan(`a\n---\n\nfirst\n${'y'.repeat(4000)}\n${'z'.repeat(1500)}\n---\n`, { separator: '---' });
  assert.deepEqual(result.problems, ['FILE:4: credential longer than 5000 characters']);
});

test('separator "\\n" (the API default) means one credential per line', async () => {
  const result = await scan('a\nb\n', { separator: '\\n' });
  assert.equal(result.count, 2);
});

test('a whitespace-only credential is empty', async () => {
  const result = await scan('a\n---\n\u00a0\n---\nb\n', { separator: '---' });
  assert.deepEqual(result.problems, ['FILE:3: empty credential']);
});

test('an empty file has no credentials', async () => {
  assert.deepEqual((await scan('')).problems, ['FILE:1: no credentials in the file']);
  assert.deepEqual((await scan('\n\n')).problems, ['FILE:1: no credentials in the file']);
});

test('invalid UTF-8 and NUL bytes are problems on their line', async () => {
  const result = await scan(
    Buffer.concat([Buffer.from('ok\n'), Buffer.from([0x61, 0xe9, 0x0a]), Buffer.from('n\0ul\n')]),
  );
  assert.deepEqual(result.problems, [
    'FILE:2: not valid UTF-8 (save the file as UTF-8)',
    'FILE:3: contains a NUL byte (is this a text file?)',
  ]);
});

test('duplicates inside the file are counted as a warning, not an error', async () => {
  const result = await scan('a\nb\na\na\n');
  assert.equal(result.duplicates, 2);
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.warnings, [
    'FILE:3: duplicate of line 1 (same credential)',
    'FILE:4: duplicate of line 1 (same credential)',
  ]);
  assert.equal(result.chunks[0]!.count, 4);
});

test('existing stock + the file above the per-variant limit is one problem naming the numbers', async () => {
  const result = await scan('a\nb\nc\nd\n', { existingCount: 9998 });
  assert.deepEqual(result.problems, [
    'FILE:3: too many credentials for one variant: 9998 in stock + 4 in this file = 10002, the limit is 10000',
  ]);
  assert.deepEqual(result.chunks, []);
  assert.deepEqual((await scan('a\nb\n', { existingCount: 9998 })).problems, []);
});

test('--separator is for the lines format only', async () => {
  await assert.rejects(
    scanCredentials(fileWith('c.csv', 'credential\na\n'), { format: 'csv', separator: '---' }),
    /lines only/,
  );
});
