// cli-spec 4: `--resume JOB` re-sends unfinished chunks with their original keys, so nothing
// is lost and nothing applied twice; only the same unfinished job on the same file resumes.
import * as fs from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuthError, UsageError } from '../../src/api/errors.js';
import { runJob } from '../../src/jobs/engine.js';
import { findResumable } from '../../src/jobs/jobs-list.js';
import type { JobSpec } from '../../src/jobs/types.js';
import { FakeServer, hangUntilAborted, makeSpec, readRecords, tempStateDir } from './helpers.js';

/** Runs `spec` and interrupts it while chunk `at` is in flight (after the server applied it). */
async function interruptedAt(stateDir: string, spec: JobSpec, at: number, server = new FakeServer()) {
  const controller = new AbortController();
  server.after = (chunk, _key, signal) => {
    if (chunk.index !== at) return;
    setImmediate(() => controller.abort());
    return hangUntilAborted(signal);
  };
  const result = await runJob(spec, server.send, { stateDir, signal: controller.signal });
  server.after = undefined;
  return { result, server };
}

test('resends an unfinished chunk with its journaled key and gives never-started chunks fresh keys', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 12, chunkSize: 3 });
  const { result: first, server } = await interruptedAt(stateDir, spec, 1);
  const keyOfChunk1 = server.keysOf(1)[0]!;
  const firstKeys = new Set(server.calls.map((c) => c.key));
  server.calls.length = 0;

  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [1, 2, 3],
  );
  assert.equal(server.keysOf(1)[0], keyOfChunk1);
  assert.equal(server.calls[0]!.replayed, true);
  for (const index of [2, 3]) assert.ok(!firstKeys.has(server.keysOf(index)[0]!), `chunk ${index} got a new key`);
  assert.ok([...server.applied.values()].every((n) => n === 1));
});

test('a never-started chunk gets its new key journaled before it is sent on resume', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const { result: first, server } = await interruptedAt(stateDir, spec, 0);
  let journaledFirst = false;
  server.before = (chunk, key) => {
    if (chunk.index === 1) journaledFirst = readRecords(first.journalPath).at(-1)?.key === key;
  };
  await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(journaledFirst, true);
});

test('does not resend finished chunks; their outcomes come from the journal', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3 });
  const { result: first, server } = await interruptedAt(stateDir, spec, 2);
  server.calls.length = 0;
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [2],
  );
  assert.equal(second.chunksFromJournal, 2);
  assert.equal(second.requests, 1);
  assert.deepEqual(
    second.items.map((i) => i.line),
    [2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
});

test('resumes a job stopped by an error, reusing the key of the chunk it stopped on', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const server = new FakeServer();
  server.before = (chunk) => {
    if (chunk.index === 1) throw new AuthError({ status: 401, message: 'bad key' });
  };
  const first = await runJob(spec, server.send, { stateDir });
  assert.equal(first.state, 'aborted');
  const stoppedKey = server.keysOf(1)[0]!;
  server.before = undefined;
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
  assert.equal(server.keysOf(1).at(-1), stoppedKey);
});

test('tolerates a torn last journal line and keeps later records on lines of their own', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 9, chunkSize: 3 });
  const { result: first, server } = await interruptedAt(stateDir, spec, 1);
  // Drop the job-end and simulate a kill in the middle of writing chunk-done.
  const lines = fs.readFileSync(first.journalPath, 'utf8').split('\n').filter(Boolean).slice(0, -1);
  fs.writeFileSync(first.journalPath, `${lines.join('\n')}\n{"t":"chunk-done","index":1,"ite`);
  server.calls.length = 0;
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [1, 2],
  );
  const text = fs.readFileSync(first.journalPath, 'utf8');
  assert.match(text, /"ite\n\{"t":"resume"/);
});

test('refuses --resume when the input file changed since the job started', async (t) => {
  const stateDir = tempStateDir(t);
  const { result: first, server } = await interruptedAt(stateDir, makeSpec({ items: 6 }), 0);
  server.calls.length = 0;
  const changed = makeSpec({ items: 6, sha256: 'b'.repeat(64) });
  await assert.rejects(runJob(changed, server.send, { stateDir, resumeJobId: first.jobId }), (err: unknown) => {
    assert.ok(err instanceof UsageError);
    assert.match(err.message, new RegExp(`^the input file changed since job ${first.jobId} started`));
    return true;
  });
  assert.equal(server.calls.length, 0);
});

test('refuses --resume of a finished job', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const spec = makeSpec({ items: 3 });
  const done = await runJob(spec, server.send, { stateDir });
  await assert.rejects(
    runJob(spec, server.send, { stateDir, resumeJobId: done.jobId }),
    (err: unknown) => err instanceof UsageError && /already finished/.test(err.message),
  );
  assert.equal(server.calls.length, 1);
});

test('refuses --resume of an unknown job id or one that is not a job id', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  await assert.rejects(
    runJob(makeSpec(), server.send, { stateDir, resumeJobId: 'bp-20260101-abcdef' }),
    (err: unknown) => err instanceof UsageError && /no job bp-20260101-abcdef/.test(err.message),
  );
  await assert.rejects(
    runJob(makeSpec(), server.send, { stateDir, resumeJobId: '../../etc/passwd' }),
    (err: unknown) => err instanceof UsageError && /is not a job id/.test(err.message),
  );
});

test('refuses --resume when the command plans different chunks than the journal', async (t) => {
  const stateDir = tempStateDir(t);
  const { result: first, server } = await interruptedAt(stateDir, makeSpec({ items: 9, chunkSize: 3 }), 0);
  await assert.rejects(
    runJob(makeSpec({ items: 9, chunkSize: 4 }), server.send, { stateDir, resumeJobId: first.jobId }),
    (err: unknown) => err instanceof UsageError && /chunk plan/.test(err.message),
  );
});

test('offers to resume an unfinished job for the same kind, target and unchanged input', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ kind: 'stock', target: 'listing 7', items: 6 });
  const { result: first } = await interruptedAt(stateDir, spec, 0);
  assert.equal(findResumable(stateDir, 'stock', 'listing 7', spec.input.sha256), first.jobId);
  assert.equal(findResumable(stateDir, 'stock', 'listing 8', spec.input.sha256), undefined);
  assert.equal(findResumable(stateDir, 'stock', 'listing 7', 'c'.repeat(64)), undefined);
  assert.equal(findResumable(stateDir, 'bulk-price', 'listing 7', spec.input.sha256), undefined);
});

test('never offers a finished job for resume: the same edit later is a new operation', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const spec = makeSpec({ items: 6 });
  const { result: first } = await interruptedAt(stateDir, spec, 0, server);
  await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(findResumable(stateDir, spec.kind, spec.target, spec.input.sha256), undefined);
});

test('a job killed after its last answer ends as done on resume without sending anything', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const first = await runJob(spec, server.send, { stateDir });
  const lines = fs.readFileSync(first.journalPath, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(first.journalPath, `${lines.slice(0, -1).join('\n')}\n`); // no job-end
  server.calls.length = 0;
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
  assert.equal(server.calls.length, 0);
  assert.equal(second.items.length, 6);
  assert.equal(readRecords(first.journalPath).at(-1)!.state, 'done');
});
