// What the end-to-end files set up as a seller, written once: a sandbox of the file's own (reset
// before each test where the file counts the account's sales), auto-delivery listings made
// through the real create route, pool files, the refs the account holds and delivered, the
// sandbox's request log counted, and a resident `shop run` spawned and waited on by its output.
// The sandbox itself and the spawned CLI come from harness.ts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { after, before, beforeEach } from 'node:test';
import type { SandboxOptions } from '../../src/sandbox/index.js';
import { BIN, CAPTURE_FILE, startTestSandbox, svcEnv, type TestSandbox } from './harness.js';
import { markedStderr } from './marked-run.js';

/** The pool secret of the e2e seller (test/e2e/known-secrets.json: the secret scan looks for it). */
export const POOL_SECRET = 'pool-secret-of-the-ci-job-0123456789abcdef';
/** The e2e Telegram token (known-secrets.json too). */
export const TG_TOKEN = '4242424242:E2EtelegramTOKENdoNotLeak_42';

/**
 * A sandbox for the whole file, handed to `set` when it starts and closed after the file; with
 * `resetEach`, emptied of every listing, sale and request before each test (its account's sales
 * are then each test's only). `fresh()` swaps it for a new one (a new account: a test whose
 * state folder must not meet another test's uploads), handed to `set` the same way.
 */
export function sandboxPerFile(
  set: (sb: TestSandbox) => void,
  opts: { resetEach?: boolean; sandbox?: SandboxOptions } = {},
): { fresh: () => Promise<TestSandbox> } {
  let sb: TestSandbox | undefined;
  const start = async () => {
    sb = await startTestSandbox(opts.sandbox);
    set(sb);
    return sb;
  };
  before(start);
  after(async () => {
    await sb?.close();
  });
  if (opts.resetEach) {
    beforeEach(async () => {
      await sb!.control('POST', 'reset');
    });
  }
  return {
    fresh: async () => {
      await sb?.close();
      return start();
    },
  };
}

export interface ListingOptions {
  price?: number;
  description?: string;
  /** Activated once approved (the default); `false` leaves it inactive, as an empty listing is. */
  active?: boolean;
  /** Credentials the listing holds before svc touches it (uploaded before approval). */
  stock?: string[];
  /** Another key of the sandbox (a second account). */
  key?: string;
}

/** An approved auto-delivery listing (keys) made through the real create route; returns its id. */
export async function autoListing(sb: TestSandbox, title: string, o: ListingOptions = {}): Promise<number> {
  const active = o.active ?? true;
  const res = await sb.api(
    'POST',
    '/api/v2/products',
    {
      title,
      description: o.description ?? 'Keys delivered automatically by the tests.',
      price: o.price ?? 500,
      game: 'valorant',
      category: 'key',
      isAutoDelivery: true,
      ...(active ? {} : { isActive: false }),
    },
    o.key,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const id = res.body.data.id as number;
  if (o.stock?.length) {
    const items = o.stock.map((credential) => ({ credential }));
    assert.equal((await sb.api('POST', `/api/v2/products/${id}/stock`, { items }, o.key)).status, 200);
  }
  await sb.control('POST', 'moderate', { productId: id, action: 'approve' });
  if (active) assert.equal((await sb.api('PATCH', `/api/v2/products/${id}`, { isActive: true }, o.key)).status, 200);
  return id;
}

/** A pool CSV of entries `from`..`to`: credential `TAG-MARKER-uN:pN`, ref `TAG.N`, cost 0.25. */
export function poolCsv(tag: string, marker: string, from: number, to: number): string {
  const rows = ['credential,ref,cost'];
  for (let i = from; i <= to; i++) rows.push(`${tag}-${marker}-u${i}:p${i},${tag}.${i},0.25`);
  return `${rows.join('\n')}\n`;
}

/** `n` units of a listing bought, in orders of at most 1000 (the sandbox's purchase control). */
export async function sell(sb: TestSandbox, id: number, n: number): Promise<void> {
  for (let left = n; left > 0; left -= 1000) {
    const r = await sb.control('POST', 'purchase', { productId: id, quantity: Math.min(1000, left) });
    assert.ok(r.id ?? r.orderCode, JSON.stringify(r));
  }
}

/**
 * The refs every sale of these listings delivered (and with `held`, every ref they hold now),
 * the tag svc adds to a ref taken off: what the account sold or can still sell, to find a
 * credential that went out twice.
 */
export async function refsOf(sb: TestSandbox, ids: number[], o: { held?: boolean } = {}): Promise<string[]> {
  const out: string[] = [];
  if (o.held) for (const id of ids) out.push(...(await sb.control('GET', `state/products/${id}`)).credentialRefs);
  for (let page = 1; ; page++) {
    const res = (await sb.api('GET', `/api/v2/orders?type=sales&limit=100&page=${page}`)).body;
    for (const ord of res.data) if (ids.includes(ord.productId)) out.push(...ord.deliveredItems.map((d: any) => d.ref));
    if (page >= res.pagination.totalPages) break;
  }
  return out.filter(Boolean).map((r: string) => r.replace(/(?:^|\.)svc[A-Za-z0-9_-]{18}$/, ''));
}

/** How many requests on the sandbox's log match. */
export async function requestCount(sb: TestSandbox, pred: (r: any) => boolean): Promise<number> {
  return ((await sb.control('GET', 'requests')) as any[]).filter(pred).length;
}

/** The environment of a seller that runs the shop: the sandbox, its own folders, no keyring, the pool secret. */
export function shopEnv(
  sb: TestSandbox,
  dirs: { configDir: string; stateDir: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return { ...svcEnv(sb, dirs), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET, ...extra };
}

/** Poll a state until it holds (the test's own timeout bounds it): never a fixed sleep. */
export async function until(_what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (;;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shops = new Set<ChildProcess>();
// Every resident shop dies with its file's tests, pass or fail.
after(() => {
  for (const child of shops) child.kill('SIGKILL');
});

/** The environment of a service manager: no LANG, no LC_*, no SVC_* but the test's own. */
function managerEnv(env: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(LANG|LANGUAGE|LC_.*|SVC_.*)$/.test(k)) out[k] = v;
  return { ...out, ...env, NO_COLOR: '1' };
}

/**
 * `svc shop run --config FILE --port 0` spawned as a service manager would; its stderr kept (and
 * added to the run's capture for the secret scan when it ends). `stop()` sends SIGTERM and
 * resolves to the exit code.
 */
export function startShopRun(env: Record<string, string>, file: string, args: string[] = []) {
  const argv = ['shop', 'run', '--config', file, '--port', '0', ...args];
  const err = markedStderr(argv, managerEnv(env));
  const child = spawn(process.execPath, [BIN, ...argv], { env: err.env, stdio: ['ignore', 'pipe', 'pipe'] });
  shops.add(child);
  const out = {
    get stderr() {
      return err.text();
    },
  };
  const exited = err.watch(child, () => {
    shops.delete(child);
    try {
      appendFileSync(CAPTURE_FILE, `\n### svc shop run --config ${file}\n${out.stderr}`);
    } catch {
      /* best effort, as the harness's own capture */
    }
  });
  const stop = (): Promise<number | null> => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, out, exited, stop };
}
