// End-to-end harness: a sandbox started in-process on 127.0.0.1 with known keys, and the
// real built CLI (bin/svc.js) spawned against it with its own config and state folders.
// Every captured output is kept so a secret scan can search it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { after } from 'node:test';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.js';
import { escapeError, markedEnv, marksOn, runEscapes, unmark } from './marked-run.js';

export const ROOT = join(fileURLToPath(import.meta.url), '..', '..', '..');
export const BIN = join(ROOT, 'bin', 'svc.js');

// Known keys (the suite runs with known keys, then every output is searched for them
// by scripts/test.mjs; the list is test/e2e/known-secrets.json).
const KNOWN = JSON.parse(readFileSync(join(ROOT, 'test', 'e2e', 'known-secrets.json'), 'utf8')) as {
  keys: [string, string];
};
export const KNOWN_V2 = KNOWN.keys[0];
export const KNOWN_V1 = KNOWN.keys[1];

/** The run's folder (set by scripts/test.mjs): every config, state folder and capture of the run. */
const RUN_ROOT = process.env.SVC_E2E_ROOT ?? tmpdir();
/** Where every spawned CLI's stdout/stderr is appended, for the secret scan. */
export const CAPTURE_FILE = process.env.SVC_E2E_CAPTURE ?? join(RUN_ROOT, 'svc-e2e-capture.log');

export interface TestSandbox extends SandboxHandle {
  control(method: string, path: string, body?: unknown): Promise<any>;
  api(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: any }>;
  writeRequests(): Promise<any[]>;
}

export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  // The sandbox's own data file is the emulated service's storage, not CLI output.
  if (opts.dataFile) {
    try {
      appendFileSync(INPUTS_LIST, `${opts.dataFile}\n`);
    } catch {
      /* best effort */
    }
  }
  const sb = await startSandbox({
    port: 0,
    keys: { v1: KNOWN_V1, v2: KNOWN_V2 },
    rateLimit: { v2PerMinute: 100_000, v1PerMinute: 100_000, v2PerDay: 10_000_000, v1PerDay: 10_000_000 },
    ...opts,
  });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sb.url}/_sandbox/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => undefined)) as any;
    if (res.status >= 400) throw new Error(`control ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json?.data ?? json;
  };
  let n = 0;
  const api = async (method: string, path: string, body?: unknown, key = KNOWN_V2) => {
    const headers: Record<string, string> = { 'x-api-key': key };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['Idempotency-Key'] = `e2e-setup-${process.pid}-${Date.now()}-${n++}`;
    const res = await fetch(`${sb.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  };
  const writeRequests = async () => ((await control('GET', 'requests')) as any[]).filter((r) => r.method !== 'GET');
  return Object.assign(sb, { control, api, writeRequests });
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  signal: NodeJS.Signals | null;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  cwd?: string;
  /** Kill the process with SIGKILL once stderr/stdout matches. */
  killWhen?: RegExp;
  /** Kill the process with SIGKILL once this settles (a state of the sandbox: a request in flight). */
  killOn?: Promise<unknown>;
  /** Send SIGINT (Ctrl-C) once stderr/stdout matches, once. */
  interruptWhen?: RegExp;
  /** Send SIGINT (Ctrl-C) once this settles (the test is done with a long-running command). */
  interruptOn?: Promise<unknown>;
  /** Called with everything written so far, on each write (to wait for a state the CLI prints). */
  onOutput?: (stdout: string, stderr: string) => void;
}

// Every CLI a test file spawns dies with the file's tests, pass or fail: no run can be kept
// alive by a CLI left waiting. A CLI that never ends fails its test by the runner's
// per-test timeout, not by a kill timer here.
const live = new Set<ChildProcess>();
after(() => {
  for (const child of live) child.kill('SIGKILL');
});

/** A fresh config and state folder per test context. */
export function tempDirs(): { configDir: string; stateDir: string; dir: string } {
  const dir = mkdtempSync(join(RUN_ROOT, 'svc-e2e-'));
  return { dir, configDir: join(dir, 'config'), stateDir: join(dir, 'state') };
}

