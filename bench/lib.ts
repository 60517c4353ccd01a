// Shared by the benchmarks: spawn the built CLI, start a sandbox in-process, medians.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
export const BIN = join(ROOT, 'bin', 'svc.js');

export function ensureBuilt(): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-bench-'));
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Wall time of one run of a command, in ms (async: an in-process sandbox keeps answering). */
export function timeRun(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (code !== 0) reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve(ms);
    });
  });
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number; prefix?: string[] } = {},
): Promise<Run> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const argv = [...(opts.prefix ?? []), process.execPath, BIN, ...args];
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

export function cliEnv(url: string, key: string, dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SVC_')) env[k] = v;
  return {
    ...env,
    SVC_BASE_URL: url,
    SVC_API_KEY: key,
    SVC_CONFIG_DIR: join(dir, 'config'),
    SVC_STATE_DIR: join(dir, 'state'),
    NO_COLOR: '1',
  };
}

export async function control(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}/_sandbox/${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => undefined)) as any;
  if (res.status >= 400) throw new Error(`control ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json?.data ?? json;
}

/** Wait for a state, checking every 20 ms (no fixed sleep). */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 20));
}

export interface ShopRun {
  /** Everything `shop run` wrote to stderr so far. */
  stderr(): string;
  stop(): void;
}

/**
 * `svc shop run` of the built CLI, after its first pass put the listings on sale, with the
 * sandbox's webhooks pointed at its receiver (a sale reaches it as it would from the service).
 */
export async function startShopRun(url: string, file: string, env: NodeJS.ProcessEnv): Promise<ShopRun> {
  const child = spawn(process.execPath, [BIN, 'shop', 'run', '--config', file, '--port', '0'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const stop = () => void child.kill('SIGTERM');
  try {
    await until(() => /pass: shop:/.test(stderr));
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)![1]!;
    await control(url, 'POST', 'webhooks', { urls: [`${base}/`] });
  } catch (err) {
    stop();
    throw err;
  }
  return { stderr: () => stderr, stop };
}
