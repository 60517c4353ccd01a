// `svc stock jobs`: every job with its progress, state and resume command.
import * as fs from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuthError } from '../../src/api/errors.js';
import { runJob } from '../../src/jobs/engine.js';
import { listJobs } from '../../src/jobs/jobs-list.js';
import { FakeServer, hangUntilAborted, interruptAtChunk, makeSpec, tempStateDir } from './helpers.js';

test('lists done, failed and interrupted jobs with progress and resume commands', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const done = await runJob(makeSpec({ kind: 'stock', target: 'listing 1', items: 4, chunkSize: 2 }), server.send, {
    stateDir,
  });

  server.before = (chunk) => {
    if (chunk.index === 1) throw new AuthError({ status: 401, message: 'bad key' });
  };
  const failed = await runJob(makeSpec({ kind: 'stock', target: 'listing 2', items: 4, chunkSize: 2 }), server.send, {
    stateDir,
  });

  const controller = interruptAtChunk(server, 0);
  const interrupted = await runJob(
    makeSpec({ kind: 'stock', target: 'listing 3', items: 4, chunkSize: 2 }),
    server.send,
    { stateDir, signal: controller.signal },
  );

  const jobs = new Map(listJobs(stateDir).map((j) => [j.id, j]));
  assert.equal(jobs.size, 3);
  assert.deepEqual(
    [done, failed, interrupted].map((r) => {
      const j = jobs.get(r.jobId)!;
      return [j.state, j.itemsDone, j.totalItems, j.requests, j.resumeCommand];
    }),
    [
      ['done', 4, 4, 2, undefined],
      ['failed', 2, 4, 2, `svc products bulk-price prices.csv --resume ${failed.jobId}`],
      ['interrupted', 0, 4, 1, `svc products bulk-price prices.csv --resume ${interrupted.jobId}`],
    ],
  );
  const f = jobs.get(failed.jobId)!;
  assert.equal(f.target, 'listing 2');
  assert.equal(f.error, 'bad key');
  assert.equal(f.input.displayName, 'prices.csv');
});

test('a job whose process died without a job-end is listed as interrupted', async (t) => {
  const stateDir = tempStateDir(t);
  const result = await runJob(makeSpec({ items: 4, chunkSize: 2 }), new FakeServer().send, { stateDir });
  const lines = fs.readFileSync(result.journalPath, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(result.journalPath, `${lines.slice(0, 3).join('\n')}\n`); // header, start 0, done 0
  const [job] = listJobs(stateDir);
  assert.equal(job!.state, 'interrupted');
  assert.equal(job!.itemsDone, 2);
});

test('a job held by a live process is listed as running with its pid', async (t) => {
  const stateDir = tempStateDir(t);
  const server = new FakeServer();
  const controller = new AbortController();
  let reached!: () => void;
  const inFlight = new Promise<void>((r) => {
    reached = r;
  });
  server.before = (_c, _k, signal) => {
    reached();
    return hangUntilAborted(signal);
  };
  const running = runJob(makeSpec(), server.send, { stateDir, signal: controller.signal });
  await inFlight;
  const [job] = listJobs(stateDir);
  assert.equal(job!.state, 'running');
  assert.equal(job!.pid, process.pid);
  controller.abort();
  await running;
});

test('an empty or missing state folder lists no jobs', (t) => {
  assert.deepEqual(listJobs(`${tempStateDir(t)}/nowhere`), []);
});
