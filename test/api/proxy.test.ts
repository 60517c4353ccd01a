// Outbound proxies from the environment (src/api/proxy.ts): which variable applies to which
// target, NO_PROXY, loopback always direct; then both transports through a local logging proxy
// (test/support/logging-proxy.ts) to a host only the proxy can reach.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { nodeHttpTransport } from '../../src/api/http-transport.js';
import { proxyFor } from '../../src/api/proxy.js';
import { closeTransport, type Transport, TransportError, undiciTransport } from '../../src/api/transport.js';
import { startLoggingProxy } from '../support/logging-proxy.js';

const at = (url: string, env: Record<string, string>) => proxyFor(new URL(url), env)?.href;

test('HTTPS_PROXY for https, HTTP_PROXY for http, either case, the lower-case name first', () => {
  const env = { HTTPS_PROXY: 'http://s.corp:3128', HTTP_PROXY: 'http://p.corp:8080' };
  assert.equal(at('https://api.example', env), 'http://s.corp:3128/');
  assert.equal(at('http://api.example', env), 'http://p.corp:8080/');
  assert.equal(at('https://api.example', { https_proxy: 'http://lower:1' }), 'http://lower:1/');
  assert.equal(
    at('https://api.example', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://up:2' }),
    'http://lower:1/',
  );
  assert.equal(at('https://api.example', { HTTP_PROXY: 'http://p:1' }), undefined, 'no HTTPS_PROXY: direct');
  assert.equal(at('https://api.example', { HTTPS_PROXY: 'proxy.corp:3128' }), 'http://proxy.corp:3128/');
  assert.equal(at('https://api.example', { HTTPS_PROXY: '  ' }), undefined);
});

test('NO_PROXY: *, names and their subdomains, a leading dot, ports; loopback is always direct', () => {
  const p = { HTTPS_PROXY: 'http://s.corp:3128' };
  assert.equal(at('https://api.example', { ...p, NO_PROXY: '*' }), undefined);
  assert.equal(at('https://api.example', { ...p, no_proxy: 'other.test, example' }), undefined);
  assert.equal(at('https://api.example', { ...p, NO_PROXY: '.example' }), undefined);
  assert.equal(at('https://api.example', { ...p, NO_PROXY: 'pi.example' }), 'http://s.corp:3128/');
  assert.equal(at('https://api.example', { ...p, NO_PROXY: 'api.example:443' }), undefined);
  assert.equal(at('https://api.example', { ...p, NO_PROXY: 'api.example:8443' }), 'http://s.corp:3128/');
  assert.equal(at('https://10.0.0.7:8443', { ...p, NO_PROXY: '10.0.0.7' }), undefined);
  for (const url of ['https://127.0.0.1:4010', 'https://localhost', 'https://[::1]:4010', 'https://a.localhost'])
    assert.equal(at(url, p), undefined, url);
});

describe('both transports through a proxy', () => {
  const TRANSPORTS: [string, () => Transport][] = [
    ['undici', undiciTransport],
    ['node:http', nodeHttpTransport],
  ];
  const vars = ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy'];

  async function setup(t: import('node:test').TestContext, env: Record<string, string>) {
    const seen: string[] = [];
    const server: Server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const target = `svc-target.test:${port}`;
    const proxy = await startLoggingProxy({ [target]: port });
    const saved = Object.fromEntries(vars.map((v) => [v, process.env[v]]));
    for (const v of vars) delete process.env[v];
    Object.assign(process.env, { HTTP_PROXY: `http://user:pa%20ss@${proxy.url.slice(7)}`, ...env });
    t.after(async () => {
      for (const v of vars) {
        if (saved[v] === undefined) delete process.env[v];
        else process.env[v] = saved[v];
      }
      await closeTransport();
      await proxy.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });
    return { seen, proxy, target, url: `http://${target}/v2/products?page=1` };
  }

  for (const [name, make] of TRANSPORTS) {
    test(`${name}: a request to a host only the proxy reaches goes through a CONNECT tunnel`, async (t) => {
      const { seen, proxy, target, url } = await setup(t, {});
      const headers = { authorization: 'Bearer k-1' };
      for (let i = 0; i < 2; i++) {
        const res = await make()({ method: 'GET', url, headers, timeoutMs: 10_000 });
        assert.deepEqual([res.status, res.body], [200, '{"ok":true}']);
      }
      assert.deepEqual(seen, ['GET /v2/products?page=1 Bearer k-1', 'GET /v2/products?page=1 Bearer k-1']);
      // tunnels only (undici may open a second one while the first is handed back to its pool);
      // the proxy's credentials go to the proxy, decoded as the URL spells them
      assert.ok(proxy.log.length > 0 && proxy.log.every((l) => l === `CONNECT ${target}`), proxy.log.join('; '));
      const basic = `Basic ${Buffer.from('user:pa ss').toString('base64')}`;
      assert.deepEqual(new Set(proxy.auth), new Set([basic]));
    });

    test(`${name}: NO_PROXY sends the same request direct (and this host is then not found)`, async (t) => {
      const { proxy, url } = await setup(t, { no_proxy: 'localhost,svc-target.test' });
      await assert.rejects(make()({ method: 'GET', url, headers: {}, timeoutMs: 10_000 }), (err: unknown) => {
        assert.ok(err instanceof TransportError);
        assert.equal(err.message, 'host not found');
        return true;
      });
      assert.deepEqual(proxy.log, []);
    });

    test(`${name}: a proxy that refuses the tunnel fails the request as a network error`, async (t) => {
      const { proxy } = await setup(t, {});
      const url = 'http://elsewhere.test/v2/products';
      await assert.rejects(make()({ method: 'GET', url, headers: {}, timeoutMs: 10_000 }), {
        name: 'TransportError',
        message: 'network error: Proxy response (502) !== 200 when HTTP Tunneling',
      });
      assert.deepEqual(proxy.log, ['CONNECT elsewhere.test:80']);
    });
  }
});
