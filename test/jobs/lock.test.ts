// cli-spec 4: one runner per job. `<jobId>.lock` holds the runner's pid.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runJob } from '../../src/jobs/engine.js';
import { JobLockedError } from '../../src/jobs/lock.js';
import { FakeServer, hangUntilAborted, interruptAtChunk, makeSpec, onlyJournal, tempStateDir } from './helpers.js';

function lockFileOf(journal: string): string {
  return journal.replace(/\.jsonl$/, '.lock');
}

test('refuses a second runner while the job is running, naming the process', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const server = new FakeServer();
  const controller = new AbortController();
  let reached!: () => void;
  const inFlight = new Promise<void>((r) => {
    reached = r;
  });
  server.before = (_chunk, _key, signal) => {
    reached();
    return hangUntilAborted(signal);
  };
  const running = runJob(spec, server.send, { stateDir, signal: controller.signal });
  await inFlight;
  const jobId = path.basename(onlyJournal(stateDir), '.jsonl');
  await assert.rejects(runJob(spec, server.send, { stateDir, resumeJobId: jobId }), (err: unknown) => {
    assert.ok(err instanceof JobLockedError);
    assert.equal(err.message, `job ${jobId} is running in process ${process.pid}`);
    return true;
  });
  assert.equal(server.calls.length, 1);
  controller.abort();
  assert.equal((await running).state, 'interrupted');
});

test('takes over a stale lock whose process is dead', async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const server = new FakeServer();
  const controller = interruptAtChunk(server, 1);
  const first = await runJob(spec, server.send, { stateDir, signal: controller.signal });
  server.before = undefined;
  const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
  fs.writeFileSync(lockFileOf(first.journalPath), String(deadPid));
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
});

test('releases the lock when the run ends', async (t) => {
  const stateDir = tempStateDir(t);
  const result = await runJob(makeSpec(), new FakeServer().send, { stateDir });
  assert.equal(fs.existsSync(lockFileOf(result.journalPath)), false);
});

// a lock records the pid AND the process's start time; a pid reused by another
// process (same pid, other start time) is a stale lock, not a running job.
test('takes over a lock whose pid now belongs to another process (start time differs)', {
  skip: process.platform !== 'linux' && 'start times are read from /proc',
}, async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const server = new FakeServer();
  const controller = interruptAtChunk(server, 1);
  const first = await runJob(spec, server.send, { stateDir, signal: controller.signal });
  server.before = undefined;
  // A live pid (the test runner that started us), recorded with a start time it does not have.
  fs.writeFileSync(lockFileOf(first.journalPath), `${process.ppid} 1`);
  const second = await runJob(spec, server.send, { stateDir, resumeJobId: first.jobId });
  assert.equal(second.state, 'done');
});

test('a lock records the pid and the start time of its process', {
  skip: process.platform !== 'linux' && 'start times are read from /proc',
}, async (t) => {
  const stateDir = tempStateDir(t);
  const spec = makeSpec({ items: 6, chunkSize: 3 });
  const server = new FakeServer();
  let seen = '';
  server.before = () => {
    seen = fs.readFileSync(lockFileOf(onlyJournal(stateDir)), 'utf8');
  };
  await runJob(spec, server.send, { stateDir });
  const start = fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
  assert.equal(seen, `${process.pid} ${start}`);
});
