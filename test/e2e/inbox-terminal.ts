// `svc questions inbox` on a real terminal, driven as a person would: a tmux server of the test
// file's own (never the user's), a detached session per test running the built CLI against a
// sandbox with no CI and no locale of the machine (a test asks for its language), the screen
// read back and polled for a state (no fixed sleep decides anything). The shell prints the CLI's
// exit code as `SVC-EXIT=N` after it.
import { execFileSync } from 'node:child_process';
import { after, before } from 'node:test';
import { BIN, KNOWN_V2, tempDirs, type TestSandbox } from './harness.js';

export interface TerminalSize {
  width: number;
  height: number;
  /** Capture wrapped lines joined (`capture-pane -J`): a long typed line reads as one. */
  joinWrapped?: boolean;
  /** How long waitFor polls before it fails with the screen it last saw. */
  waitMs?: number;
}

export function inboxTerminal(name: string, size: TerminalSize) {
  const socket = `svc-e2e-${name}-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
  let hasTmux = true;
  before(() => {
    try {
      execFileSync('tmux', ['-V']);
    } catch {
      hasTmux = false;
    }
  });
  after(() => {
    try {
      tmux('kill-server');
    } catch {
      /* no server left */
    }
  });

  /** `svc questions inbox` in a detached session; `extraEnv` as NAME=value words. */
  const startInbox = (sb: TestSandbox, session: string, extraEnv: string[] = []): void => {
    const dirs = tempDirs();
    const env = [
      `SVC_BASE_URL=${sb.url}`,
      `SVC_API_KEY=${KNOWN_V2}`,
      `SVC_CONFIG_DIR=${dirs.configDir}`,
      `SVC_STATE_DIR=${dirs.stateDir}`,
      'NO_COLOR=1',
      ...extraEnv,
    ];
    const cmd = `env -u CI -u LANG -u LC_ALL -u LC_MESSAGES ${env.join(' ')} '${process.execPath}' '${BIN}' questions inbox; echo "SVC-EXIT=$?"; sleep 30`;
    tmux('new-session', '-d', '-s', session, '-x', String(size.width), '-y', String(size.height), cmd);
  };

  const screen = (session: string) => tmux('capture-pane', '-p', ...(size.joinWrapped ? ['-J'] : []), '-t', session);

  /** Polls the screen until it shows `re`; the screen then. */
  const waitFor = async (session: string, re: RegExp, ms = size.waitMs ?? 10_000): Promise<string> => {
    const end = Date.now() + ms;
    let last = '';
    while (Date.now() < end) {
      last = screen(session);
      if (re.test(last)) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`screen never showed ${re}:\n${last}`);
  };

  return { tmux, hasTmux: () => hasTmux, startInbox, screen, waitFor };
}
