// cli-spec 4 reliability rules as the engine applies them on a first run.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/api/assumptions.js';
import { AuthError, NetworkError, ValidationError } from '../../src/api/errors.js';
import { runJob } from '../../src/jobs/engine.js';
import type { JobProgress } from '../../src/jobs/types.js';
import { FakeServer, interruptAtChunk, makeSpec, onlyJournal, readRecords, tempStateDir } from './helpers.js';

test('journals the chunk-start with its key before the chunk is sent', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const seen: boolean[] = [];
  server.before = (chunk, key) => {
    const last = readRecords(onlyJournal(stateDir)).at(-1);
    seen.push(last?.t === 'chunk-start' && last.index === chunk.index && last.key === key);
  };
  await runJob(makeSpec({ items: 10, chunkSize: 3 }), server.send, { stateDir });
  assert.deepEqual(seen, [true, true, true, true]);
});

test('sends every chunk once, each with a fresh URL-safe key of 22+ characters', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const result = await runJob(makeSpec({ items: 10, chunkSize: 3 }), server.send, { stateDir });
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [0, 1, 2, 3],
  );
  const keys = server.calls.map((c) => c.key);
  assert.equal(new Set(keys).size, 4);
  for (const key of keys) {
    assert.match(key, IDEMPOTENCY_KEY_PATTERN);
    assert.ok(key.length >= 22, key);
  }
  assert.equal(result.state, 'done');
  assert.equal(result.requests, 4);
  assert.equal(result.items.length, 10);
  assert.deepEqual(result.counts, { ok: 10, unchanged: 0, failed: 0, skipped: 0 });
  assert.deepEqual(result.summary, { updated: 10 });
});

test('journals header, start and done per chunk, and job-end, in order', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const result = await runJob(makeSpec({ items: 4, chunkSize: 2 }), server.send, { stateDir });
  const records = readRecords(result.journalPath);
  assert.deepEqual(
    records.map((r) => `${r.t}${r.index ?? ''}`),
    ['job', 'chunk-start0', 'chunk-done0', 'chunk-start1', 'chunk-done1', 'job-end'],
  );
  const header = records[0]!;
  assert.equal(header.id, result.jobId);
  assert.deepEqual(header.input, {
    path: '/data/prices.csv',
    displayName: 'prices.csv',
    sha256: 'a'.repeat(64),
    size: 1234,
  });
  assert.deepEqual(header.chunks, [
    { index: 0, route: 'bulkPrice', count: 2, descriptor: { lines: [2, 3] } },
    { index: 1, route: 'bulkPrice', count: 2, descriptor: { lines: [4, 5] } },
  ]);
  assert.equal(records[2]!.key, records[1]!.key);
  assert.deepEqual(records[2]!.items, [
    { line: 2, id: 1002, status: 'ok' },
    { line: 3, id: 1003, status: 'ok' },
  ]);
  assert.equal(records.at(-1)!.state, 'done');
});

test('job ids are short and readable: kind prefix, date, random suffix', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const a = await runJob(makeSpec({ kind: 'stock' }), server.send, { stateDir });
  const b = await runJob(makeSpec({ kind: 'stock' }), server.send, { stateDir });
  assert.match(a.jobId, /^st-\d{8}-[0-9a-f]{6}$/);
  assert.notEqual(a.jobId, b.jobId);
});

test('a chunk refused for its content marks each of its items failed and the job goes on', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  server.before = (chunk) => {
    if (chunk.index === 1)
      throw new ValidationError({ status: 400, code: 'VALIDATION_ERROR', message: 'price too high' });
  };
  const result = await runJob(makeSpec({ items: 9, chunkSize: 3 }), server.send, { stateDir });
  assert.equal(result.state, 'done');
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [0, 1, 2],
  );
  const failed = result.items.filter((i) => i.status === 'failed');
  assert.deepEqual(
    failed.map((i) => i.line),
    [5, 6, 7],
  );
  assert.deepEqual(failed[0], {
    line: 5,
    id: 1005,
    status: 'failed',
    code: 'VALIDATION_ERROR',
    message: 'price too high',
  });
  const done1 = readRecords(result.journalPath).find((r) => r.t === 'chunk-done' && r.index === 1)!;
  assert.equal((done1.error as { code: string }).code, 'VALIDATION_ERROR');
});

