// cli-spec 3: input is a path or `-` for stdin; stdin is spooled to a private temp file
// because validation reads the input twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { UsageError } from '../../src/api/errors.js';
import { fileInfo, hashFile, openInput } from '../../src/input/source.js';
import { readPriceFile } from '../../src/input/prices.js';
import { fileWith, tempDir } from './helpers.js';

test('a path opens as itself, named by the path', async () => {
  const path = fileWith('a.csv', 'id,price\n1,2\n');
  const input = await openInput(path);
  assert.equal(input.path, path);
  assert.equal(input.displayName, path);
  assert.equal(input.isStdin, false);
  await input.cleanup();
  assert.ok(existsSync(path), 'cleanup never removes the user file');
});

test('a missing file is a UsageError "cannot read FILE: no such file" (exit 2)', async () => {
  const missing = `${tempDir()}/nope.csv`;
  await assert.rejects(openInput(missing), (err: unknown) => {
    assert.ok(err instanceof UsageError);
    assert.equal(err.exitCode, 2);
    assert.equal(err.message, `cannot read ${missing}: no such file`);
    return true;
  });
  await assert.rejects(readPriceFile(missing, { displayName: 'prices.csv' }), /cannot read prices\.csv: no such file/);
});

test('a directory is refused as input', async () => {
  await assert.rejects(openInput(tempDir()), /is a directory/);
});

test('stdin is spooled to a 0600 temp file named stdin, removed by cleanup', async () => {
  const input = await openInput('-', {
    stdin: Readable.from([Buffer.from('user:pass\n'), Buffer.from('u2:p2\n')]),
    tmpDir: tempDir(),
  });
  assert.equal(input.displayName, 'stdin');
  assert.equal(input.isStdin, true);
  assert.equal(readFileSync(input.path, 'utf8'), 'user:pass\nu2:p2\n');
  assert.equal(statSync(input.path).mode & 0o777, 0o600);
  await input.cleanup();
  assert.equal(existsSync(input.path), false);
  await input.cleanup(); // twice is fine
});

test('two stdin spools get distinct file names', async () => {
  const a = await openInput('-', { stdin: Readable.from(['a']), tmpDir: tempDir() });
  const b = await openInput('-', { stdin: Readable.from(['b']), tmpDir: tempDir() });
  assert.notEqual(a.path, b.path);
  await a.cleanup();
  await b.cleanup();
});

test('hashFile streams the sha256 of the file, fileInfo gives size and mtime', async () => {
  const content = 'x'.repeat(300_000);
  const path = fileWith('big.txt', content);
  assert.equal(await hashFile(path), createHash('sha256').update(content).digest('hex'));
  const info = await fileInfo(path);
  assert.equal(info.size, 300_000);
  assert.ok(info.mtimeMs > 0);
});
