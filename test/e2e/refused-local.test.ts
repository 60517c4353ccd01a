// A refused connection to this machine is a server that is not running (a sandbox not started,
// a wrong port): svc says so after one attempt, instead of ~10 s of backoff; the exit is 1.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { svc, tempDirs, KNOWN_V2 } from './harness.js';

/** A loopback port nothing listens on: taken from the OS, then closed again. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe('a refused local connection', () => {
  test('fails after one attempt, naming the cause', async () => {
    const dirs = tempDirs();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = await svc(['products', 'list', '--verbose', '-o', 'json'], {
      env: {
        SVC_BASE_URL: url,
        SVC_API_KEY: KNOWN_V2,
        SVC_CONFIG_DIR: dirs.configDir,
        SVC_STATE_DIR: dirs.stateDir,
        SVC_LANE: 'off',
      },
    });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /connection refused \(is the service, or `svc sandbox`, running\?\)/);
    const attempts = r.stderr.split('\n').filter((l) => /^svc: GET .* attempt=\d/.test(l));
    assert.equal(attempts.length, 1, r.stderr);
  });
});
