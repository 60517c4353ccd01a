// deploy/install.sh against a fake release on a local HTTP server (SVC_RELEASE_URL): it installs
// the binary of this platform into a HOME without root, refuses a binary that does not match the
// release's SHA256SUMS and one the list does not name (the installed svc left as it was), and a
// second run updates to the latest release.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT } from '../e2e/harness.js';

const SCRIPT = join(ROOT, 'deploy', 'install.sh');
const os = process.platform === 'darwin' ? 'darwin' : 'linux';
const asset = `svc-${os}-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
const fakeSvc = (version: string) => Buffer.from(`#!/bin/sh\necho ${version}\n`);
const sums = (files: Record<string, Buffer>) =>
  Object.entries(files)
    .map(([name, data]) => `${createHash('sha256').update(data).digest('hex')}  ${name}\n`)
    .join('');

/** path -> body: the release as the server answers it, changed by each test. */
const site = new Map<string, Buffer>();
function release(path: string, binary: Buffer, list = sums({ [asset]: binary })): void {
  site.set(`${path}/${asset}`, binary);
  site.set(`${path}/SHA256SUMS`, Buffer.from(list));
}

let server: Server;
let url = '';
before(async () => {
  server = createServer((req, res) => {
    const body = site.get(req.url ?? '');
    res.writeHead(body ? 200 : 404).end(body ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(() => {
  server.close();
});

const skip = process.platform === 'win32' ? 'install.sh is for Linux and macOS' : false;

describe('install.sh against a local fake release', { skip }, () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-install-'));
  const installed = join(home, '.local', 'bin', 'svc');
  // Not spawnSync: the fake release is served by this process, whose event loop must keep running.
  const install = (env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('sh', [SCRIPT], {
        env: { PATH: process.env.PATH!, HOME: home, SVC_RELEASE_URL: url, ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  const version = () => spawnSync(installed, ['--version'], { encoding: 'utf8' }).stdout;

  test('installs a pinned version into ~/.local/bin, checked, and prints the next command', async () => {
    release('/download/v0.1.0', fakeSvc('0.1.0'));
    const r = await install({ SVC_VERSION: '0.1.0' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(version(), '0.1.0\n');
    assert.equal(statSync(installed).mode & 0o777, 0o755);
    assert.match(r.stdout, /svc 0\.1\.0 installed in /);
    assert.match(r.stdout, /^next: svc sandbox/m);
  });

  test('a binary that does not match SHA256SUMS is refused; the installed svc is left as it was', async () => {
    release('/download/v0.1.1', Buffer.from('#!/bin/sh\necho tampered\n'), sums({ [asset]: fakeSvc('0.1.1') }));
    const r = await install({ SVC_VERSION: '0.1.1' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /does not match its checksum/);
    assert.equal(version(), '0.1.0\n');
  });

  test('a binary SHA256SUMS does not name is refused', async () => {
    release('/download/v0.1.2', fakeSvc('0.1.2'), sums({ 'svc-other-x64': fakeSvc('0.1.2') }));
    const r = await install({ SVC_VERSION: '0.1.2' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no checksum for svc-/);
    assert.equal(version(), '0.1.0\n');
    site.delete('/download/v0.1.2/SHA256SUMS');
    const none = await install({ SVC_VERSION: '0.1.2' });
    assert.equal(none.status, 1);
    assert.match(none.stderr, /cannot download .*SHA256SUMS/);
  });

  test('run again, it updates to the latest release', async () => {
    release('/latest/download', fakeSvc('0.2.0'));
    const r = await install();
    assert.equal(r.status, 0, r.stderr);
    assert.equal(version(), '0.2.0\n');
    assert.equal(existsSync(join(home, '.local', 'bin', '.svc.new')), false);
    assert.match(readFileSync(SCRIPT, 'utf8'), /^#!\/bin\/sh\n/);
  });
});
