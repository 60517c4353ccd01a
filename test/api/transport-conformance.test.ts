// one contract, two transports. The same cases run against undiciTransport() (every
// command but one-shot reads) and nodeHttpTransport() (the read lane), against a small node:http
// server of the test's own ("a server that is not ours", 127.0.0.1, port 0), and both must give
// the same status, headers and body, or the same failure kind and message, as the one expected
// value written below.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { nodeHttpTransport } from '../../src/api/http-transport.js';
import { CONNECT_TIMEOUT_MS } from '../../src/api/transport-errors.js';
import {
  closeTransport,
  type Transport,
  TransportError,
  type TransportRequest,
  undiciTransport,
} from '../../src/api/transport.js';
import {
  blackhole,
  endless,
  killers,
  MB,
  refusedPortUrl,
  routes,
  servers,
  socketClosed,
  stand,
} from './transport-stand.js';

const run = promisify(execFile);

const TRANSPORTS: [string, () => Transport][] = [
  ['undici', undiciTransport],
  ['node:http', nodeHttpTransport],
];

function get(url: string, extra: Partial<TransportRequest> = {}): TransportRequest {
  return { method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs: 10_000, ...extra };
}

/** The failure of a request, as a caller sees it. */
async function failure(p: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof TransportError, `a TransportError, not ${String(err)}`);
    return { kind: err.kind, message: err.message };
  }
  assert.fail('the request succeeded');
}

const sv = await stand(routes);
const refusedUrl = await refusedPortUrl();

// In a describe, so that `after` is this file's and not the shared process's (npm run test:unit).
describe('one contract, two transports', () => {
  after(async () => {
    await closeTransport();
    for (const kill of killers) kill();
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });
  for (const [name, make] of TRANSPORTS) cases(name, make());

  // A host that drops the connection's packets (blackhole()). Both transports at once: each
  // gives up after CONNECT_TIMEOUT_MS (10 s, undici's default), within a longer deadline.
  test('a connection that never opens: connection timed out, both transports alike', async () => {
    const url = await blackhole();
    const sends = TRANSPORTS.map(([, make]) => failure(make()(get(url, { timeoutMs: 3 * CONNECT_TIMEOUT_MS }))));
    const expected = { kind: 'network', message: 'connection timed out' };
    assert.deepEqual(await Promise.all(sends), [expected, expected]);
  });
});

