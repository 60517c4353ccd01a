// Where config and state live (cli-spec 1: SVC_CONFIG_DIR, SVC_STATE_DIR).
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, posix, win32 } from 'node:path';

/** node:os only when a path needs the home folder (a read with SVC_CONFIG_DIR set loads none). */
function homedir(): string {
  return process.getBuiltinModule('node:os').homedir();
}

/** Paths of `platform`'s kind: Windows' own on win32 (so they can be checked on any machine). */
function joinFor(platform: NodeJS.Platform): (...parts: string[]) => string {
  return platform === 'win32' ? win32.join : posix.join;
}

export function configDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SVC_CONFIG_DIR) return env.SVC_CONFIG_DIR;
  const join = joinFor(platform);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'svc');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'svc', 'Config');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'svc');
}

/** Job journals, webhook dedupe store, key-age warning stamps. */
export function stateDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SVC_STATE_DIR) return env.SVC_STATE_DIR;
  const join = joinFor(platform);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'svc');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'svc', 'State');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'svc');
}

/**
 * Create `dir` (and missing parents) readable by the user only, whatever the umask (* under `umask 000` conf created the config folder 0777). `mode` alone is masked by the umask
 * when it adds bits, so every folder this call creates is chmod'ed; an existing folder the user
 * chose is left as it is.
 */
export function ensurePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined || process.platform === 'win32') return;
  for (let d = dir; ; d = dirname(d)) {
    chmodSync(d, 0o700);
    if (d === first || dirname(d) === d) break;
  }
}
