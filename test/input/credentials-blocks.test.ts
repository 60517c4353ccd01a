// one credential per line is read in 64 KiB blocks, and a block that is plain ASCII
// hands out its whole lines as one decoded run (physical-lines.ts asciiRun) instead of one
// PhysicalLine each. These tests hold the two readings equal wherever a block may end: a line
// split across two reads, a CRLF cut between its CR and LF, a BOM, a last line without newline,
// blank and space-only lines, non-ASCII, NUL and too-long lines beside ASCII ones, and
// duplicates that sit in different blocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS } from '../../src/api/assumptions.js';
import type { CredentialEntry } from '../../src/input/credential-checks.js';
import { readLineEntryBatches } from '../../src/input/credential-lines.js';
import { readCredentialChunk, scanCredentials } from '../../src/input/credentials.js';
import { ProblemList } from '../../src/input/problems.js';
import { AS_FILE, fileWith } from './helpers.js';

/** A file with every kind of line the reader tells apart, ASCII runs between them. */
function corpus(): Buffer {
  const ascii = (from: number, n: number) => Array.from({ length: n }, (_, i) => `user${from + i}@example.com:Pw-${i}`);
  const parts: (string | Buffer)[] = [
    '\uFEFF', // BOM on line 1
    `${ascii(0, 5).join('\n')}\n`,
    '\n   \n\t\n\r\n \t\r\n', // blank, spaces, a tab, blank with CRLF
    '  padded:1  \n', // trimmed
    `${ascii(5, 3).join('\r\n')}\r\n`, // CRLF
    'credential\n', // a CSV header read as lines
    'dup:same\n',
    'caf\u00e9:1\n', // non-ASCII: its block is read line by line
    `${ascii(8, 4).join('\n')}\n`,
    Buffer.from([0x61, 0x00, 0x62, 0x0a]), // NUL
    Buffer.from([0x63, 0xff, 0x0a]), // not UTF-8
    `${'x'.repeat(LIMITS.credentialMaxChars + 1)}\n`, // over 5000 characters
    `${'y'.repeat(LIMITS.credentialMaxChars * 3 + 10)}\n`, // over the byte limit: never held whole
    'zw\u200bx:1\n', // a zero-width character
    `${ascii(12, 6).join('\n')}\n`,
    'mid\rcr:1\n', // a CR inside a line stays content
    'dup:same\n',
    'last:line', // no final newline
  ];
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p)));
}

function* blocksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(
  bytes: Buffer,
  blockSize: number,
  asciiRuns: boolean,
): Promise<{ entries: CredentialEntry[]; problems: string[] }> {
  const problems = new ProblemList('FILE', 1000);
  const entries: CredentialEntry[] = [];
  const ctx = { problems, source: blocksOf(bytes, blockSize), asciiRuns };
  for await (const batch of readLineEntryBatches('unused', ctx)) entries.push(...batch);
  return { entries, problems: problems.messages };
}

test('ASCII runs read exactly as line by line, wherever the blocks end', async () => {
  const bytes = corpus();
  const expected = await read(bytes, 64 * 1024, false);
  // the corpus reads as meant: 30 entries (blank lines are none), 5 of them problems
  assert.equal(expected.entries.length, 30);
  assert.equal(expected.entries.at(-1)!.item!.credential, 'last:line');
  assert.equal(expected.entries.at(-1)!.endOffset, bytes.length);
  assert.equal(expected.problems.length, 5);
  for (const size of [1, 2, 3, 4, 5, 7, 11, 16, 64, 100, 333, 4096, 64 * 1024]) {
    const runs = await read(bytes, size, true);
    assert.deepEqual(runs, expected, `blocks of ${size} bytes`);
  }
});

test('the byte offsets of ASCII runs are the bytes of each line, CRLF and BOM included', async () => {
  const bytes = corpus();
  const { entries } = await read(bytes, 333, true); // the café line makes its block line by line
  for (const e of entries) {
    if (!e.item || e.item.credential.includes('\u00e9')) continue;
    const raw = bytes.subarray(e.startOffset, e.endOffset).toString('utf8');
    assert.equal(raw.replace(/\r?\n$/, '').trim(), e.item.credential, `line ${e.line}`);
  }
  assert.equal(entries[0]!.startOffset, 3); // after the BOM
});

/** A file of more than 64 KiB with the awkward lines placed on the first block's edge. */
function edgeFile(edge: string): { bytes: Buffer; lines: string[] } {
  const lines: string[] = ['dup:across-blocks'];
  let size = lines[0]!.length + 1;
  for (let i = 0; size < 64 * 1024 - 40; i++) {
    const line = `acct${i}:${'p'.repeat(i % 23)}`;
    lines.push(line);
    size += line.length + 1;
  }
  const pad = 64 * 1024 - size - (edge.length >> 1); // the edge text straddles byte 65536
  lines.push('q'.repeat(Math.max(1, pad - 1)));
  lines.push(edge);
  for (let i = 0; i < 3000; i++) lines.push(`tail${i}:x`);
  lines.push('dup:across-blocks');
  lines.push('no-newline:end');
  return { bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf8'), lines };
}

test('across 64 KiB reads: a split line, a CRLF cut in two, a BOM, a duplicate in another block, no final newline', async () => {
  for (const edge of ['straddling:the-block-edge-with-a-long-credential', 'a:b']) {
    const { bytes, lines } = edgeFile(edge);
    for (let shift = 0; shift < 4; shift++) {
      // shift moves the CRLF around byte 65536 (CR last of one read, LF first of the next)
      const shifted = Buffer.concat([Buffer.from(`\uFEFF${'s'.repeat(shift)}\r\n`), bytes.subarray(3)]);
      const want = [`${'s'.repeat(shift)}`, ...lines].filter((l) => l !== '');
      const path = fileWith('edge.txt', shifted);
      const scan = await scanCredentials(path, { format: 'lines', ...AS_FILE, limitPerVariant: 1_000_000 });
      assert.deepEqual(scan.problems, [], `edge ${edge}, shift ${shift}`);
      assert.equal(scan.count, want.length);
      assert.equal(scan.duplicates, 1);
      assert.deepEqual(scan.duplicateLines, [lines.length]); // physical line: line 1 is the s line
      const sent: string[] = [];
      for (const chunk of scan.chunks)
        sent.push(...(await readCredentialChunk(path, 'lines', chunk)).map((i) => i.credential));
      assert.deepEqual(sent, want, `edge ${edge}, shift ${shift}`);
    }
  }
});