function cases(name: string, send: Transport): void {
  test(`${name}: 200 with a body, headers lower-cased`, async () => {
    const res = await send(get(`${sv.url}/hello`));
    assert.equal(res.status, 200);
    assert.equal(res.body, '{"ok":true}');
    assert.equal(res.headers['content-type'], 'application/json');
  });

  test(`${name}: 201 with a POST body echoed, string and bytes, headers as given`, async () => {
    const post = (body: string | Uint8Array) =>
      send({ ...get(`${sv.url}/echo`), method: 'POST', headers: { 'x-api-key': 'k-123' }, body });
    const asText = await post('ação');
    assert.equal(asText.status, 201);
    assert.deepEqual(JSON.parse(asText.body), {
      method: 'POST',
      length: '6',
      chunked: null,
      key: 'k-123',
      body: Buffer.from('ação').toString('base64'),
    });
    // a view into a larger buffer (a stock chunk's reused body buffer): only its own bytes go
    const asBytes = await post(new Uint8Array([9, 9, 0, 1, 2, 255, 9]).subarray(2, 6));
    assert.deepEqual(JSON.parse(asBytes.body), {
      method: 'POST',
      length: '4',
      chunked: null,
      key: 'k-123',
      body: 'AAEC/w==',
    });
  });

  test(`${name}: a 302 comes back as it is, not followed`, async () => {
    const res = await send(get(`${sv.url}/redirect`));
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, '/hello');
    assert.equal(res.body, 'moved');
  });

  test(`${name}: a 2-byte UTF-8 character split across two chunks decodes whole`, async () => {
    const res = await send(get(`${sv.url}/split`));
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    assert.equal(res.body, 'aéb');
  });

  test(`${name}: a 1 MB body, exactly at maxBytes, is read whole`, async () => {
    const res = await send(get(`${sv.url}/mega`, { maxBytes: MB }));
    assert.equal(res.body.length, MB / 2);
    assert.equal(res.body, 'é'.repeat(MB / 2));
  });

  test(`${name}: a Content-Length over maxBytes is refused before reading; the socket is closed`, async () => {
    const arrived = sv.nextRequest('/declared-big');
    const f = await failure(send(get(`${sv.url}/declared-big`, { maxBytes: MB })));
    assert.deepEqual(f, { kind: 'too-large', message: 'the answer is larger than 1 MB' });
    await socketClosed((await arrived).socket);
  });

  test(`${name}: a chunked body is refused once it passes maxBytes; the socket is closed`, async () => {
    const arrived = sv.nextRequest('/endless');
    endless.written = 0;
    const f = await failure(send(get(`${sv.url}/endless`, { maxBytes: 64 * 1024 })));
    assert.deepEqual(f, { kind: 'too-large', message: 'the answer is larger than 64 KB' });
    await socketClosed((await arrived).socket);
    // refused as it passed 64 KB, not after reading on: what was sent is the cap plus what the
    // loopback's socket buffers hold (a few MB at most)
    assert.ok(endless.written < 16 * MB, `the server wrote ${endless.written} bytes before the client hung up`);
  });

  test(`${name}: a server that never answers: timeout`, async () => {
    const f = await failure(send(get(`${sv.url}/never`, { timeoutMs: 200 })));
    assert.deepEqual(f, { kind: 'timeout', message: 'no answer within 0 s' });
  });

  test(`${name}: a body that stops halfway: timeout (the deadline covers the body)`, async () => {
    const f = await failure(send(get(`${sv.url}/stall-body`, { timeoutMs: 300 })));
    assert.deepEqual(f, { kind: 'timeout', message: 'no answer within 0 s' });
  });

  test(`${name}: the socket closed mid-body: dropped`, async () => {
    const f = await failure(send(get(`${sv.url}/drop-mid-body`)));
    assert.deepEqual(f, { kind: 'network', message: 'connection dropped by the other side' });
  });

  test(`${name}: the socket closed before the headers: dropped`, async () => {
    const f = await failure(send(get(`${sv.url}/drop-before-headers`)));
    assert.deepEqual(f, { kind: 'network', message: 'connection dropped by the other side' });
  });

  test(`${name}: a port nobody listens on: refused`, async () => {
    const err = await send(get(refusedUrl)).catch((e: unknown) => e);
    assert.ok(err instanceof TransportError);
    assert.deepEqual(
      { kind: err.kind, message: err.message, code: err.causeCode },
      {
        kind: 'network',
        message: 'connection refused (is the service, or `svc sandbox`, running?)',
        code: 'ECONNREFUSED',
      },
    );
  });

  test(`${name}: a URL that is neither http: nor https: is refused, an invalid one too`, async () => {
    assert.deepEqual(await failure(send(get('ftp://127.0.0.1/x'))), {
      kind: 'network',
      message: 'network error: Invalid URL protocol: the URL must start with `http:` or `https:`.',
    });
    assert.deepEqual(await failure(send(get('http://127.0.0.1:99999/'))), {
      kind: 'network',
      message: 'network error: Invalid URL',
    });
  });

  test(`${name}: aborted mid-request, and already aborted`, async () => {
    const ac = new AbortController();
    const arrived = sv.nextRequest('/never');
    const pending = failure(send(get(`${sv.url}/never`, { signal: ac.signal })));
    await arrived;
    ac.abort();
    assert.deepEqual(await pending, { kind: 'aborted', message: 'request aborted' });
    const f = await failure(send(get(`${sv.url}/hello`, { signal: AbortSignal.abort() })));
    assert.deepEqual(f, { kind: 'aborted', message: 'request aborted' });
  });

  test(`${name}: repeated headers joined with ", " (set-cookie and any other), latin-1 as sent`, async () => {
    const res = await send(get(`${sv.url}/headers`));
    assert.equal(res.headers['set-cookie'], 'a=1, b=2');
    assert.equal(res.headers['x-multi'], 'one, two');
    assert.equal(res.headers['retry-after'], '1, 2');
    assert.equal(res.headers['x-latin'], 'café');
    assert.equal(Object.hasOwn(res.headers, '__proto__'), false);
    assert.equal(Object.getPrototypeOf(res.headers), Object.prototype);
  });

  test(`${name}: sequential requests reuse sockets; closeTransport() closes them`, async () => {
    const own = await stand(routes);
    const sockets = new Set<Socket>();
    for (let i = 0; i < 10; i++) {
      const arrived = own.nextRequest('/hello');
      assert.equal((await send(get(`${own.url}/hello`))).status, 200);
      sockets.add((await arrived).socket);
    }
    assert.ok(own.connections <= 2, `${own.connections} connections for 10 requests`);
    await closeTransport();
    // the pool is gone: the next request opens a connection of its own
    const before = own.connections;
    assert.equal((await send(get(`${own.url}/hello`))).status, 200);
    assert.equal(own.connections, before + 1);
    await Promise.all([...sockets].map(socketClosed));
  });
}

