// The built `svc webhooks listen` as a real process, for the end-to-end webhook tests: spawned
// with --port 0 (its URL read from stderr), its JSON-lines log parsed, and killed when the test
// file ends, pass or fail (a listener left running once kept the whole run waiting). It runs in
// the marked mode like every CLI of the suite (test/e2e/marked-run.ts): its stderr is checked
// when it ends, and stop() and kill9() fail on an escaped line.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { after } from 'node:test';
import { until } from '../webhooks/helpers.js';
import { BIN, CAPTURE_FILE, ROOT } from './harness.js';
import { escapeError, markedEnv, marksOn, runEscapes, unmark } from './marked-run.js';

export interface Line {
  action: string;
  event?: string;
  orderId?: number;
  status?: number;
  detail?: string;
}

const live = new Set<ChildProcess>();
after(() => {
  for (const c of live) c.kill('SIGKILL');
});

/** `startMs`: how long it may take to listen (a store of hundreds of MB is read first). */
export async function listen(args: string[], env: Record<string, string | undefined>, startMs = 10_000) {
  const childEnv: Record<string, string> = { NO_COLOR: '1' };
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('SVC_')) childEnv[k] = v;
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  const runEnv = markedEnv(childEnv);
  const argv = ['webhooks', 'listen', '--port', '0', ...args];
  const child: ChildProcess = spawn(process.execPath, [BIN, ...argv], {
    env: runEnv,
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve, reject) =>
    child.on('close', (code) => {
      live.delete(child);
      // stdout is the JSON-lines log (machine output), stderr is for a person
      const escaped = marksOn(runEnv) ? runEscapes(['--json'], '', stderr) : [];
      try {
        appendFileSync(CAPTURE_FILE, `\n### svc webhooks listen ${args.join(' ')}\n${stdout}\n${unmark(stderr)}`);
      } catch {
        /* best effort */
      }
      if (escaped.length > 0) reject(escapeError(argv, escaped));
      else resolve(code);
    }),
  );
  exited.catch(() => {}); // reported by stop() and kill9(), which the test awaits
  await until(() => /listening on http:\/\/\S+/.test(unmark(stderr)) || child.exitCode !== null, startMs);
  const url = /listening on (http:\/\/\S+)/.exec(unmark(stderr))?.[1];
  if (!url) throw new Error(`listener did not start: ${unmark(stderr)}`);
  return {
    url,
    /** scheme://host:port, for a path of the test's choosing (a masked secret path is not in `url`). */
    origin: new URL(url).origin,
    pid: child.pid!,
    lines: (): Line[] =>
      unmark(stdout)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line),
    stdout: () => unmark(stdout),
    stderr: () => unmark(stderr),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill9: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}
export type Listener = Awaited<ReturnType<typeof listen>>;

export const actions = (l: Listener, action: string) => l.lines().filter((x) => x.action === action);

/** POST a notification to the listener the way the service does (spec 6.1). */
export async function post(url: string, body: string, event?: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(event ? { 'x-service-event': event } : {}), ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => undefined)) as any };
}

export function delivered(id: number): string {
  return JSON.stringify({
    event: 'order.delivered',
    timestamp: new Date().toISOString(),
    data: { id, orderCode: `ORD-${id}` },
  });
}
