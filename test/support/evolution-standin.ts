// A local stand-in for a self-hosted Evolution API (WhatsApp): POST /message/sendText/{instance}
// with the `apikey` header; it records each request with its headers and answers as the server
// does (201 with the message key), or 401 when the key is not the one it was started with.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
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
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
