// The entry of svc's one-file executable (scripts/sea.mjs embeds it with the build's files as
// assets). A SEA's own script can require only Node's built-ins, and bin/svc.js reads dist/ as
// files (help texts, chunks compiled through its code cache, the Ink UI as an ES module, jq-wasm,
// the keyring addon, which must be a file to be loaded at all). So the assets are written once per
// build into the user's cache folder (0700 folders, 0600 files) and bin/svc.js runs from there as
// it does from an npm install; every later run finds them and only stats one file.
'use strict';
const { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const sea = require('node:sea');

const ID = '__SVC_SEA_ID__';

// The same folder bin/svc.js keeps its code cache in (userCacheDir there).
function cacheDir() {
  const home = () => (process.platform !== 'win32' && process.env.HOME) || require('node:os').homedir();
  if (process.platform === 'win32')
    return join(process.env.LOCALAPPDATA || join(home(), 'AppData', 'Local'), 'svc', 'sea');
  if (process.platform === 'darwin') return join(home(), 'Library', 'Caches', 'svc', 'sea');
  return join(process.env.XDG_CACHE_HOME || join(home(), '.cache'), 'svc', 'sea');
}

/** The assets under a temporary name, then renamed into place: a concurrent run sees all or none. */
function unpack(base, target) {
  mkdirSync(base, { recursive: true, mode: 0o700 });
  const tmp = mkdtempSync(join(base, '.unpack-'));
  const names = JSON.parse(sea.getAsset('sea-files.json', 'utf8'));
  for (const name of names) {
    const file = join(tmp, ...name.split('/'));
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, new Uint8Array(sea.getRawAsset(name)), { mode: 0o600 });
  }
  writeFileSync(join(tmp, '.complete'), `${ID}\n`, { mode: 0o600 });
  try {
    renameSync(tmp, target);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run unpacked it first
  }
  // Other builds' files are removed when a new one is unpacked, as bin/svc.js does its code caches.
  for (const other of readdirSync(base)) {
    if (other !== ID && !other.startsWith('.unpack-')) rmSync(join(base, other), { recursive: true, force: true });
  }
}

const base = cacheDir();
const target = join(base, ID);
if (!existsSync(join(target, '.complete'))) unpack(base, target);
const entry = join(target, 'bin', 'svc.js');
require('node:module').createRequire(entry)(entry);