export function svcEnv(
  sb: { url: string },
  dirs: { configDir: string; stateDir: string },
  key = KNOWN_V2,
): Record<string, string> {
  return { SVC_BASE_URL: sb.url, SVC_API_KEY: key, SVC_CONFIG_DIR: dirs.configDir, SVC_STATE_DIR: dirs.stateDir };
}

/** Spawn the built CLI. The environment starts clean of SVC_* and CI-ish TTY assumptions. */
export function svc(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string> = {};
  // The language comes from LANG/LC_*: a test gets English unless it asks for another.
  const localeVars = /^(LANG|LANGUAGE|LC_ALL|LC_MESSAGES|LC_NUMERIC|TZ)$/;
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('SVC_') && !localeVars.test(k)) env[k] = v;
  env.TZ = 'UTC';
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v;
  env.NO_COLOR = '1';
  const runEnv = markedEnv(env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: runEnv,
      cwd: opts.cwd ?? ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    live.add(child);
    opts.killOn?.then(
      () => child.kill('SIGKILL'),
      () => child.kill('SIGKILL'),
    );
    opts.interruptOn?.then(
      () => child.kill('SIGINT'),
      () => child.kill('SIGINT'),
    );
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    // what a test waits for, it reads as svc prints it without the marks
    const check = () => {
      const [out, err] = [unmark(stdout), unmark(stderr)];
      if (opts.killWhen?.test(out + err)) child.kill('SIGKILL');
      if (!interrupted && opts.interruptWhen && opts.interruptWhen.test(out + err)) {
        interrupted = true;
        child.kill('SIGINT');
      }
      opts.onOutput?.(out, err);
    };
    // decoded across chunks: a mark (three bytes) or an accented letter may straddle two
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      stdout += d;
      check();
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      check();
    });
    child.on('close', (code, signal) => {
      live.delete(child);
      const escaped = marksOn(runEnv) ? runEscapes(args, stdout, stderr) : [];
      stdout = unmark(stdout);
      stderr = unmark(stderr);
      try {
        appendFileSync(CAPTURE_FILE, `\n### svc ${args.join(' ')}\n${stdout}\n${stderr}`);
      } catch {
        /* best effort */
      }
      if (escaped.length > 0) reject(escapeError(args, escaped));
      else resolve({ code, stdout, stderr, signal });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Inputs the tests write (they hold the markers on purpose): the secret scan skips these only. */
export const INPUTS_LIST = join(RUN_ROOT, 'test-inputs.list');

export function writeFile(dir: string, name: string, content: string | Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  try {
    appendFileSync(INPUTS_LIST, `${p}\n`);
  } catch {
    /* best effort */
  }
  return p;
}

/** Create N approved, active single listings through the real create route; returns their ids. */
export async function createListings(sb: TestSandbox, n: number, price = 1000): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await sb.api('POST', '/api/v2/products', {
      title: `E2E listing ${i + 1}`,
      description: 'A listing made by the end-to-end tests.',
      price,
      game: 'valorant',
      category: 'skin',
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.data.id);
  }
  return ids;
}

/** Create an approved single auto-delivery listing (keys) through the real create route; returns its id. */
export async function createAutoListing(sb: TestSandbox): Promise<number> {
  const res = await sb.api('POST', '/api/v2/products', {
    title: 'E2E auto-delivery keys',
    description: 'Keys delivered automatically by the tests.',
    price: 500,
    game: 'valorant',
    category: 'key',
    isAutoDelivery: true,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function getListing(sb: TestSandbox, id: number): Promise<any> {
  const res = await sb.api('GET', `/api/v2/products/${id}`);
  return res.body.data;
}

/**
 * NODE_OPTIONS for a run that names on stderr (`READ chunks/x.cjs`) every file of dist/ that
 * bin/svc.js reads: which bundle ran (lane.cjs or main.cjs) and what it loaded.
 */
export function distReadProbe(): string {
  const hook = writeFile(
    tempDirs().dir,
    'probe.cjs',
    `
const fs = require('node:fs');
const read = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  if (String(p).includes('/dist/')) process.stderr.write('READ ' + String(p).split('/dist/')[1] + '\\n');
  return read.call(this, p, ...rest);
};`,
  );
  return `--require ${hook}`;
}