// Rule 6: a read loads only what it runs. Making the node:http transport and closing the
// transports load neither node:http nor node:https (its pools are made on the first request).
test('nodeHttpTransport() and closeTransport() load no node:http until a request is sent', async () => {
  const script = `
    const { nodeHttpTransport } = await import('./src/api/http-transport.ts');
    const { closeTransport } = await import('./src/api/transport.ts');
    nodeHttpTransport();
    await closeTransport();
    const loaded = (m) => process.moduleLoadList.includes('NativeModule ' + m);
    console.log(JSON.stringify({ http: loaded('http'), https: loaded('https') }));
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '..', '..'),
    timeout: 60_000,
  });
  assert.deepEqual(JSON.parse(stdout), { http: false, https: false });
});

// https: node:https is the node:http transport's for an https: URL. In a child process, so that
// the certificate (self-signed for 127.0.0.1, test/e2e/fixtures) is trusted through
// NODE_EXTRA_CA_CERTS only there; the server is in the child too. Without it, both transports
// refuse the certificate alike.
test('https: both transports through TLS, and both refuse an untrusted certificate alike', async () => {
  const fixtures = join(import.meta.dirname, '..', 'e2e', 'fixtures');
  const script = `
    import { readFileSync } from 'node:fs';
    import { createServer } from 'node:https';
    const { nodeHttpTransport } = await import('./src/api/http-transport.ts');
    const { closeTransport, undiciTransport } = await import('./src/api/transport.ts');
    const tls = { key: readFileSync(${JSON.stringify(join(fixtures, 'tls-127.0.0.1.key'))}), cert: readFileSync(${JSON.stringify(join(fixtures, 'tls-127.0.0.1.crt'))}) };
    const server = createServer(tls, (req, res) => res.writeHead(200, { 'x-tls': String(req.socket.encrypted) }).end('secure é'));
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const url = 'https://127.0.0.1:' + server.address().port + '/';
    const out = {};
    for (const [name, t] of [['undici', undiciTransport()], ['node:http', nodeHttpTransport()]]) {
      try {
        const res = await t({ method: 'GET', url, headers: {}, timeoutMs: 10000 });
        out[name] = { status: res.status, tls: res.headers['x-tls'], body: res.body };
      } catch (e) {
        out[name] = { kind: e.kind, message: e.message };
      }
    }
    await closeTransport();
    server.close();
    console.log(JSON.stringify(out));
  `;
  const inChild = async (env: NodeJS.ProcessEnv) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, NODE_EXTRA_CA_CERTS: undefined, ...env },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as Record<string, unknown>;
  };
  const ok = { status: 200, tls: 'true', body: 'secure é' };
  assert.deepEqual(await inChild({ NODE_EXTRA_CA_CERTS: join(fixtures, 'tls-127.0.0.1.crt') }), {
    undici: ok,
    'node:http': ok,
  });
  const refused = { kind: 'network', message: 'network error: self-signed certificate' };
  assert.deepEqual(await inChild({}), { undici: refused, 'node:http': refused });
});
