// Through the built bin/svc.js: a run that says nothing on stderr never builds its stream (Node
// makes process.stderr on first touch, 0.6-1 ms on a pipe or a terminal, and a read's floor, a
// bare node:http GET, never does), while whatever is said there still arrives whole on a pipe:
// an error, a --verbose trace. The probe wraps process.stderr's getter and writes, to a file of
// its own, each time the stream is asked for.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox, writeFile } from './harness.js';

function stderrProbe(): { nodeOptions: string; asked(): string[] } {
  const dir = tempDirs().dir;
  const log = join(dir, 'asked.txt');
  const probe = writeFile(
    dir,
    'stderr-probe.cjs',
    `const d = Object.getOwnPropertyDescriptor(process, 'stderr');
     Object.defineProperty(process, 'stderr', { ...d, get() {
       require('node:fs').appendFileSync(${JSON.stringify(log)}, new Error().stack.split('\\n')[2].trim() + '\\n');
       return d.get.call(this);
     } });`,
  );
  return {
    nodeOptions: `--require ${probe}`,
    asked: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []),
  };
}

describe('stderr is made only when something is said there', { concurrency: true }, () => {
  let sb: TestSandbox;
  let env: Record<string, string>;
  before(async () => {
    sb = await startTestSandbox();
    env = svcEnv(sb, tempDirs());
  });
  after(() => sb.close());

  for (const [name, extra] of [
    ['in the read lane', {}],
    ['the full way (undici)', { SVC_LANE: 'off' }],
  ] as const) {
    test(`a read that succeeds never asks for process.stderr: ${name}`, async () => {
      const p = stderrProbe();
      const r = await svc(['products', 'list', '--json'], { env: { ...env, ...extra, NODE_OPTIONS: p.nodeOptions } });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(JSON.parse(r.stdout).length > 0);
      assert.equal(r.stderr, '');
      assert.deepEqual(p.asked(), []);
    });
  }

  test('an error and a --verbose trace still arrive whole on a piped stderr', async () => {
    const p = stderrProbe();
    const bad = await svc(['products', 'list', '--json'], {
      env: { ...env, SVC_API_KEY: 'svc_v2_sk_notAKeyOfThisSandbox0000000000', NODE_OPTIONS: p.nodeOptions },
    });
    assert.equal(bad.code, 4, bad.stderr);
    assert.match(bad.stderr, /^error: .+\nhint: .+\n\{"error":\{.+\}\}\n$/s);
    assert.ok(p.asked().length > 0, 'the error made the stream');
    const verbose = await svc(['products', 'list', '--limit', '2', '--verbose', '-o', 'tsv'], { env });
    assert.equal(verbose.code, 0, verbose.stderr);
    assert.match(verbose.stderr, /^svc: GET \/api\/v2\/products\?page=1&limit=2 → 200 \d+ms attempt=1/);
  });
});
