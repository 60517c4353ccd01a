// `svc api --input` on a named pipe nobody writes to: open() blocks in libuv's thread pool, where
// no signal reaches it. SIGTERM must still end the run at once (exit 130), not hang until SIGKILL.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, startTestSandbox, svcEnv, type TestSandbox, tempDirs } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** True once a thread of the process waits in the kernel's fifo open (Linux /proc). */
function blockedOnFifo(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).some((tid) =>
      /fifo|wait_for_partner/.test(readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8')),
    );
  } catch {
    return false;
  }
}

test('`svc api --input FIFO` with no writer: SIGTERM ends it within 2 s (exit 130)', {
  skip: !existsSync('/proc/self/task') || spawnSync('mkfifo', ['--version']).status !== 0,
  timeout: 30_000,
}, async () => {
  const dirs = tempDirs();
  const fifo = join(dirs.dir, 'body.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const child = spawn(process.execPath, [BIN, 'api', '-X', 'POST', '/api/v2/products', '--input', fifo], {
    env: { ...process.env, ...svcEnv(sb, dirs), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const end = Date.now() + 15_000;
  while (!blockedOnFifo(child.pid!)) {
    assert.ok(Date.now() < end && child.exitCode === null, `never blocked on the pipe: ${stderr}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const t0 = Date.now();
  child.kill('SIGTERM');
  const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(kill);
  assert.equal(code, 130, `exit ${code} after ${Date.now() - t0} ms: ${stderr}`);
  assert.ok(Date.now() - t0 < 2_000, `${Date.now() - t0} ms`);
  assert.deepEqual(await sb.writeRequests(), [], 'nothing sent');
});
