// A local stand-in for a self-hosted Evolution API (WhatsApp): POST /message/sendText/{instance}
// with the `apikey` header; it records each request with its headers and answers as the server
// does (201 with the message key), or 401 when the key is not the one it was started with.
import type { IncomingHttpHeaders } from 'node:http';
import { closeNow, jsonServer, listenLocal } from './json-server.js';

export interface EvolutionRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export async function startEvolutionStandIn(apiKey: string): Promise<{
  url: string;
  requests: EvolutionRequest[];
  close(): Promise<void>;
}> {
  const requests: EvolutionRequest[] = [];
  const server = jsonServer((req, body, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    const ok = req.method === 'POST' && /^\/message\/sendText\/[^/]+$/.test(req.url ?? '');
    const status = !ok ? 404 : req.headers.apikey === apiKey ? 201 : 401;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        status === 201
          ? {
              key: { remoteJid: `${body?.number}@s.whatsapp.net`, fromMe: true, id: `BAE5${requests.length}` },
              status: 'PENDING',
            }
          : { status, error: status === 401 ? 'Unauthorized' : 'Not Found' },
      ),
    );
  });
  return { url: await listenLocal(server), requests, close: () => closeNow(server) };
}
