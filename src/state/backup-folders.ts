// The folders a backup holds, as files: a folder read into relative path -> bytes, and written
// back with 0700 folders and 0600 files (rule 4). Only folders and files, as the config and state
// path functions name them, so what lives in them may change without touching the backup.
import { lstatSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { UsageError } from '../api/errors.js';
import { ensurePrivateDir } from '../config/paths.js';

/** Files by path relative to their folder, `/`-separated on every system; base64 in the archive. */
export type FolderFiles = Record<string, string>;

/** Every regular file under `dir` that `keep` accepts (symlinks and sockets are skipped). */
export function readFolder(dir: string, keep: (rel: string) => boolean): FolderFiles {
  const out: FolderFiles = {};
  const walk = (d: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (err) {
      if ((err as { code?: string }).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const file = join(d, e.name);
      const rel = relative(dir, file).split(sep).join('/');
      if (!keep(rel)) continue;
      if (e.isDirectory()) walk(file);
      else if (e.isFile()) out[rel] = readFileSync(file).toString('base64');
    }
  };
  walk(dir);
  return out;
}

/** A relative path that stays inside its folder: the archive is checked, not trusted (rule 4). */
export function safeRelative(rel: string): boolean {
  const parts = rel.split('/');
  return (
    rel.length > 0 &&
    !rel.startsWith('/') &&
    !/^[A-Za-z]:/.test(rel) &&
    !rel.includes('\\') &&
    parts.every((p) => p !== '' && p !== '.' && p !== '..')
  );
}

/** Whether `dir` holds any file `keep` accepts. */
export function hasFiles(dir: string, keep: (rel: string) => boolean): boolean {
  return Object.keys(readFolder(dir, keep)).length > 0;
}

/** Write `files` under `dir`: each file to a temporary name, then renamed (a crash leaves whole files). */
export function writeFolder(dir: string, files: FolderFiles): number {
  for (const rel of Object.keys(files))
    if (!safeRelative(rel)) throw new UsageError(`the backup names a file outside its folder: ${JSON.stringify(rel)}`);
  ensurePrivateDir(dir);
  for (const [rel, data] of Object.entries(files)) {
    const file = join(dir, ...rel.split('/'));
    ensurePrivateDir(dirname(file));
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(data, 'base64'), { mode: 0o600 });
    renameSync(tmp, file);
  }
  return Object.keys(files).length;
}

/** Whether `path` exists (a file the restore would write over). */
export function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
