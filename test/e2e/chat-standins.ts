// Local stand-ins for the Telegram Bot API and Discord webhooks (issue 24): small HTTP servers on
// 127.0.0.1 that record what svc sends and answer as the platforms do, including their 429s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unmark } from './marked-run.js';

export interface ChatRequest {
  path: string;
  body: any;
  at: number;
}

export interface ChatStandIn {
  url: string;
  requests: ChatRequest[];
  /** Answers to give before the normal 200s, in order (e.g. a 429). */
  script: { status: number; body: unknown; headers?: Record<string, string> }[];
  /** Resolves once `n` requests were answered 2xx. */
  delivered(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function startChatStandIn(kind: 'telegram' | 'discord'): Promise<ChatStandIn> {
  const requests: ChatRequest[] = [];
  const script: ChatStandIn['script'] = [];
  let ok = 0;
  let waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any;
      try {
        // what a chat receives, as svc sends it without the marked mode (test/e2e/marked-run.ts)
        body = JSON.parse(unmark(Buffer.concat(chunks).toString('utf8')));
      } catch {
        body = undefined;
      }
      requests.push({ path: req.url ?? '', body, at: Date.now() });
      const next = script.shift();
      if (next) {
        res.writeHead(next.status, { 'content-type': 'application/json', ...(next.headers ?? {}) });
        res.end(JSON.stringify(next.body));
        return;
      }
      ok++;
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(kind === 'discord' ? { 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '0.4' } : {}),
      });
      res.end(JSON.stringify(kind === 'telegram' ? { ok: true, result: { message_id: ok } } : { id: String(ok) }));
      waiters = waiters.filter((w) => {
        if (ok < w.n) return true;
        w.resolve();
        return false;
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    script,
    delivered: (n) => (ok >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** A Telegram message's text or a Discord message's content. */
export function textOf(r: ChatRequest): string {
  return String(r.body?.text ?? r.body?.content ?? '');
}
