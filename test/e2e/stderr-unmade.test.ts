// Through the built bin/svc.js: a run that says nothing on stderr never builds its stream (Node
// makes process.stderr on first touch, 0.6-1 ms on a pipe or a terminal, and a read's floor, a
// bare node:http GET, never does), while whatever is said there still arrives whole, the stream
// flushed before the exit (a pipe is written asynchronously on macOS and Windows). bin/svc.js says
// at exit, with SVC_TRACE_STDERR=FILE, whether the run made the stream and flushed it; a probe
// preloaded in a second run sees, from Node's side, that nothing asked for it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox, writeFile } from './harness.js';

/** SVC_TRACE_STDERR's file, read back. */
function stderrTrace(): { env: { SVC_TRACE_STDERR: string }; said(): string } {
  const file = join(tempDirs().dir, 'stderr.txt');
  return { env: { SVC_TRACE_STDERR: file }, said: () => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '') };
}

/** A preloaded probe that notes each time process.stderr is asked for (bin/svc.js then flushes it as always). */
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
    test(`a read that succeeds never makes process.stderr: ${name}`, async () => {
      const t = stderrTrace();
      const r = await svc(['products', 'list', '--json'], { env: { ...env, ...extra, ...t.env } });
      assert.equal(r.code, 0, r.stderr);
      assert.ok(JSON.parse(r.stdout).length > 0);
      assert.equal(r.stderr, '');
      assert.equal(t.said(), 'unmade');
      // the same seen from Node's side: nothing asked for the stream, not even a socket's destroy
      // (with a preload bin/svc.js flushes stderr as always, so the probe sees that one ask only)
      const p = stderrProbe();
      const seen = await svc(['products', 'list', '--json'], {
        env: { ...env, ...extra, NODE_OPTIONS: p.nodeOptions },
      });
      assert.equal(seen.code, 0, seen.stderr);
      assert.deepEqual(
        p.asked().filter((at) => !/\brun \(.*bin[\\/]svc\.js/.test(at)),
        [],
      );
    });
  }

  test('an error and a --verbose trace arrive whole on a piped stderr, flushed before the exit', async () => {
    const t = stderrTrace();
    const bad = await svc(['products', 'list', '--json'], {
      env: { ...env, ...t.env, SVC_API_KEY: 'svc_v2_sk_notAKeyOfThisSandbox0000000000' },
    });
    assert.equal(bad.code, 4, bad.stderr);
    assert.match(bad.stderr, /^error: .+\nhint: .+\n\{"error":\{.+\}\}\n$/s);
    assert.equal(t.said(), 'made flushed');
    const v = stderrTrace();
    const verbose = await svc(['products', 'list', '--limit', '2', '--verbose', '-o', 'tsv'], {
      env: { ...env, ...v.env },
    });
    assert.equal(verbose.code, 0, verbose.stderr);
    assert.match(verbose.stderr, /^svc: GET \/api\/v2\/products\?page=1&limit=2 → 200 \d+ms attempt=1/);
    assert.equal(v.said(), 'made flushed');
  });
});
