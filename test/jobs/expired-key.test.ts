// a journaled key older than the service keeps it (spec 4.1.2: 24 h, minus svc's
// margin) is never resent blindly. Time moves with svc's one clock (src/api/clock.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setClockOffsetForTests } from '../../src/api/clock.js';
import { runJob } from '../../src/jobs/engine.js';
import { ExpiredKeyError } from '../../src/jobs/expired-key.js';
import type { JobSpec } from '../../src/jobs/types.js';
import { FakeServer, hangUntilAborted, makeSpec, tempStateDir } from './helpers.js';

const HOUR = 3_600_000;
// Each test puts svc's clock back when it ends (t.after), not a top-level afterEach: npm run
// test:unit runs other files in this process (test/architecture/shared-process.test.ts).

async function interruptedAt(stateDir: string, spec: JobSpec, at: number, server = new FakeServer()) {
  const controller = new AbortController();
  server.after = (chunk, _key, signal) => {
    if (chunk.index !== at) return;
    setImmediate(() => controller.abort());
    return hangUntilAborted(signal);
  };
  const result = await runJob(spec, server.send, { stateDir, signal: controller.signal });
  server.after = undefined;
  const firstKeys = new Set(server.calls.map((c) => c.key));
  server.calls.length = 0;
  return { result, server, firstKeys };
}

test('within the 23 h svc trusts, an unfinished chunk is resent under its journaled key (replayed)', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3, kind: 'stock', target: 'listing 1' });
  const { result, server, firstKeys } = await interruptedAt(stateDir, spec, 1);
  setClockOffsetForTests(22 * HOUR);
  t.after(() => setClockOffsetForTests(undefined));
  const again = await runJob(spec, server.send, { stateDir, resumeJobId: result.jobId });
  assert.equal(again.state, 'done');
  assert.equal(server.calls[0]!.replayed, true);
  assert.ok([...server.applied.values()].every((n) => n === 1));
  assert.ok(firstKeys.has(server.calls[0]!.key), 'the journaled key');
});

test('past it, a stock job stops without resending the chunk (the service may apply it again)', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3, kind: 'stock', target: 'listing 1' });
  const { result, server } = await interruptedAt(stateDir, spec, 1);
  setClockOffsetForTests(24 * HOUR);
  t.after(() => setClockOffsetForTests(undefined));
  const again = await runJob(spec, server.send, { stateDir, resumeJobId: result.jobId });
  assert.equal(again.state, 'aborted');
  assert.ok(again.error instanceof ExpiredKeyError, String(again.error));
  assert.match((again.error as Error).message, /chunk 2 was first sent at .* more than 23 h ago/);
  assert.deepEqual(server.calls, [], 'nothing was sent');
});

test('past it, a bulk-price job resends the chunk under a NEW key (re-applying a price is harmless)', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3 });
  const { result, server, firstKeys: journaledKeys } = await interruptedAt(stateDir, spec, 1);
  setClockOffsetForTests(25 * HOUR);
  t.after(() => setClockOffsetForTests(undefined));
  const again = await runJob(spec, server.send, { stateDir, resumeJobId: result.jobId });
  assert.equal(again.state, 'done');
  const resent = server.calls.find((c) => c.index === 1)!;
  assert.equal(resent.replayed, false);
  assert.ok(!journaledKeys.has(resent.key), 'a new key');
});

test('a stock job whose caller reconciled the chunk resends it under a new key', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3, kind: 'stock', target: 'listing 1' });
  const { result, server } = await interruptedAt(stateDir, spec, 1);
  setClockOffsetForTests(30 * HOUR);
  t.after(() => setClockOffsetForTests(undefined));
  const asked: number[] = [];
  const again = await runJob(spec, server.send, {
    stateDir,
    resumeJobId: result.jobId,
    onExpiredKey: async (chunk) => {
      asked.push(chunk.index);
      return 'new-key';
    },
  });
  assert.equal(again.state, 'done');
  assert.deepEqual(asked, [1]); // only the chunk whose key was journaled; chunk 3 never had one
  assert.equal(server.calls.find((c) => c.index === 1)!.replayed, false);
});
