// a credential is what a person sees. Trailing whitespace, CR and a BOM never make
// two credentials of one; dedupe compares normalised values and the summary names the lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  inputSummary,
  readCredentialChunk,
  scanCredentials,
  type CredentialFormat,
} from '../../src/input/credentials.js';
import { normaliseCredential } from '../../src/input/credential-normalise.js';
import { AS_FILE, fileWith } from './helpers.js';
import { runs } from '../support/runs.js';

async function imported(
  content: string | Buffer,
  format: CredentialFormat = 'lines',
  extra: { keepWhitespace?: boolean; separator?: string } = {},
) {
  const path = fileWith(`creds.${format === 'lines' ? 'txt' : format}`, content);
  const scan = await scanCredentials(path, { format, ...AS_FILE, dropDuplicates: true, ...extra });
  assert.deepEqual(scan.problems, []);
  const items: string[] = [];
  for (const chunk of scan.chunks) {
    for (const item of await readCredentialChunk(path, format, chunk, extra)) items.push(item.credential);
  }
  return { scan, items };
}

test('`alpha:1   ` next to `alpha:1` is one credential: the duplicate is dropped and its line named', async () => {
  const { scan, items } = await imported('alpha:1   \nalpha:1\nbeta:2\n\talpha:1\r\n');
  assert.deepEqual(items, ['alpha:1', 'beta:2']);
  assert.equal(scan.count, 4);
  assert.equal(scan.duplicates, 2);
  assert.deepEqual(scan.duplicateLines, [2, 4]);
  assert.equal(scan.trimmed, 2);
  assert.deepEqual(inputSummary(scan), [
    '2 credentials trimmed of leading/trailing whitespace (--keep-whitespace sends them as written)',
    '2 duplicates of an earlier credential of the file dropped (lines 2, 4)',
  ]);
});

test('CR, a BOM at the start of any line and trailing whitespace are removed in every format', async () => {
  assert.deepEqual((await imported('\uFEFFa:1 \r\n\uFEFFb:2\r\n')).items, ['a:1', 'b:2']);
  assert.deepEqual((await imported('credential,ref\n"a:1  ",r1\n"\uFEFFb:2\r",r2\n', 'csv')).items, ['a:1', 'b:2']);
  assert.deepEqual((await imported('{"credential":"a:1 \\r"}\n{"credential":"\\ufeffb:2"}\n', 'jsonl')).items, [
    'a:1',
    'b:2',
  ]);
  // a multi-line credential loses the trailing spaces of each of its lines
  assert.deepEqual((await imported('login: a  \r\npass: b\t\r\n---\r\n', 'lines', { separator: '---' })).items, [
    'login: a\npass: b',
  ]);
});

test('--keep-whitespace sends spaces as written (BOM and CR still removed) and dedupes on that', async () => {
  const { scan, items } = await imported(' a \r\na\n a \n', 'lines', { keepWhitespace: true });
  assert.deepEqual(items, [' a ', 'a']);
  assert.equal(scan.trimmed, 0);
  assert.deepEqual(scan.duplicateLines, [3]);
});

test('a zero-width character inside a credential is a problem at FILE:LINE (never quoting it); --keep-whitespace allows it', async () => {
  const path = fileWith('creds.txt', 'ok:1\nal\u200Bpha:1\n');
  const scan = await scanCredentials(path, { format: 'lines', ...AS_FILE });
  assert.deepEqual(scan.problems, [
    'FILE:2: credential contains an invisible zero-width character (U+200B) at character 3: remove it, or pass --keep-whitespace to send it as written',
  ]);
  assert.deepEqual(scan.chunks, []);
  const kept = await scanCredentials(path, { format: 'lines', ...AS_FILE, keepWhitespace: true });
  assert.deepEqual(kept.problems, []);
});

test('Unicode look-alikes are left alone: Cyrillic а is not Latin a', async () => {
  const { items, scan } = await imported('alpha:1\n\u0430lpha:1\n');
  assert.equal(items.length, 2);
  assert.equal(scan.duplicates, 0);
});

test('--dedupe none (dropDuplicates false): duplicates are counted and still sent', async () => {
  const path = fileWith('creds.txt', 'a\na \n');
  const scan = await scanCredentials(path, { format: 'lines', ...AS_FILE });
  assert.equal(scan.duplicates, 1);
  const items = await readCredentialChunk(path, 'lines', scan.chunks[0]!);
  assert.deepEqual(
    items.map((i) => i.credential),
    ['a', 'a'],
  );
  assert.match(inputSummary(scan)[1]!, /sent again, --dedupe none \(line 2\)/);
});

// Credentials a person could type: printable, no leading/trailing whitespace of their own.
const credential = fc
  .string({ minLength: 1, maxLength: 30, unit: 'grapheme' })
  .map((s) => s.replace(/[\s\u0000-\u001f\u007f\u200b-\u200d\u2060-\u2064\u180e\u00ad\ufeff"]/g, 'x'))
  .filter((s) => s.length > 0 && !s.startsWith('#'));
const noise = fc.constantFrom('', ' ', '  ', '\t', ' \t ', '\u00a0');
const ending = fc.constantFrom('\n', '\r\n');

test('property: trailing whitespace, CRLF or a BOM added to any credential never changes the set imported', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(credential, { minLength: 1, maxLength: 12 }),
      fc.array(fc.tuple(noise, noise, ending, fc.boolean()), { minLength: 12, maxLength: 12 }),
      fc.boolean(),
      async (creds, dress, bomFirst) => {
        const clean = `${creds.join('\n')}\n`;
        const dressed =
          (bomFirst ? '\uFEFF' : '') +
          creds
            .map((c, i) => {
              const [lead, trail, eol, bom] = dress[i]!;
              return `${bom ? '\uFEFF' : ''}${lead}${c}${trail}${eol}`;
            })
            .join('');
        const a = await imported(clean);
        const b = await imported(dressed);
        assert.deepEqual(new Set(b.items), new Set(a.items));
        assert.deepEqual(b.items, a.items, 'same credentials, same order, same duplicates dropped');
        assert.equal(new Set(b.items).size, b.items.length, 'no credential is imported twice');
      },
    ),
    { numRuns: runs(150) },
  );
});

test('normaliseCredential: fast path keeps the string, CR-only and BOM-only changes are not counted as trims', () => {
  assert.deepEqual(normaliseCredential('abc'), { ok: true, credential: 'abc', trimmed: false });
  assert.deepEqual(normaliseCredential('\uFEFFabc\r'), { ok: true, credential: 'abc', trimmed: false });
  assert.deepEqual(normaliseCredential(' abc'), { ok: true, credential: 'abc', trimmed: true });
});
