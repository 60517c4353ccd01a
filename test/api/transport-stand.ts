// The server of test/api/transport-conformance.test.ts: a small node:http server of the test's
// own ("a server that is not ours", 127.0.0.1, port 0), its routes one per case, and a listener
// that never accepts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Stand {
  url: string;
  server: Server;
  /** Resolves with the request when the server has received one on `path`. */
  nextRequest(path: string): Promise<IncomingMessage>;
  connections: number;
}

/** Every server started here, for the test file's `after`. */
export const servers: Server[] = [];

export async function stand(routes: Record<string, Handler>): Promise<Stand> {
  const waiting = new Map<string, (req: IncomingMessage) => void>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    waiting.get(path)?.(req);
    waiting.delete(path);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end('no such route');
  });
  servers.push(server);
  server.keepAliveTimeout = 0; // an idle socket is closed by the client only (closeTransport)
  const s: Stand = {
    url: '',
    server,
    connections: 0,
    nextRequest: (path) => new Promise((resolve) => waiting.set(path, resolve)),
  };
  server.on('connection', (socket) => {
    s.connections++;
    socket.on('error', () => {}); // a client that hangs up mid-answer is a case here, not a fault
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}

/** Resolves when the server's side of this request's socket has closed. */
export const socketClosed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

export const MB = 1024 * 1024;
/** Bytes the endless route has handed to its socket (reset by the test that reads it). */
export const endless = { written: 0 };
const E_ACUTE = Buffer.from('é'); // two bytes: 0xc3 0xa9

export const routes: Record<string, Handler> = {
  '/hello': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  '/echo': (req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () =>
      res.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          method: req.method,
          length: req.headers['content-length'] ?? null,
          chunked: req.headers['transfer-encoding'] ?? null,
          key: req.headers['x-api-key'] ?? null,
          body: Buffer.concat(parts).toString('base64'),
        }),
      ),
    );
  },
  '/redirect': (_req, res) => res.writeHead(302, { location: '/hello' }).end('moved'),
  // chunked: each write is a chunk of its own on the wire, so 0xc3 and 0xa9 reach the client apart
  '/split': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.write(Buffer.concat([Buffer.from('a'), E_ACUTE.subarray(0, 1)]), () =>
      res.end(Buffer.concat([E_ACUTE.subarray(1), Buffer.from('b')])),
    );
  },
  '/mega': (_req, res) => {
    const body = Buffer.alloc(MB);
    for (let i = 0; i < MB; i += 2) E_ACUTE.copy(body, i);
    res.writeHead(200, { 'content-length': MB }).end(body);
  },
  // declares 2 MB, sends 1 KB, and waits: only the client can end this
  '/declared-big': (_req, res) => {
    res.writeHead(200, { 'content-length': 2 * MB });
    res.write(Buffer.alloc(1024, 'x'));
  },
  // a chunked body with no end: writes as fast as the client reads, until the socket closes
  '/endless': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(16 * 1024, 'y');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) endless.written += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  },
  '/never': () => {},
  // the headers and part of the body, then nothing
  '/stall-body': (_req, res) => {
    res.writeHead(200, { 'content-length': 100 });
    res.write('0123456789');
  },
  // the headers and 10 of 100 bytes, then the socket closes
  '/drop-mid-body': (req, res) => {
    res.writeHead(200, { 'content-length': 100 });
    res.write('0123456789', () => req.socket.destroy());
  },
  '/drop-before-headers': (req) => req.socket.destroy(),
  '/headers': (_req, res) =>
    res
      .writeHead(200, [
        'Set-Cookie',
        'a=1',
        'Set-Cookie',
        'b=2',
        'X-Multi',
        'one',
        'x-multi',
        'two',
        'Retry-After',
        '1',
        'Retry-After',
        '2',
        'X-Latin',
        'café',
        '__proto__',
        'polluted',
      ])
      .end('ok'),
};

/** A port nobody listens on: bound, then released. */
export async function refusedPortUrl(): Promise<string> {
  const s = createServer();
  s.listen(0, '127.0.0.1');
  await once(s, 'listening');
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}/`;
}

/** What blackhole() started: a child process and two sockets, ended in the file's `after`. */
export const killers: (() => void)[] = [];

/**
 * A host that drops the connection's packets: a listener in a child process whose thread is
 * blocked, so it never accepts, with its accept queue (backlog 1: two connections on Linux)
 * filled first; the next connection to it never completes.
 */
export async function blackhole(): Promise<string> {
  const code = `
    const s = require('node:net').createServer();
    s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      require('node:fs').writeSync(1, s.address().port + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // never accepts
    });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  killers.push(() => child.kill('SIGKILL'));
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(String(line).trim());
  for (let i = 0; i < 2; i++) {
    const s = connect(port, '127.0.0.1');
    killers.push(() => s.destroy());
    await once(s, 'connect');
  }
  return `http://127.0.0.1:${port}/`;
}
