// The backup's passphrase: SVC_BACKUP_PASSPHRASE (a scheduled backup, from the machine's secret
// store), --passphrase-file (its first line), or a hidden prompt on a terminal, asked twice for a
// new backup. Never an argument (cli-spec 1: a secret on the command line is seen by `ps`).
import { readFileSync } from 'node:fs';
import { BACKUP } from '../../api/assumptions.js';
import { UsageError } from '../../api/errors.js';
import { readSecret } from '../auth/secret-input.js';
import type { Deps } from '../shared/context.js';

const PASSPHRASE_ENV = 'SVC_BACKUP_PASSPHRASE';
const MIN_CHARS = BACKUP.minPassphraseChars;

function fromFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the passphrase file ${file}: ${(err as Error).message}`);
  }
  return (text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '').trim();
}

/** The passphrase, checked for length; `twice` asks again on a terminal (a new backup). */
export async function passphrase(deps: Deps, file: string | undefined, twice: boolean): Promise<string> {
  let p = file !== undefined ? fromFile(file) : deps.env[PASSPHRASE_ENV];
  if (p === undefined) {
    if (!deps.io.stdinIsTTY)
      throw new UsageError(
        `no passphrase: set ${PASSPHRASE_ENV} or give --passphrase-file FILE (no terminal to ask on)`,
      );
    p = await readSecret(deps.io, 'backup passphrase (input hidden): ', deps.signal);
    if (twice && (await readSecret(deps.io, 'the same passphrase again: ', deps.signal)) !== p)
      throw new UsageError('the two passphrases differ');
  }
  if (p.length < MIN_CHARS) throw new UsageError(`the passphrase is too short: at least ${MIN_CHARS} characters`);
  return p;
}
