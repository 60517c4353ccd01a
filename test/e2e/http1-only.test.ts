// undici 8 turns HTTP/2 on by default ("feat!: enable h2 by default", step 4
// of its v7-to-v8 migration guide): against a TLS server that offers h2 in ALPN it would talk
// HTTP/2. svc stays on HTTP/1.1 (docs/DECISIONS.md): its request core and the notices' client both
// pass allowH2: false. Checked against a TLS server that is not ours and prefers h2 (node:http2
// with allowHTTP1), trusted through NODE_EXTRA_CA_CERTS (a self-signed certificate for
// 127.0.0.1, test/e2e/fixtures, made for this test only).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { KNOWN_V2, ROOT, svc, tempDirs, writeFile } from './harness.js';

const FIXTURES = join(ROOT, 'test', 'e2e', 'fixtures');
const CERT = join(FIXTURES, 'tls-127.0.0.1.crt');

interface Seen {
  method: string;
  path: string;
  httpVersion: string;
}

describe('HTTP/1.1 only, also where the server offers h2 (undici 8)', () => {
  let server: Http2SecureServer;
  let url = '';
  const seen: Seen[] = [];
  before(async () => {
    server = createSecureServer(
      { key: readFileSync(join(FIXTURES, 'tls-127.0.0.1.key')), cert: readFileSync(CERT), allowHTTP1: true },
      (req, res) => {
        req.resume();
        req.on('end', () => {
          seen.push({ method: req.method, path: req.url, httpVersion: req.httpVersion });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { ok: true } }));
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const env = () => {
    const d = tempDirs();
    return { SVC_CONFIG_DIR: d.configDir, SVC_STATE_DIR: d.stateDir, NODE_EXTRA_CA_CERTS: CERT };
  };

  test('the stand-in does speak h2 to a client that offers it (the test can fail)', async () => {
    const { connect } = await import('node:http2');
    const session = connect(url, { ca: readFileSync(CERT) });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/probe' });
        stream.on('response', (h) => resolve(Number(h[':status'])));
        stream.on('error', reject);
        stream.resume();
        stream.end();
      });
      assert.equal(status, 200);
    } finally {
      session.close();
    }
    assert.equal(seen.find((s) => s.path === '/probe')?.httpVersion, '2.0');
  });

  test('the request core (svc api) talks HTTP/1.1', async () => {
    const r = await svc(['api', '/api/v2/account/balance'], {
      env: { ...env(), SVC_BASE_URL: url, SVC_API_KEY: KNOWN_V2 },
    });
    assert.equal(r.code, 0, r.stderr);
    const req = seen.find((s) => s.path === '/api/v2/account/balance');
    assert.ok(req, `the stand-in saw ${JSON.stringify(seen)}`);
    assert.equal(req.httpVersion, '1.1');
  });

  test('the notices client (notify test, webhook channel) talks HTTP/1.1', async () => {
    const dir = tempDirs().dir;
    writeFile(dir, 'creds.txt', 'login-1:pw1\n');
    const shop = writeFile(
      dir,
      'shop.yaml',
      'rules:\n  - listing: 111\n    pool: creds.txt\n    target: 50\nnotify:\n  - name: hook\n    type: webhook\n    secretEnv: E2E_HOOK_URL\n',
    );
    const r = await svc(['notify', 'test', 'hook', '--config', shop], {
      env: { ...env(), E2E_HOOK_URL: `${url}/hook`, SVC_BASE_URL: url, SVC_API_KEY: KNOWN_V2 },
      cwd: dir,
    });
    assert.equal(r.code, 0, r.stderr);
    const req = seen.find((s) => s.path === '/hook');
    assert.ok(req, `the stand-in saw ${JSON.stringify(seen)}`);
    assert.equal(req.method, 'POST');
    assert.equal(req.httpVersion, '1.1');
  });
});
