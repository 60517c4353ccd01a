// The backup archive's format (src/state/backup-archive.ts): what is sealed opens with the same
// passphrase only; any changed byte (magic, salt, cost, nonce, ciphertext, tag) or a cut file is
// refused; a file that is no svc backup says so. A low scrypt cost keeps the test fast; the
// cost is part of the header, checked like the rest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openArchive, sealArchive } from '../../src/state/backup-archive.js';

const contents = Buffer.from(JSON.stringify({ format: 1, config: { 'config.json': 'e30K' }, state: {}, files: {} }));
const PASS = 'correct horse battery';

test('what is sealed opens with its passphrase, and holds nothing in clear', () => {
  const archive = sealArchive(contents, PASS, 10);
  assert.deepEqual(openArchive(archive, PASS, 'a.svcbak'), contents);
  assert.equal(archive.includes(Buffer.from('config.json')), false);
  // A new salt and nonce each time: two archives of the same contents differ.
  assert.notDeepEqual(sealArchive(contents, PASS, 10), archive);
});

test('a wrong passphrase is refused (exit 2)', () => {
  const archive = sealArchive(contents, PASS, 10);
  assert.throws(
    () => openArchive(archive, 'correct horse battery!', 'a.svcbak'),
    (e: Error & { exitCode?: number }) =>
      /wrong passphrase, or the file was changed/.test(e.message) && e.exitCode === 2,
  );
});

test('one flipped bit anywhere after the magic is refused; so is a cut file', () => {
  const archive = sealArchive(contents, PASS, 10);
  for (let at = 8; at < archive.length; at++) {
    const bad = Buffer.from(archive);
    bad[at]! ^= 0x80;
    assert.throws(() => openArchive(bad, PASS, 'a.svcbak'), /cannot be opened|not an svc backup/, `byte ${at}`);
  }
  assert.throws(() => openArchive(archive.subarray(0, archive.length - 1), PASS, 'a.svcbak'), /cannot be opened/);
});

test('a file that is not an svc backup says so', () => {
  assert.throws(
    () => openArchive(Buffer.from('PK\u0003\u0004 a zip file, not ours'), PASS, 'x.zip'),
    /x\.zip is not an svc backup/,
  );
  assert.throws(() => openArchive(Buffer.alloc(0), PASS, 'empty'), /empty is not an svc backup/);
});
