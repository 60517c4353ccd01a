// Test helpers: a sandbox on a free port and a tiny fetch client over real HTTP.
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach } from 'node:test';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/index.js';

export { SEED_IDS } from '../../src/sandbox/index.js';

/** Limits high enough that a suite never meets them unless a test means to. */
const HIGH_LIMITS = { v1PerMinute: 100_000, v2PerMinute: 100_000, v1PerDay: 1_000_000, v2PerDay: 1_000_000 };

export function start(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ port: 0, rateLimit: HIGH_LIMITS, ...opts });
}

export function idemKey(): string {
  return `test_${randomBytes(12).toString('hex')}`;
}

export interface Res {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOpts {
  key?: string | null; // null: no x-api-key header
  idem?: string | null; // null: no Idempotency-Key header; undefined: a fresh key on writes
  headers?: Record<string, string>;
  rawBody?: string;
}

export class Client {
  constructor(
    readonly sb: SandboxHandle,
    readonly defaultKey: string,
  ) {}

  async call(method: string, path: string, body?: unknown, opts: CallOpts = {}): Promise<Res> {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? this.defaultKey : opts.key;
    if (key !== null) headers['x-api-key'] = key;
    const isWrite = method === 'POST' || method === 'PATCH';
    if (isWrite && path.startsWith('/api/v2')) {
      const idem = opts.idem === undefined ? idemKey() : opts.idem;
      if (idem !== null) headers['idempotency-key'] = idem;
    }
    let payload: string | undefined = opts.rawBody;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(this.sb.url + path, { method, headers, body: payload });
    const text = await r.text();
    return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
  }
  get(path: string, opts?: CallOpts) {
    return this.call('GET', path, undefined, opts);
  }
  post(path: string, body: unknown, opts?: CallOpts) {
    return this.call('POST', path, body, opts);
  }
  patch(path: string, body: unknown, opts?: CallOpts) {
    return this.call('PATCH', path, body, opts);
  }
  delete(path: string, opts?: CallOpts) {
    return this.call('DELETE', path, undefined, opts);
  }
}

/** Control routes (no key). */
export async function control(sb: SandboxHandle, method: string, path: string, body?: unknown): Promise<Res> {
  const r = await fetch(`${sb.url}/_sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
}

export async function reset(sb: SandboxHandle): Promise<void> {
  const r = await control(sb, 'POST', 'reset', {});
  if (r.status !== 200) throw new Error(`reset failed: ${r.status}`);
}

export async function listingState(sb: SandboxHandle, id: number) {
  return (await control(sb, 'GET', `state/products/${id}`)).body.data;
}

export async function requestLog(sb: SandboxHandle) {
  return (await control(sb, 'GET', 'requests')).body.data as Array<Record<string, unknown>>;
}

export interface SandboxFixture {
  sb: SandboxHandle;
  v1: Client;
  v2: Client;
}

/**
 * The setup of a describe block: one sandbox started before its tests (with `opts`), reset to
 * the seed before each test, closed after; `ready` gets it and a client per demo key.
 */
export function useSandbox(ready: (f: SandboxFixture) => void, opts: SandboxOptions = {}): void {
  let sb: SandboxHandle | undefined;
  before(async () => {
    sb = await start(opts);
    ready({ sb, v1: new Client(sb, sb.keys.v1), v2: new Client(sb, sb.keys.v2) });
  });
  beforeEach(() => reset(sb!));
  after(() => sb?.close());
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A valid v2 creation body (A13 required fields and limits). */
export function listingBody(extra: Record<string, unknown> = {}) {
  return {
    title: 'Fresh listing title',
    description: 'A description long enough for the limit.',
    price: 1500,
    game: 'valorant',
    category: 'skin',
    ...extra,
  };
}

/** Wait for the state: the debounced flush has run (never a fixed pause). */
export async function flushed(sb: SandboxHandle): Promise<void> {
  await sb.idle();
  while (sb.persistence()!.pending) await new Promise((r) => setTimeout(r, 10));
}
