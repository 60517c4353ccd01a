// A stub registry for in-process verb tests, in the spirit of gh's pkg/httpmock: register what
// the service answers to METHOD + PATH (+ an optional body predicate), run the verb through
// main(argv, { transport }), then verify(): a registered stub that was never used, or a request
// no stub matched, fails the test. Each stub answers once unless given `times`.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/transport.js';
import { main } from '../../src/main.js';
import { bufferIO } from './helpers.js';

export const V2_KEY = 'svc_v2_sk_INPROCESStestkey0123456789abcdef';
export const BASE_URL = 'https://stub.invalid';

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface Matcher {
  method: string;
  /** Path without the query, e.g. /api/v2/products/bulk-price. */
  path: string;
  /** Query parameters that must be present with these values. */
  query?: Record<string, string>;
  /** The request body (parsed JSON) must satisfy this. */
  body?: (body: unknown) => boolean;
  describe(): string;
}

export type Responder = (call: StubCall) => TransportResponse;

/** METHOD PATH, e.g. REST('PATCH', '/api/v2/products/bulk-price'). */
export function REST(
  method: string,
  path: string,
  more: { query?: Record<string, string>; body?: (body: unknown) => boolean } = {},
): Matcher {
  return {
    method,
    path,
    ...more,
    describe: () =>
      `${method} ${path}${more.query ? `?${new URLSearchParams(more.query)}` : ''}${more.body ? ' (with a body predicate)' : ''}`,
  };
}

/** A JSON answer in the service's envelope: { data } for 2xx, the error object otherwise. */
function json(status: number, payload: unknown, headers: Record<string, string> = {}): Responder {
  return () => ({ status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
}
export const ok = (data: unknown, headers?: Record<string, string>) => json(200, { data }, headers);
/** The bulk routes' answer (spec: HTTP 200 with `results`). */
export const results = (items: unknown[], headers?: Record<string, string>) => json(200, { results: items }, headers);

interface Stub {
  matcher: Matcher;
  respond: Responder;
  times: number;
  used: number;
}

export class StubRegistry {
  private readonly stubs: Stub[] = [];
  /** Every request the verb made, matched or not, in order. */
  readonly calls: StubCall[] = [];
  readonly unmatched: string[] = [];

  register(matcher: Matcher, respond: Responder, opts: { times?: number } = {}): this {
    this.stubs.push({ matcher, respond, times: opts.times ?? 1, used: 0 });
    return this;
  }

  readonly transport: Transport = async (req: TransportRequest) => {
    const call = toCall(req);
    this.calls.push(call);
    const stub = this.stubs.find((s) => s.used < s.times && matches(s.matcher, call));
    if (!stub) {
      const line = `${call.method} ${call.path}${call.query.size ? `?${call.query}` : ''}`;
      this.unmatched.push(line);
      // Thrown into the client (not a TransportError: never retried); verify() fails the test
      // even if the verb caught it.
      throw new Error(`httpmock: no registered stub matches ${line}`);
    }
    stub.used += 1;
    return stub.respond(call);
  };

  /** Fails when a request matched no stub, or a stub was not used as often as registered. */
  verify(): void {
    const unused = this.stubs
      .filter((s) => s.used < s.times)
      .map((s) => `${s.matcher.describe()} (used ${s.used} of ${s.times})`);
    assert.deepEqual(
      { unmatched: this.unmatched, unused },
      { unmatched: [], unused: [] },
      'httpmock: every request stubbed, every stub used',
    );
  }
}

function toCall(req: TransportRequest): StubCall {
  const url = new URL(req.url);
  const text = typeof req.body === 'string' ? req.body : req.body ? Buffer.from(req.body).toString('utf8') : '';
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method: req.method, path: url.pathname, query: url.searchParams, headers, body };
}

function matches(m: Matcher, c: StubCall): boolean {
  if (m.method !== c.method || m.path !== c.path) return false;
  if (m.query && Object.entries(m.query).some(([k, v]) => c.query.get(k) !== v)) return false;
  return m.body ? m.body(c.body) : true;
}

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
  env: NodeJS.ProcessEnv;
}

/**
 * `svc ARGV` in-process against the registry: a v2 key (or `key`) and the stub base URL from the
 * environment (no config file is read), config and state in a fresh temp folder.
 */
export async function runStubbed(
  reg: StubRegistry,
  argv: string[],
  opts: { key?: string; env?: NodeJS.ProcessEnv; stdin?: string } = {},
): Promise<InProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-inproc-'));
  const env: NodeJS.ProcessEnv = {
    SVC_API_KEY: opts.key ?? V2_KEY,
    SVC_BASE_URL: BASE_URL,
    SVC_CONFIG_DIR: join(dir, 'config'),
    SVC_STATE_DIR: join(dir, 'state'),
    SVC_KEYRING: 'off',
    ...opts.env,
  };
  const b = bufferIO(opts.stdin);
  const code = await main(argv, { io: b.io, env, transport: reg.transport, signal: new AbortController().signal });
  return { code, stdout: b.out(), stderr: b.err(), env };
}
