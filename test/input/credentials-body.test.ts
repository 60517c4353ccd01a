// ChunkBodyWriter (src/input/credentials.ts): the request body of each stock chunk, written into
// buffers reused from chunk to chunk. It must be byte for byte the JSON of the chunk's items,
// whatever the order of chunk sizes and however much JSON escaping grows a credential.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { ChunkBodyWriter } from '../../src/input/chunk-body.js';
import { InputChangedError, readCredentialChunk, scanCredentials } from '../../src/input/credentials.js';
import { AS_FILE, fileWith } from './helpers.js';

const HEAD = '{"variantIndex":2,"items":[';
const TAIL = '],"dedupeMode":"none"}';
const expected = (items: unknown[]) => JSON.stringify({ variantIndex: 2, items, dedupeMode: 'none' });

test('each chunk body is the JSON of its items, through reuse, growth and escapes', async () => {
  const lines = [
    'small-1',
    'small-2', // chunk 1: small
    `${'x'.repeat(4000)}`,
    `q${'"'.repeat(3000)}`, // chunk 2: larger, and quotes double in JSON
    `b${'\\'.repeat(4900)}`,
    'tab\there é ✓', // chunk 3: backslashes double; tab and non-ASCII
    'last', // chunk 4: smaller again (the buffers are bigger than needed)
  ];
  const path = fileWith('creds.txt', `${lines.join('\n')}\n`);
  const scan = await scanCredentials(path, { format: 'lines', ...AS_FILE, chunkSize: 2 });
  assert.equal(scan.problemCount, 0, scan.problems.join('\n'));
  assert.equal(scan.chunks.length, 4);
  const writer = new ChunkBodyWriter(path, 'lines', AS_FILE);
  for (const chunk of scan.chunks) {
    const body = await writer.write(chunk, HEAD, TAIL);
    const items = await readCredentialChunk(path, 'lines', chunk, AS_FILE);
    assert.equal(body.toString('utf8'), expected(items), `chunk ${chunk.index + 1}`);
    assert.deepEqual(
      JSON.parse(body.toString('utf8')).items.map((i: { credential: string }) => i.credential),
      lines.slice(chunk.index * 2, chunk.index * 2 + 2),
    );
  }
});

test('csv with ref and cost: the body carries them as the items do', async () => {
  const path = fileWith('creds.csv', 'credential,ref,cost\n"a,b",R-1,1.50\nc,,\n"d ""quoted""",R-3,0\n');
  const scan = await scanCredentials(path, { format: 'csv', ...AS_FILE, chunkSize: 2 });
  assert.equal(scan.problemCount, 0, scan.problems.join('\n'));
  const writer = new ChunkBodyWriter(path, 'csv', { ...AS_FILE, csv: scan.csv });
  const bodies: string[] = [];
  for (const chunk of scan.chunks) bodies.push((await writer.write(chunk, HEAD, TAIL)).toString('utf8'));
  assert.deepEqual(
    bodies.map((b) => JSON.parse(b).items),
    [
      [{ credential: 'a,b', ref: 'R-1', costCents: 150 }, { credential: 'c' }],
      [{ credential: 'd "quoted"', ref: 'R-3', costCents: 0 }],
    ],
  );
});

test('a chunk whose bytes changed since the scan is refused, not sent', async () => {
  const path = fileWith('creds.txt', 'one\ntwo\nthree\n');
  const scan = await scanCredentials(path, { format: 'lines', ...AS_FILE, chunkSize: 2 });
  writeFileSync(path, 'one\nTWO\nthree\n');
  const writer = new ChunkBodyWriter(path, 'lines', AS_FILE);
  await assert.rejects(writer.write(scan.chunks[0]!, HEAD, TAIL), InputChangedError);
});
