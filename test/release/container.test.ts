// deploy/Dockerfile and deploy/compose.yaml, without a container runtime: the image's entrypoint
// and command run as a process (bin/svc.js standing for the binary, the volume a temporary folder,
// the key from the environment as compose's env_file gives it) against the sandbox; the
// HEALTHCHECK command, run as it is, says healthy while the shop runs and unhealthy once SIGTERM
// has stopped it (exit 0); the compose file's settings agree with the Dockerfile and the help.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { BIN, KNOWN_V2, ROOT, startTestSandbox, tempDirs, type TestSandbox } from '../e2e/harness.js';

const DEPLOY = join(ROOT, 'deploy');

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(): { op: string; args: string }[] {
  const text = readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    .map((l) => {
      const [, op, args] = /^\s*(\S+)\s+(.*)$/.exec(l)!;
      return { op: op!.toUpperCase(), args: args!.trim() };
    });
}
const one = (op: string) => instructions().find((i) => i.op === op)?.args ?? '';
const execForm = (args: string) => JSON.parse(args) as string[];

function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of instructions().filter((x) => x.op === 'ENV'))
    for (const m of i.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
  return env;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

describe('the container (deploy/Dockerfile, deploy/compose.yaml)', () => {
  test('runs as a user that is not root, keeps config and state in the volume, stops on SIGTERM', () => {
    assert.doesNotMatch(one('USER'), /^(root|0)$/);
    assert.ok(one('USER'));
    const env = imageEnv();
    assert.deepEqual(execForm(one('VOLUME')), ['/data']);
    for (const k of ['HOME', 'SVC_CONFIG_DIR', 'SVC_STATE_DIR']) assert.match(env[k]!, /^\/data(\/|$)/, k);
    assert.equal(env.SVC_KEYRING, 'off');
    assert.equal(one('STOPSIGNAL'), 'SIGTERM');
    assert.deepEqual(execForm(one('ENTRYPOINT')), ['/usr/local/bin/svc']);
  });

  test('entrypoint + command serve /healthz; the healthcheck says healthy, then unhealthy after SIGTERM (exit 0)', {
    timeout: 60_000,
  }, async () => {
    const port = String(await freePort());
    const dirs = tempDirs();
    const data = join(dirs.dir, 'data');
    const shop = join(dirs.dir, 'shop');
    mkdirSync(shop, { recursive: true });
    writeFileSync(join(shop, 'pool.csv'), 'credential,ref,cost\n');
    writeFileSync(join(shop, 'shop.yaml'), 'rules:\n  - listing: 111\n    pool: pool.csv\n    target: 1\n');
    const inImage = (s: string) =>
      s
        .replace(/^\/data/, data)
        .replace(/^\/shop/, shop)
        .replace(/^8787$/, port);
    const env = Object.fromEntries(Object.entries(imageEnv()).map(([k, v]) => [k, inImage(v)]));
    const cmd = execForm(one('CMD')).map(inImage);
    const child = spawn(process.execPath, [BIN, ...cmd], {
      cwd: shop, // WORKDIR
      env: { PATH: process.env.PATH!, ...env, SVC_BASE_URL: sb.url, SVC_API_KEY: KNOWN_V2 },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    try {
      const health = () => {
        const hc = execForm(one('HEALTHCHECK').replace(/^.*?CMD\s+/, '')).map((a) => a.replaceAll('8787', port));
        return spawnSync(hc[0]!, hc.slice(1), { encoding: 'utf8', timeout: 5000 }).status;
      };
      const deadline = Date.now() + 30_000;
      while (!/pass: shop:/.test(stderr)) {
        assert.ok(Date.now() < deadline, `no first pass: ${stderr}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      assert.match(stderr, new RegExp(`listening on http://0\\.0\\.0\\.0:${port}`));
      assert.equal(health(), 0, 'healthy while the shop runs');
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
      assert.notEqual(health(), 0, 'unhealthy once stopped');
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('compose: the Dockerfile, the volume, the port, a grace period for SIGTERM, Caddy with TLS in front', () => {
    const compose = parse(readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8'));
    const svc = compose.services.svc;
    assert.equal(svc.build.dockerfile, 'deploy/Dockerfile');
    assert.ok(svc.volumes.some((v: string) => v.endsWith(':/data')));
    const port = one('EXPOSE');
    assert.deepEqual(svc.expose, [port]);
    const cmd = execForm(one('CMD'));
    assert.equal(cmd[cmd.indexOf('--port') + 1], port);
    assert.ok(one('HEALTHCHECK').includes(`/dev/tcp/127.0.0.1/${port}`));
    assert.ok(Number.parseInt(svc.stop_grace_period, 10) >= 30);
    assert.equal(compose.services.caddy.depends_on.svc.condition, 'service_healthy');
    assert.ok(compose.services.caddy.ports.includes('443:443'));
    assert.match(readFileSync(join(DEPLOY, 'Caddyfile'), 'utf8'), new RegExp(`reverse_proxy svc:${port}\\b`));
    // Every option the image passes is one `svc shop run` documents.
    const help = spawnSync(process.execPath, [BIN, 'shop', 'run', '--help'], { encoding: 'utf8' }).stdout;
    for (const flag of cmd.filter((a) => a.startsWith('--'))) assert.ok(help.includes(flag), flag);
  });
});
