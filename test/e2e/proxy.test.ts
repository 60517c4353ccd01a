// A seller behind an outbound proxy (src/api/proxy.ts): the service and Discord are reachable
// only through a local logging proxy (test/support/logging-proxy.ts), over https with a test
// certificate the CLI trusts through NODE_EXTRA_CA_CERTS. Reads (the read lane on node:http and
// the full CLI on undici), a write and a notice all cross it in CONNECT tunnels, so the proxy
// never sees the API key or the Discord secret; NO_PROXY sends a host direct; a loopback
// sandbox is reached directly whatever the proxy variables say.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  startLoggingProxy,
  type LoggingProxy,
  type TestCertificate,
  testCertificate,
  tlsFront,
} from '../support/logging-proxy.js';
import { startChatStandIn, type ChatStandIn } from './chat-standins.js';
import { createListings, KNOWN_V2, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

const DISCORD_URL = 'https://discord.com/api/webhooks/4242/E2EproxySECRETdoNotLeak';
const cert: TestCertificate | undefined = testCertificate(['marketplace.test', 'discord.com']);

describe('through an outbound proxy', { skip: !cert && 'no openssl to make a test certificate' }, () => {
  let sb: TestSandbox;
  let dc: ChatStandIn;
  let proxy: LoggingProxy;
  const closers: (() => Promise<void>)[] = [];

  before(async () => {
    sb = await startTestSandbox();
    dc = await startChatStandIn('discord');
    const api = await tlsFront(Number(new URL(sb.url).port), cert!);
    const chat = await tlsFront(Number(new URL(dc.url).port), cert!);
    proxy = await startLoggingProxy({ 'marketplace.test:443': api.port, 'discord.com:443': chat.port });
    closers.push(api.close, chat.close, proxy.close, dc.close, () => sb.close());
  });
  after(async () => {
    for (const close of closers) await close();
    cert?.remove();
  });

  function env(dirs: ReturnType<typeof tempDirs>, extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...svcEnv({ url: 'https://marketplace.test' }, dirs),
      HTTPS_PROXY: proxy.url,
      NODE_EXTRA_CA_CERTS: cert!.certFile,
      E2E_DISCORD_URL: DISCORD_URL,
      ...extra,
    };
  }

  test('reads, a write and a notice cross the proxy in tunnels, the key and the secret encrypted', async () => {
    const dirs = tempDirs();
    const [id] = await createListings(sb, 1);
    const before = (await sb.writeRequests()).length;
    const lane = await svc(['products', 'list', '--json'], { env: env(dirs) });
    assert.equal(lane.code, 0, lane.stderr);
    assert.ok(JSON.parse(lane.stdout).some((p: { id: number }) => p.id === id));
    const full = await svc(['products', 'list', '--json'], { env: env(dirs, { SVC_LANE: 'off' }) });
    assert.equal(full.stdout, lane.stdout, full.stderr);
    const write = await svc(['products', 'update', String(id), '--title', 'Behind a proxy', '--yes'], {
      env: env(dirs),
    });
    assert.equal(write.code, 0, write.stderr);
    assert.equal((await sb.writeRequests()).length, before + 1, 'one write on the wire');
    writeFileSync(join(dirs.dir, 'p.csv'), '');
    const shop = join(dirs.dir, 'shop.yaml');
    writeFileSync(
      shop,
      `rules:\n  - listing: ${id}\n    pool: p.csv\n    target: 1\nnotify:\n  - name: equipe\n    type: discord\n    secretEnv: E2E_DISCORD_URL\n    events: all\n`,
    );
    const notice = await svc(['notify', 'test', 'equipe', '--config', shop], { env: env(dirs) });
    assert.equal(notice.code, 0, notice.stderr);
    assert.equal(dc.requests.length, 1);
    assert.equal(dc.requests[0]!.path, '/api/webhooks/4242/E2EproxySECRETdoNotLeak?wait=true');
    assert.ok(proxy.log.length > 0);
    for (const line of proxy.log) assert.match(line, /^CONNECT (marketplace\.test|discord\.com):443$/);
    const relayed = proxy.relayed().toString('latin1');
    for (const secret of [KNOWN_V2, 'E2EproxySECRETdoNotLeak', 'Behind a proxy'])
      assert.ok(!relayed.includes(secret), 'the proxy relayed only ciphertext');
  });

  // A sandbox on this machine's own network address (not loopback, so the proxy would apply),
  // which the proxy has no route to: only a direct connection reaches it.
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  test('NO_PROXY sends a host direct', { skip: !lan && 'no network address but loopback' }, async (t) => {
    const own = await startTestSandbox({ host: lan });
    t.after(() => own.close());
    const dirs = tempDirs();
    const seen = proxy.log.length;
    const vars = { HTTP_PROXY: proxy.url, NO_PROXY: `example.org, ${lan}` };
    for (const lane of ['on', 'off']) {
      // plain http to another machine: the key goes only with --insecure-http (spec 5.5)
      const argv = ['products', 'list', '--json', '--insecure-http'];
      const r = await svc(argv, { env: { ...svcEnv(own, dirs), ...vars, SVC_LANE: lane } });
      assert.equal(r.code, 0, r.stderr);
    }
    assert.equal(proxy.log.length, seen, 'nothing went to the proxy');
  });

  test('a loopback sandbox is reached directly, whatever the proxy variables say', async () => {
    const dirs = tempDirs();
    const seen = proxy.log.length;
    const vars = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, http_proxy: proxy.url };
    for (const lane of ['on', 'off']) {
      const r = await svc(['products', 'list', '--json'], { env: { ...svcEnv(sb, dirs), ...vars, SVC_LANE: lane } });
      assert.equal(r.code, 0, r.stderr);
    }
    assert.equal(proxy.log.length, seen);
  });
});
