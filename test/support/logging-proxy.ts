// A stand-in for a seller's outbound proxy: an HTTP proxy on 127.0.0.1 that logs every request
// line it gets and relays CONNECT tunnels to the local servers its `routes` name (a host name
// the machine cannot resolve, so a request that skips the proxy fails). It relays bytes and
// keeps a copy of what the client sent through each tunnel, so a test can show that an https
// request crossed it encrypted. A request in the clear (not a tunnel) is logged and refused.
// `tlsFront` stands for the far end of an https target: TLS with a test certificate, in front of
// a plain local server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';

export interface LoggingProxy {
  url: string;
  /** `CONNECT host:port` or `GET http://...`, one line per request the proxy got. */
  log: string[];
  /** Proxy-Authorization headers it got, as sent. */
  auth: string[];
  /** Every byte clients sent through tunnels. */
  relayed(): Buffer;
  close(): Promise<void>;
}

/** Starts the proxy; `routes` maps `host:port` (as in CONNECT) to a port on 127.0.0.1. */
export async function startLoggingProxy(routes: Record<string, number>): Promise<LoggingProxy> {
  const log: string[] = [];
  const auth: string[] = [];
  const relayed: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    res.writeHead(502).end('this proxy only tunnels');
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    log.push(`CONNECT ${req.url}`);
    if (req.headers['proxy-authorization']) auth.push(req.headers['proxy-authorization']);
    const port = routes[req.url ?? ''];
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (c: Buffer) => relayed.push(c));
      client.pipe(upstream).pipe(client);
    });
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    auth,
    relayed: () => Buffer.concat(relayed),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  remove(): void;
}

/** A self-signed certificate for `names`, made with openssl (undefined where there is none). */
export function testCertificate(names: string[]): TestCertificate | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cert-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${names[0]}`],
        ...['-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`],
      ],
      { stdio: 'ignore' },
    );
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** TLS on a port of its own, relaying the clear bytes to `port` on 127.0.0.1. */
export async function tlsFront(port: number, cert: TestCertificate): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTlsServer({ key: cert.key, cert: cert.cert }, (tls) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(upstream);
    tls.pipe(upstream).pipe(tls);
    upstream.on('error', () => tls.destroy());
    tls.on('error', () => upstream.destroy());
    tls.on('close', () => upstream.destroy());
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
