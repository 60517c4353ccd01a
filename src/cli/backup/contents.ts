// What a backup holds: the config folder (profiles, their keys, the pool secret, notify secrets),
// the state folder (pool ledgers, job journals, shop memory, webhook store) and the files asked
// for with --include (shop.yaml, pools), each as files of the folder the path functions name.
// Keys and secrets kept in the OS keyring are read and put in the archive's copy of their file:
// the archive is encrypted, and the machine it is restored on may have no keyring (a server), so
// they come back into the 0600 file. Not held: the orders mirror (rebuilt from the service by the
// next command that reads it: a copy could be stale against the account) and lock files.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UsageError } from '../../api/errors.js';
import { configDir } from '../../config/paths.js';
import { mirrorFile } from '../../mirror/db.js';
import { NotifySecrets } from '../../notify/secrets.js';
import { type FolderFiles, readFolder } from '../../state/backup-folders.js';
import { VERSION } from '../../version.js';
import type { Deps } from '../shared/context.js';

export interface BackupContents {
  format: 1;
  svc: string;
  createdAt: string;
  config: FolderFiles;
  state: FolderFiles;
  /** --include: relative to the folder `svc backup` ran in, written relative to `restore --to`. */
  files: FolderFiles;
}

const CONFIG_FILE = 'config.json';
const NOTIFY_FILE = 'notify-secrets.json';

/** Files a backup leaves out wherever they are: locks and half-written temporaries. */
const transient = (rel: string) => /\.(lock|tmp)$/.test(rel);

export function keepConfig(rel: string): boolean {
  return !transient(rel);
}

/** The state folder without the mirror (rebuilt) and without locks. */
export function keepState(stateDir: string): (rel: string) => boolean {
  const mirror = relative(stateDir, dirname(mirrorFile(stateDir, 'any')))
    .split(sep)
    .join('/');
  return (rel) => !transient(rel) && rel !== mirror && !rel.startsWith(`${mirror}/`);
}

const b64 = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`).toString('base64');
const parse = (data: string) => JSON.parse(Buffer.from(data, 'base64').toString('utf8'));

/** The config file's copy with every keyring-held key read into it, its keyring mark dropped. */
async function inlineKeys(deps: Deps, data: string): Promise<string> {
  const file = parse(data) as { profiles?: Record<string, Record<string, unknown>> };
  const keys = await deps.keys();
  for (const [name, profile] of Object.entries(file.profiles ?? {})) {
    for (const version of ['v1', 'v2'] as const) {
      if (!profile[`${version}KeyInKeyring`]) continue;
      profile[`${version}Key`] = await keys.read(name, version);
      delete profile[`${version}KeyInKeyring`];
    }
  }
  return b64(file);
}

/** The notify secrets' copy with the keyring-held ones read into it. */
async function inlineNotify(deps: Deps, data: string): Promise<string> {
  const file = parse(data) as { channels?: Record<string, { secret?: string; keyring?: boolean }> };
  const secrets = new NotifySecrets(deps.env);
  for (const [channel, entry] of Object.entries(file.channels ?? {})) {
    if (!entry.keyring) continue;
    const secret = await secrets.read(channel);
    if (secret === undefined)
      throw new UsageError(
        `the secret of channel "${channel}" cannot be read from the OS keyring`,
        'unlock it and try again',
      );
    entry.secret = secret;
    delete entry.keyring;
  }
  return b64(file);
}

/** --include paths (files or folders) under the current folder: restored relative to `--to`. */
function included(paths: string[]): FolderFiles {
  const cwd = process.cwd();
  const out: FolderFiles = {};
  for (const p of paths) {
    const rel = relative(cwd, resolve(cwd, p));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
      throw new UsageError(`--include ${p}: only files under the current folder (they are restored relative to it)`);
    const base = rel.split(sep).join('/');
    const found = readFolder(cwd, (r) => r === base || r.startsWith(`${base}/`) || base.startsWith(`${r}/`));
    if (Object.keys(found).length === 0) throw new UsageError(`--include ${p}: no such file`);
    Object.assign(out, found);
  }
  return out;
}

export async function gather(deps: Deps, include: string[]): Promise<BackupContents> {
  const files = included(include); // bad input first, before any keyring is asked (rule 5)
  const config = readFolder(configDir(deps.env), keepConfig);
  if (config[CONFIG_FILE]) config[CONFIG_FILE] = await inlineKeys(deps, config[CONFIG_FILE]);
  if (config[NOTIFY_FILE]) config[NOTIFY_FILE] = await inlineNotify(deps, config[NOTIFY_FILE]);
  const stateDir = deps.stateDir();
  return {
    format: 1,
    svc: VERSION,
    createdAt: new Date().toISOString(),
    config,
    state: readFolder(stateDir, keepState(stateDir)),
    files,
  };
}
