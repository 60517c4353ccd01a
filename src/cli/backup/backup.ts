// svc backup FILE: what a shop needs on another machine, in one encrypted file (contents.ts says
// what, src/state/backup-archive.ts how). The file is written 0600 under a temporary name and
// renamed, so an interrupted backup never leaves a half archive under FILE.
import { renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { UsageError } from '../../api/errors.js';
import { success } from '../../output/reporter.js';
import { sealArchive } from '../../state/backup-archive.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, option, type OptsOf } from '../shared/verb.js';
import { gather } from './contents.js';
import { passphrase } from './passphrase.js';

export const passphraseFile = option(
  '--passphrase-file <file>',
  'read the passphrase from the first line of this file (else SVC_BACKUP_PASSPHRASE, else a hidden prompt)',
  z.string().optional(),
);

const options = {
  include: option(
    '--include <path...>',
    'also keep these files or folders under the current folder (shop.yaml, pools)',
    z.array(z.string()).optional(),
  ),
  passphraseFile,
};

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const file = args[0];
  if (!file) throw new UsageError('give the file to write: svc backup FILE');
  const contents = await gather(deps, o.include ?? []);
  const secret = await passphrase(deps, o.passphraseFile, true);
  const archive = sealArchive(Buffer.from(JSON.stringify(contents)), secret);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, archive, { mode: 0o600 });
  renameSync(tmp, file);
  const count = (v: object) => Object.keys(v).length;
  success(
    deps.io,
    `backup written to ${file}: ${count(contents.config)} config file(s), ${count(contents.state)} state file(s), ${count(contents.files)} included file(s); keep the passphrase apart from it`,
  );
  return 0;
}

export const backupVerb = defineVerb({
  name: 'backup',
  description: 'write profiles, keys, secrets and the state folder to one encrypted file (for another machine)',
  args: [['<file>', 'the archive to write']],
  options,
  examples: [
    'svc backup shop.svcbak --include shop.yaml pools      # asks for a passphrase, twice',
    'SVC_BACKUP_PASSPHRASE=... svc backup /mnt/usb/shop.svcbak',
  ],
  run,
});

export const verbs = [backupVerb];