test('an authentication error stops the job, leaving the chunk unfinished with its key', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const authError = new AuthError({ status: 401, message: 'the API key is invalid or missing' });
  server.before = (chunk) => {
    if (chunk.index === 1) throw authError;
  };
  const result = await runJob(makeSpec({ items: 9, chunkSize: 3 }), server.send, { stateDir });
  assert.equal(result.state, 'aborted');
  assert.equal(result.error, authError);
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [0, 1],
  );
  assert.deepEqual(result.unfinishedChunks, [1, 2]);
  assert.equal(result.resumeCommand, `svc products bulk-price prices.csv --resume ${result.jobId}`);
  const records = readRecords(result.journalPath);
  assert.ok(records.some((r) => r.t === 'chunk-start' && r.index === 1));
  assert.ok(!records.some((r) => r.t === 'chunk-done' && r.index === 1));
  assert.deepEqual(records.at(-1)!.state, 'aborted');
});

test('a network failure after retries stops the job instead of failing the items', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  server.before = () => {
    throw new NetworkError({ message: 'connection reset' });
  };
  const result = await runJob(makeSpec({ items: 6, chunkSize: 3 }), server.send, { stateDir });
  assert.equal(result.state, 'aborted');
  assert.equal(result.items.length, 0);
  assert.equal(server.calls.length, 1);
});

test('abort stops sending, leaves the in-flight chunk unfinished and reports interrupted with the resume command', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const controller = interruptAtChunk(server, 1);
  const result = await runJob(makeSpec({ items: 9, chunkSize: 3 }), server.send, {
    stateDir,
    signal: controller.signal,
  });
  assert.equal(result.state, 'interrupted');
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [0, 1],
  );
  assert.deepEqual(result.unfinishedChunks, [1, 2]);
  assert.equal(result.resumeCommand, `svc products bulk-price prices.csv --resume ${result.jobId}`);
  const records = readRecords(result.journalPath);
  assert.ok(!records.some((r) => r.t === 'chunk-done' && r.index === 1));
  assert.equal(records.at(-1)!.state, 'interrupted');
});

test('an answer that arrives after the abort is still recorded', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const controller = new AbortController();
  server.after = (chunk) => {
    if (chunk.index === 0) controller.abort();
  };
  const result = await runJob(makeSpec({ items: 6, chunkSize: 3 }), server.send, {
    stateDir,
    signal: controller.signal,
  });
  assert.equal(result.state, 'interrupted');
  assert.deepEqual(result.unfinishedChunks, [1]);
  assert.ok(readRecords(result.journalPath).some((r) => r.t === 'chunk-done' && r.index === 0));
});

test('reports progress after each chunk: items, requests, failures, pace', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  server.before = (chunk) => {
    if (chunk.index === 0) throw new ValidationError({ status: 422, code: 'X', message: 'no' });
  };
  const seen: JobProgress[] = [];
  await runJob(makeSpec({ items: 7, chunkSize: 3 }), server.send, { stateDir, onProgress: (p) => seen.push(p) });
  assert.deepEqual(
    seen.map((p) => [p.itemsDone, p.totalItems, p.requests, p.failures, p.chunksDone]),
    [
      [3, 7, 1, 3, 1],
      [6, 7, 2, 3, 2],
      [7, 7, 3, 3, 3],
    ],
  );
  for (const p of seen) assert.ok(p.itemsPerSecond >= 0);
  assert.equal(seen.at(-1)!.etaSeconds ?? 0, 0);
});

test('with concurrency 2 every chunk is still started before it is sent and sent once', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  let inFlight = 0;
  let maxInFlight = 0;
  server.before = async () => {
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
  };
  const result = await runJob(makeSpec({ items: 12, chunkSize: 2 }), server.send, { stateDir, concurrency: 2 });
  assert.equal(result.state, 'done');
  assert.equal(maxInFlight, 2);
  assert.deepEqual(server.calls.map((c) => c.index).sort(), [0, 1, 2, 3, 4, 5]);
  const records = readRecords(result.journalPath);
  for (let i = 0; i < 6; i++) {
    const start = records.findIndex((r) => r.t === 'chunk-start' && r.index === i);
    const done = records.findIndex((r) => r.t === 'chunk-done' && r.index === i);
    assert.ok(start > 0 && done > start, `chunk ${i}`);
  }
});

test('a plan whose item count disagrees with totalItems is refused before anything is journaled', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const spec = { ...makeSpec({ items: 5 }), totalItems: 6 };
  await assert.rejects(runJob(spec, server.send, { stateDir }), /totalItems/);
  assert.equal(server.calls.length, 0);
  assert.ok(!fs.existsSync(path.join(stateDir, 'jobs')));
});
