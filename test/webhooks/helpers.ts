// Helpers for the webhook unit tests: a scripted HTTP target, temp state folders, waiting.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Hit {
  at: number;
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A target answering with the given statuses in turn, then `fallback` (200 unless changed);
 * `holdMs` delays every answer; a 3xx carries a Location.
 */
export async function target(statuses: number[] = [], opts: { holdMs?: number; fallback?: number } = {}) {
  const hits: Hit[] = [];
  const state = { fallback: opts.fallback ?? 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const status = statuses.shift() ?? state.fallback;
      hits.push({ at: Date.now(), status, body, headers: req.headers });
      const headers = status >= 300 && status < 400 ? { location: `${url}/moved` } : {};
      setTimeout(() => {
        res.writeHead(status, headers);
        res.end();
      }, opts.holdMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    hits,
    state,
    accepted: () => hits.filter((h) => h.status >= 200 && h.status < 300),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function stateDir(): string {
  return mkdtempSync(join(tmpdir(), 'svc-webhooks-'));
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** Like `until`, for a condition that has to ask something (a server's state). */
export async function eventually(cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** A notification body as the service sends it (spec 6.1). */
export function notification(
  event: string,
  data: Record<string, unknown>,
  timestamp = '2026-11-21T10:00:00.000Z',
): string {
  return JSON.stringify({ event, timestamp, data });
}
