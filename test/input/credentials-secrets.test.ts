// cli-spec 3: "Credentials are never printed, not even in an error: refer to them by line."
// Files whose credentials carry a marker, in every shape a seller could get wrong; no problem,
// warning or error message may contain the marker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import {
  InputChangedError,
  readCredentialChunk,
  scanCredentials,
  type CredentialFormat,
} from '../../src/input/credentials.js';
import { fileWith } from './helpers.js';
import { runs } from '../support/runs.js';

const MARKER = 'Zq7MarkerSecretXv';

async function messagesOf(content: string | Buffer, format: CredentialFormat, separator?: string): Promise<string[]> {
  const path = fileWith(`secret.${format}`, content);
  try {
    const scan = await scanCredentials(path, { format, ...(separator ? { separator } : {}), existingCount: 9999 });
    return [...scan.problems, ...scan.warnings, ...scan.notes];
  } catch (err) {
    return [String(err), (err as Error).stack ?? ''];
  }
}

function assertNoMarker(messages: string[], shape: string): void {
  for (const m of messages) assert.ok(!m.includes(MARKER) && !m.includes(MARKER.slice(0, 8)), `${shape} leaked: ${m}`);
}

const M = MARKER;
const SHAPES: [string, CredentialFormat, string | Buffer, string?][] = [
  ['too long line', 'lines', `${M}${'x'.repeat(6000)}\n`],
  ['duplicates', 'lines', `${M}\n${M}\n`],
  ['latin1 bytes next to it', 'lines', Buffer.from(`${M}\u00e9\n`, 'latin1')],
  ['NUL inside', 'lines', `${M}\0\n`],
  ['blocks too long', 'lines', `${M}\n${'y'.repeat(5000)}\n---\n---\n`, '---'],
  ['csv without header', 'csv', `${M},lot\n`],
  ['csv header is a credential', 'csv', `credential,${M}\na,b\n`],
  ['csv shifted row: credential in the cost column', 'csv', `credential,cost\nuser,${M}\n`],
  ['csv shifted row: credential in the ref column', 'csv', `credential,ref\nuser,${M}\n`],
  ['csv ref that is the password', 'csv', `credential,ref\nlogin:${M},${M}\n`],
  ['csv too many values', 'csv', `credential\n${M},${M}\n`],
  ['csv broken quotes', 'csv', `credential\n${M}"oops"\n"${M}"x\n"${M}\n`],
  ['csv empty credential with marker ref', 'csv', `credential,ref\n,${M}@mail\n`],
  ['jsonl not json', 'jsonl', `{"credential": "${M}"\n`],
  ['jsonl marker as key', 'jsonl', `{"credential":"a","${M}":1}\n`],
  ['jsonl ref with marker', 'jsonl', `{"credential":"${M}:x","ref":"${M}"}\n{"credential":"a","ref":"${M} @"}\n`],
  ['jsonl credential not a string', 'jsonl', `{"credential":["${M}"]}\n`],
  ['jsonl cost holding a credential', 'jsonl', `{"credential":"a","costCents":"${M}"}\n`],
  ['jsonl array', 'jsonl', `["${M}"]\n`],
  ['jsonl too long', 'jsonl', `{"credential":"${M}${'z'.repeat(5000)}"}\n`],
];

for (const [shape, format, content, separator] of SHAPES) {
  test(`no message quotes a credential: ${shape}`, async () => {
    const messages = await messagesOf(content, format, separator);
    assert.ok(messages.length > 0, 'the shape is a problem or warning');
    assertNoMarker(messages, shape);
  });
}

test('the file-changed error of a re-read quotes no credential', async () => {
  const path = fileWith('chg.txt', `${M}1\n${M}2\n`);
  const scan = await scanCredentials(path, { format: 'lines' });
  writeFileSync(path, `${M}3\n${M}4\n`);
  const err = await readCredentialChunk(path, 'lines', scan.chunks[0]!).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(
    err instanceof InputChangedError,
    `a changed file is refused (got ${err === undefined ? 'no error' : String(err)})`,
  );
  assertNoMarker([String(err), err.hint ?? '', err.stack ?? ''], 'changed file');
});

const piece = fc.constantFrom(
  M,
  ',',
  ';',
  '"',
  '\n',
  '\r\n',
  '\0',
  '---',
  ':',
  '@',
  ' ',
  '{',
  '}',
  '"credential":',
  '"ref":',
  'x'.repeat(300),
);
const fileText = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

test('fuzz: mangled files around a credential marker never leak it, in any format', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom<CredentialFormat>('lines', 'csv', 'jsonl'),
      fc.boolean(),
      fc.boolean(),
      fileText,
      async (format, withHeader, withSeparator, body) => {
        const content = format === 'csv' && withHeader ? `credential,ref,cost\n${body}` : body;
        const separator = format === 'lines' && withSeparator ? '---' : undefined;
        assertNoMarker(await messagesOf(content, format, separator), 'fuzz');
      },
    ),
    { numRuns: runs(250) },
  );
});
