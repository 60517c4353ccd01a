// The backup archive (`svc backup` / `svc restore`): one file, encrypted with a passphrase and
// authenticated, so a copy left on a USB stick or a cloud folder reveals nothing and a changed
// byte is refused. node:crypto only: scrypt turns the passphrase into a key, AES-256-GCM seals
// the gzipped contents, and the header (format, salt, scrypt cost, nonce) is the GCM's additional
// data, so it cannot be altered either (docs/DECISIONS.md, "Backup and restore").
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BACKUP } from '../api/assumptions.js';
import { EXIT, SvcError, UsageError } from '../api/errors.js';

const MAGIC = Buffer.from('SVCBAK1\n', 'latin1');
const SALT = 16;
const NONCE = 12;
const TAG = 16;
const HEADER = MAGIC.length + SALT + 4 + NONCE;
/** scrypt's cost (A: BACKUP). */
const LOG_N = BACKUP.scryptLogN;
const MAX_LOG_N = 20;

function keyOf(passphrase: string, salt: Buffer, logN: number): Buffer {
  const N = 2 ** logN;
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
}

/** The archive of `contents`: header, ciphertext, GCM tag. */
export function sealArchive(contents: Buffer, passphrase: string, logN: number = LOG_N): Buffer {
  const salt = randomBytes(SALT);
  const nonce = randomBytes(NONCE);
  const cost = Buffer.alloc(4);
  cost.writeUInt32BE(logN);
  const header = Buffer.concat([MAGIC, salt, cost, nonce]);
  const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt, logN), nonce);
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(gzipSync(contents)), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

/** A wrong passphrase and a changed archive look the same to GCM: both are refused, nothing written. */
class BackupRefusedError extends SvcError {
  override readonly exitCode = EXIT.usage;
}

/** The contents of an archive, or BackupRefusedError / UsageError (not an svc backup). */
export function openArchive(archive: Buffer, passphrase: string, name: string): Buffer {
  if (archive.length < HEADER + TAG || !archive.subarray(0, MAGIC.length).equals(MAGIC))
    throw new UsageError(`${name} is not an svc backup`, 'give the file `svc backup` wrote');
  const header = archive.subarray(0, HEADER);
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT);
  const logN = header.readUInt32BE(MAGIC.length + SALT);
  if (logN < 10 || logN > MAX_LOG_N) throw refused(name);
  const nonce = header.subarray(HEADER - NONCE);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(passphrase, salt, logN), nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(archive.subarray(archive.length - TAG));
  let zipped: Buffer;
  try {
    zipped = Buffer.concat([decipher.update(archive.subarray(HEADER, archive.length - TAG)), decipher.final()]);
  } catch {
    throw refused(name);
  }
  return gunzipSync(zipped);
}

function refused(name: string): BackupRefusedError {
  return new BackupRefusedError(
    `${name} cannot be opened: wrong passphrase, or the file was changed or damaged`,
    'check the passphrase; a damaged copy cannot be repaired: use another copy of the backup',
  );
}
