// Where config and state live (cli-spec 1: SVC_CONFIG_DIR, SVC_STATE_DIR).
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SVC_CONFIG_DIR) return env.SVC_CONFIG_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Preferences', 'svc');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'svc', 'Config');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'svc');
}

/** Job journals, webhook dedupe store, key-age warning stamps. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SVC_STATE_DIR) return env.SVC_STATE_DIR;
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'svc');
  if (process.platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'svc', 'State');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'svc');
}
