// cli-spec 4: "a killed job finishes with nothing lost and nothing applied twice". A child
// process runs the job and is SIGKILLed while a chunk the server already applied is in
// flight; the resume in this process must send every item exactly once overall.
import * as path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runJob } from '../../src/jobs/engine.js';
import { findResumable } from '../../src/jobs/jobs-list.js';
import { FakeServer, makeSpec, readRecords, tempStateDir, journalFile } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ITEMS = 25;
const CHUNK = 4; // 7 chunks
const KILL_AT = 3;

function runChildUntilApplied(stateDir: string, serverLog: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'fixtures', 'kill-child.ts'),
        stateDir,
        serverLog,
        String(KILL_AT),
        String(ITEMS),
        String(CHUNK),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(`applied ${KILL_AT}`)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`child exited without being killed: ${out}`));
    });
  });
}

test('a job killed mid-chunk resumes with every item applied exactly once', async (t) => {
  const stateDir = tempStateDir(t);
  const serverLog = path.join(stateDir, 'server.jsonl');
  await runChildUntilApplied(stateDir, serverLog);

  const spec = makeSpec({ items: ITEMS, chunkSize: CHUNK });
  const jobId = findResumable(stateDir, spec.kind, spec.target, spec.input.sha256);
  assert.ok(jobId, 'the killed job is offered for resume');
  const before = readRecords(journalFile(stateDir, jobId));
  assert.equal(before.filter((r) => r.t === 'chunk-done').length, KILL_AT);
  const killedKey = before.find((r) => r.t === 'chunk-start' && r.index === KILL_AT)!.key;

  const server = new FakeServer(serverLog); // what the child's server applied, with its stored answers
  const childKeys = new Set(before.filter((r) => r.t === 'chunk-start').map((r) => r.key));
  const result = await runJob(spec, server.send, { stateDir, resumeJobId: jobId });

  assert.equal(result.state, 'done');
  assert.deepEqual(
    server.calls.map((c) => c.index),
    [3, 4, 5, 6],
  );
  assert.equal(server.calls[0]!.key, killedKey);
  assert.equal(server.calls[0]!.replayed, true);
  for (const call of server.calls.slice(1)) assert.ok(!childKeys.has(call.key), `chunk ${call.index} has a new key`);
  // Nothing lost, nothing applied twice, counting what each key applied on the server.
  assert.equal(server.applied.size, ITEMS);
  for (const [line, times] of server.applied) assert.equal(times, 1, `line ${line}`);
  assert.equal(result.items.length, ITEMS);
  assert.ok(result.items.every((i) => i.status === 'ok'));
});
