// What every local stand-in of a third party (the chat platforms, the Evolution API) shares: an
// HTTP server on 127.0.0.1 with a free port that hands each request over with its JSON body read
// (undefined when the body is not JSON: a stand-in records what svc sent, whatever it is), and a
// close that does not wait for kept-alive connections.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JsonHandler = (req: IncomingMessage, body: any, res: ServerResponse) => void;

/** A server calling `handle` once a request's body has arrived. */
export function jsonServer(handle: JsonHandler): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any;
      try {
        // what svc sends without the e2e suite's marked mode (U+206A/U+206B, test/e2e/marked-run.ts)
        body = JSON.parse(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/[\u206a\u206b]/g, ''),
        );
      } catch {
        body = undefined;
      }
      handle(req, body, res);
    });
  });
}

/** Listen on 127.0.0.1 with a free port; the base URL. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Close now: connections kept alive by a client are dropped, not waited for. */
export function closeNow(server: Server): Promise<void> {
  return new Promise((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
}
