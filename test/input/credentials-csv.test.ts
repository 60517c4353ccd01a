// `csv` credentials (cli-spec 3): credential, optional ref, optional cost or cost_cents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCredentialChunk, scanCredentials } from '../../src/input/credentials.js';
import { AS_FILE, fileWith } from './helpers.js';

const scan = (content: string) => scanCredentials(fileWith('creds.csv', content), { format: 'csv', ...AS_FILE });

async function itemsOf(content: string) {
  const path = fileWith('creds.csv', content);
  const result = await scanCredentials(path, { format: 'csv', ...AS_FILE });
  assert.deepEqual(result.problems, []);
  const items = [];
  for (const chunk of result.chunks) items.push(...(await readCredentialChunk(path, 'csv', chunk)));
  return items;
}

test('credential, ref and a decimal cost become one stock item', async () => {
  assert.deepEqual(await itemsOf('credential,ref,cost\na:1,lot-1,"1,50"\nb:2,,\n'), [
    { credential: 'a:1', ref: 'lot-1', costCents: 150 },
    { credential: 'b:2' },
  ]);
});

test('cost_cents takes whole cents, and 0 is a valid cost', async () => {
  assert.deepEqual(await itemsOf('credential;cost_cents\nx;0\ny;250\n'), [
    { credential: 'x', costCents: 0 },
    { credential: 'y', costCents: 250 },
  ]);
});

test('a quoted credential may span lines; the next row counts every line', async () => {
  const result = await scan('credential,cost\n"line1\nline2",-1\nz,1.2345\n');
  assert.deepEqual(result.problems, [
    'FILE:2: cost must not be negative',
    'FILE:4: cost has more than 2 decimals (not whole cents)',
  ]);
});

test('cost and cost_cents together are refused', async () => {
  assert.deepEqual((await scan('credential,cost,cost_cents\na,1,100\n')).problems, [
    'FILE:1: use one of the columns cost or cost_cents, not both',
  ]);
});

test('cost_cents must be an integer', async () => {
  assert.deepEqual((await scan('credential,cost_cents\na,1.5\n')).problems, [
    'FILE:2: cost_cents must be a whole number of cents (not whole cents)',
  ]);
});

test('a bad ref is a problem on its line', async () => {
  const result = await scan('credential,ref\ngamer:hunter22,hunter22\nb,joe@x.com\nc,has space\n');
  assert.deepEqual(result.problems, [
    "FILE:2: ref must not contain the credential's login, e-mail or password",
    'FILE:3: ref must not look like an e-mail address (refs are not secret)',
    'FILE:4: ref must be 1-64 letters, digits, dot, hyphen or underscore',
  ]);
});

test('an empty credential is a problem', async () => {
  assert.deepEqual((await scan('credential,ref\n,lot-1\n')).problems, ['FILE:2: empty credential']);
});

test('a file without the credential column names no column (line 1 may be a credential)', async () => {
  const result = await scan('joe:pw1,lot\nann:pw2,lot\n');
  assert.deepEqual(result.problems, [
    'FILE:1: unknown columns at position 1, 2 (expected credential, ref, cost or cost_cents)',
    'FILE:1: missing column credential (line 1 must be the header row)',
  ]);
});

test('a row with more values than columns is refused', async () => {
  assert.match((await scan('credential\na,b\n')).problems[0]!, /^FILE:2: 2 values but the header has 1 column/);
});
