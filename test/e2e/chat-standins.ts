// Local stand-ins for the Telegram Bot API and Discord webhooks: small HTTP servers on
// 127.0.0.1 that record what svc sends and answer as the platforms do, including their 429s.
import { closeNow, jsonServer, listenLocal } from '../support/json-server.js';

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
  const server = jsonServer((req, body, res) => {
    // svc in the marked mode (test/e2e/marked-run.ts) marks its notices too: kept as svc sends them without it
    requests.push({ path: req.url ?? '', body: withoutMarks(body), at: Date.now() });
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
  const url = await listenLocal(server);
  return {
    url,
    requests,
    script,
    delivered: (n) => (ok >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () => closeNow(server),
  };
}

/** A Telegram message's text or a Discord message's content. */
/** A JSON body without the marked mode's invisible marks. */
function withoutMarks(body: unknown): any {
  return body === undefined ? body : JSON.parse(JSON.stringify(body).replace(/[\u206a\u206b]/g, ''));
}

export function textOf(r: ChatRequest): string {
  return String(r.body?.text ?? r.body?.content ?? '');
}
