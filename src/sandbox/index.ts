// Public entry of the sandbox (cli-spec 5): `svc sandbox` and every end-to-end test start it
// through `startSandbox`. An HTTP emulator of the whole service on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keyVersion } from '../api/assumptions.js';
import { generateKey, hashKey, keyDisplay, makeKeyRecord } from './auth.js';
import { changed } from './changes.js';
import { Persister } from './persist.js';
import type { RateLimits } from './rate-limit.js';
import { Runtime } from './runtime.js';
import { SEED_IDS } from './seed.js';
import { handleRequest, send } from './server.js';
import { nextId, type DemoKeys, type SandboxData } from './state.js';

export { SEED_IDS } from './seed.js';
import type { RequestLogEntry, RequestPhase } from './request-log.js';

export interface SandboxOptions {
  host?: string; // default 127.0.0.1
  port?: number; // default 4010; 0 = pick a free port
  /** Scales rate windows, webhook retry delays, idempotency TTL, answer limits (0.01 = 100x faster). */
  timeScale?: number;
  rateLimit?: Partial<RateLimits>; // default spec 8
  dataFile?: string; // persist state across restarts: a JSON snapshot and a change log (persist.ts)
  /** With `dataFile`: how long changes are gathered before they are written (default 200 ms; tests use 0). */
  saveDelayMs?: number;
  webhooks?: string[]; // endpoint URLs to deliver events to (max 5)
  seed?: boolean; // default true: demo data
  keys?: { v1?: string; v2?: string }; // preset keys of the main account
  log?: (line: string) => void; // one line per request, never containing an API key
}

export interface SandboxHandle {
  url: string;
  port: number;
  keys: { v1: string; v2: string; otherV1: string; otherV2: string; unverifiedV2: string };
  /** For tests run in-process: the first API request from now on that matches, once it has started or been answered. */
  waitForRequest(pred: (e: RequestLogEntry) => boolean, phase?: RequestPhase): Promise<RequestLogEntry>;
  /** For tests run in-process: resolves once no API request is in flight. */
  idle(): Promise<void>;
  /** For tests run in-process, with `dataFile`: saves written, one scheduled or under way, bytes written. */
  persistence(): { saves: number; pending: boolean; bytesWritten: number } | undefined;
  /** For tests run in-process: the whole state as JSON (compared with what a restart loads). */
  stateJson(): string;
  close(): Promise<void>;
}

function randomDemoKeys(): DemoKeys {
  return {
    v1: generateKey('v1'),
    v2: generateKey('v2'),
    otherV1: generateKey('v1'),
    otherV2: generateKey('v2'),
    unverifiedV1: generateKey('v1'),
    unverifiedV2: generateKey('v2'),
  };
}

/** Preset keys replace the main account's demo keys (also in a loaded data file). */
function applyPresetKeys(data: SandboxData, preset: SandboxOptions['keys']): void {
  for (const version of ['v1', 'v2'] as const) {
    const want = preset?.[version];
    if (want === undefined || want === data.demoKeys[version]) continue;
    if (keyVersion(want) !== version) throw new Error(`keys.${version} is not a valid ${version} key`);
    const oldHash = hashKey(data.demoKeys[version]);
    const rec = data.keys.find((k) => k.hash === oldHash);
    if (rec) {
      Object.assign(rec, { hash: hashKey(want), ...keyDisplay(want), active: true });
      changed(data, 'keys', rec);
    } else {
      makeKeyRecord(
        data,
        nextId(data, 'key'),
        SEED_IDS.accounts.main,
        `demo ${version}`,
        want,
        version === 'v2' ? data.keys.find((k) => k.version === 'v2')?.scopes : undefined,
        new Date().toISOString(),
      );
    }
    data.demoKeys[version] = want;
  }
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const timeScale = opts.timeScale ?? 1;
  if (!(timeScale > 0)) throw new Error('timeScale must be greater than 0');
  const persister = opts.dataFile ? new Persister(opts.dataFile, opts.saveDelayMs) : undefined;
  const loaded = persister?.load();
  const demoKeys = loaded?.demoKeys ?? randomDemoKeys();
  const rt = new Runtime({
    timeScale,
    rateLimit: opts.rateLimit,
    seed: opts.seed ?? true,
    keys: demoKeys,
    data: loaded,
    log: opts.log,
  });
  applyPresetKeys(rt.data, opts.keys);
  if (opts.webhooks) rt.webhooks.setEndpoints(opts.webhooks);
  if (persister) {
    // a new file, or one of version 1, is written whole now; expired idempotency records are
    // dropped before each flush so that the data file stays small
    await persister.open(
      () => rt.data,
      () => rt.idem.prune(rt.clock.now()),
    );
    rt.onChange = () => persister.schedule();
  }

  const server = http.createServer((req, res) => {
    handleRequest(rt, req, res).catch((e: unknown) => {
      if (!res.headersSent)
        send(res, {
          status: 500,
          body: { error: 'Internal error', message: e instanceof Error ? e.message : String(e) },
        });
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4010, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  if (persister) persister.schedule(); // what the start changed (preset keys)

  let closed: Promise<void> | undefined;
  const k = rt.data.demoKeys;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    keys: { v1: k.v1, v2: k.v2, otherV1: k.otherV1, otherV2: k.otherV2, unverifiedV2: k.unverifiedV2 },
    waitForRequest: (pred, phase) => rt.requests.waitFor(pred, phase),
    idle: () => rt.requests.idle(),
    persistence: () =>
      persister
        ? { saves: persister.saves, pending: persister.pending, bytesWritten: persister.bytesWritten }
        : undefined,
    stateJson: () => JSON.stringify(rt.data),
    close() {
      closed ??= (async () => {
        await rt.webhooks.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (persister) await persister.close();
      })();
      return closed;
    },
  };
}
