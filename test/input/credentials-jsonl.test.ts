// `jsonl` credentials (cli-spec 3): {"credential", "ref"?, "costCents"?} per line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectFormat, readCredentialChunk, scanCredentials } from '../../src/input/credentials.js';
import { AS_FILE, fileWith } from './helpers.js';

const scan = (content: string) => scanCredentials(fileWith('creds.jsonl', content), { format: 'jsonl', ...AS_FILE });

test('each line is one stock item', async () => {
  const path = fileWith(
    'creds.jsonl',
    '{"credential":"a:1","ref":"lot-1","costCents":150}\n\n{"credential":"b\\nc"}\n',
  );
  const result = await scanCredentials(path, { format: 'jsonl' });
  assert.deepEqual(result.problems, []);
  assert.deepEqual(await readCredentialChunk(path, 'jsonl', result.chunks[0]!), [
    { credential: 'a:1', ref: 'lot-1', costCents: 150 },
    { credential: 'b\nc' },
  ]);
});

test('unknown keys are a problem', async () => {
  assert.deepEqual((await scan('{"credential":"a","cost":1,"note":"x"}\n')).problems, [
    'FILE:1: 2 unknown keys (allowed: credential, ref, costCents)',
  ]);
});

test('a line that is not JSON, or not an object, is a problem', async () => {
  assert.deepEqual((await scan('{"credential":"a"}\nnot json\n[1]\n')).problems, [
    'FILE:2: not valid JSON',
    'FILE:3: each line must be a JSON object like {"credential": "..."}',
  ]);
});

test('credential is required and must be a non-empty string', async () => {
  assert.deepEqual((await scan('{"ref":"lot"}\n{"credential":5}\n{"credential":""}\n')).problems, [
    'FILE:1: missing credential',
    'FILE:2: credential must be a string',
    'FILE:3: empty credential',
  ]);
});

test('costCents must be a whole number >= 0', async () => {
  assert.deepEqual(
    (
      await scan(
        '{"credential":"a","costCents":-1}\n{"credential":"b","costCents":1.5}\n{"credential":"c","costCents":"1"}\n',
      )
    ).problems,
    [
      'FILE:1: costCents must not be negative',
      'FILE:2: costCents must be a whole number of cents',
      'FILE:3: costCents must be a number of cents',
    ],
  );
});

test('null ref and costCents mean absent', async () => {
  const path = fileWith('creds.jsonl', '{"credential":"a","ref":null,"costCents":null}\n');
  const result = await scanCredentials(path, { format: 'jsonl' });
  assert.deepEqual(await readCredentialChunk(path, 'jsonl', result.chunks[0]!), [{ credential: 'a' }]);
});

test('the format is detected from the extension', () => {
  assert.equal(detectFormat('a.CSV'), 'csv');
  assert.equal(detectFormat('a.jsonl'), 'jsonl');
  assert.equal(detectFormat('a.ndjson'), 'jsonl');
  assert.equal(detectFormat('a.txt'), 'lines');
  assert.equal(detectFormat('creds'), 'lines');
});
