// spec 5.5: keys should be rotated every 90 days. Any command that builds a client warns on
// stderr, at most once a day per key, when the key in use is older than that. The age comes
// from the key's creation time when svc has seen it (`keys list`, `keys rotate`: no extra
// request per command), else from when the profile stored it. State lives in SVC_STATE_DIR,
// keyed by a truncated hash of the key, never the key itself.
import { t } from '../i18n/index.js';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir } from './paths.js';
import { join } from 'node:path';
import type { ApiVersion } from '../api/assumptions.js';
import type { IO } from '../output/io.js';
import { warn } from '../output/reporter.js';
import type { Profile } from './profiles.js';

/** The keys a command runs with and where they came from (a part of src/cli/shared/context.ts's Session). */
export interface KeysInUse {
  profileName: string;
  profile: Pick<Profile, 'v1KeyStoredAt' | 'v2KeyStoredAt'> | undefined;
  keys: { v1?: string; v2?: string };
  keySource: { v1?: 'env' | 'profile'; v2?: 'env' | 'profile' };
}

const KEY_ROTATION_DAYS = 90; // spec 5.5
const DAY_MS = 86_400_000;
const STATE_FILE = 'key-age.json';

interface KeyAgeState {
  createdAt: Record<string, string>;
  warnedAt: Record<string, string>;
}

function keyFingerprint(key: string): string {
  // node:crypto is loaded on first use: every command passes through warnOldKeys, and most
  // runs never need a fingerprint (bench/startup).
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function load(dir: string): KeyAgeState {
  const file = join(dir, STATE_FILE);
  // Most runs have no such file (no key seen by `keys list`, no warning yet): asked first, so that
  // every command does not build and throw away a file-not-found error (~0.1 ms).
  if (!existsSync(file)) return { createdAt: {}, warnedAt: {} };
  try {
    const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeyAgeState>;
    return { createdAt: { ...s.createdAt }, warnedAt: { ...s.warnedAt } };
  } catch {
    return { createdAt: {}, warnedAt: {} };
  }
}

function save(dir: string, state: KeyAgeState): void {
  ensurePrivateDir(dir);
  const file = join(dir, STATE_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/** Remember when a key was created (from `keys list` or `keys rotate`), for the age warning. */
export function rememberKeyCreatedAt(stateDir: string, key: string, createdAt: string | null | undefined): void {
  if (!createdAt || Number.isNaN(Date.parse(createdAt))) return;
  try {
    const dir = stateDir;
    const state = load(dir);
    const fp = keyFingerprint(key);
    if (state.createdAt[fp] === createdAt) return;
    state.createdAt[fp] = createdAt;
    save(dir, state);
  } catch {
    /* the warning is a courtesy: never fail a command over it */
  }
}

/** Called once when a command builds its client (src/cli/shared/context.ts). Never throws. */
export function warnOldKeys(io: IO, dir: string, s: KeysInUse, now = Date.now()): void {
  if (io.quiet) return;
  try {
    const state = load(dir);
    let changed = false;
    for (const version of ['v1', 'v2'] as const) {
      const key = s.keys[version];
      if (!key) continue;
      // the fingerprint only when there is something to look up under it
      const known = Object.keys(state.createdAt).length > 0 ? state.createdAt[keyFingerprint(key)] : undefined;
      const since = known ?? (s.keySource[version] === 'profile' ? storedAt(s, version) : undefined);
      if (!since || Number.isNaN(Date.parse(since))) continue;
      const days = Math.floor((now - Date.parse(since)) / DAY_MS);
      if (days <= KEY_ROTATION_DAYS) continue;
      const fp = keyFingerprint(key);
      const last = state.warnedAt[fp];
      if (last && now - Date.parse(last) < DAY_MS) continue;
      // the parts in the seller's language, then the sentence (warn translates it)
      const which = t(
        s.keySource[version] === 'env'
          ? `the ${version} key in SVC_API_KEY`
          : `the ${version} key of profile "${s.profileName}"`,
      );
      const how = t(
        s.keySource[version] === 'env'
          ? 'create a new one with `svc keys create`'
          : `rotate it with \`svc keys rotate --version ${version}\``,
      );
      warn(io, `${which} is ${days} days old; keys should be rotated every ${KEY_ROTATION_DAYS} days: ${how}`);
      state.warnedAt[fp] = new Date(now).toISOString();
      changed = true;
    }
    if (changed) save(dir, state);
  } catch {
    /* never fail a command over the warning */
  }
}

function storedAt(s: KeysInUse, version: ApiVersion): string | undefined {
  return version === 'v1' ? s.profile?.v1KeyStoredAt : s.profile?.v2KeyStoredAt;
}
