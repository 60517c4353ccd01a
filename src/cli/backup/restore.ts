// svc restore FILE: the archive of `svc backup` back into this machine's config and state folders
// (and --include'd files under --to). The whole archive is opened and checked before anything is
// written: a wrong passphrase or a changed byte writes nothing (exit 2). A config or state folder
// that already holds a shop is refused without --force: its ledgers may know of uploads the
// archive does not, and writing over them could send a credential twice.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { UsageError } from '../../api/errors.js';
import { configDir } from '../../config/paths.js';
import { success } from '../../output/reporter.js';
import { openArchive } from '../../state/backup-archive.js';
import { exists, hasFiles, safeRelative, writeFolder } from '../../state/backup-folders.js';
import type { Deps } from '../shared/context.js';
import { defineVerb, flag, option, type OptsOf } from '../shared/verb.js';
import { passphraseFile } from './backup.js';
import { type BackupContents, keepConfig, keepState } from './contents.js';
import { passphrase } from './passphrase.js';

const options = {
  force: flag('--force', 'write over a config or state folder that already holds profiles or state'),
  to: option('--to <dir>', 'where the included files go (default: the current folder)', z.string().optional()),
  passphraseFile,
};

function readArchive(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

function contentsOf(data: Buffer, file: string): BackupContents {
  const c = JSON.parse(data.toString('utf8')) as BackupContents;
  if (c?.format !== 1 || typeof c.config !== 'object' || typeof c.state !== 'object' || typeof c.files !== 'object')
    throw new UsageError(`${file} is a backup of another format`, 'restore it with the svc version that wrote it');
  for (const rel of [...Object.keys(c.config), ...Object.keys(c.state), ...Object.keys(c.files)])
    if (!safeRelative(rel)) throw new UsageError(`${file} names a file outside its folder: ${JSON.stringify(rel)}`);
  return c;
}

/** What is already here that the restore would write over: refused without --force. */
function live(deps: Deps, c: BackupContents, to: string): string[] {
  const found: string[] = [];
  if (hasFiles(configDir(deps.env), keepConfig)) found.push(configDir(deps.env));
  const stateDir = deps.stateDir();
  if (hasFiles(stateDir, keepState(stateDir))) found.push(stateDir);
  for (const rel of Object.keys(c.files)) if (exists(join(to, ...rel.split('/')))) found.push(join(to, rel));
  return found;
}

async function run(deps: Deps, o: OptsOf<typeof options>, args: string[]): Promise<number> {
  const file = args[0];
  if (!file) throw new UsageError('give the archive to read: svc restore FILE');
  const archive = readArchive(file);
  const c = contentsOf(openArchive(archive, await passphrase(deps, o.passphraseFile, false), file), file);
  const to = resolve(o.to ?? '.');
  const here = live(deps, c, to);
  if (here.length > 0 && !o.force)
    throw new UsageError(
      `this machine already holds svc's files: ${here.join(', ')}`,
      'restore on a machine without them, or add --force to write over them (their ledgers may know of uploads the backup does not)',
    );
  const n = writeFolder(configDir(deps.env), c.config) + writeFolder(deps.stateDir(), c.state);
  const m = Object.keys(c.files).length > 0 ? writeFolder(to, c.files) : 0;
  success(
    deps.io,
    `restored ${n} file(s) into ${configDir(deps.env)} and ${deps.stateDir()}, ${m} included file(s) into ${to}; the orders mirror is rebuilt by the next command that reads it`,
  );
  return 0;
}

export const restoreVerb = defineVerb({
  name: 'restore',
  description: 'put the files of a `svc backup` archive back on this machine',
  args: [['<file>', 'the archive `svc backup` wrote']],
  options,
  examples: [
    'svc restore shop.svcbak                 # asks for the passphrase',
    'svc restore shop.svcbak --to ~/shop --force',
  ],
  run,
});

export const verbs = [restoreVerb];
