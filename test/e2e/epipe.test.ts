// a closed stdout (`svc products list --all | head -2`) ends a read quietly with exit 0,
// in every format and for help, as a shell pipeline with pipefail sees it: no `Error: write
// EPIPE`, no stack trace. The output is far larger than a pipe's buffer, so the reader does go
// away while svc still writes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { BIN, createListings, startTestSandbox, svcEnv, tempDirs, type TestSandbox } from './harness.js';

let sb: TestSandbox;
let env: Record<string, string>;
before(async () => {
  sb = await startTestSandbox();
  await createListings(sb, 1200);
  env = { ...(process.env as Record<string, string>), ...svcEnv(sb, tempDirs()), NO_COLOR: '1' };
});
after(async () => {
  await sb.close();
});

/** `svc ARGS | head -c 200` under bash with pipefail: svc's own exit status and stderr. (Async: the sandbox runs in this process.) */
function pipedToHead(args: string[]): Promise<{ status: number | null; stderr: string; got: number }> {
  const cmd = `set -o pipefail; "${process.execPath}" "${BIN}" ${args.map((a) => `'${a}'`).join(' ')} | head -c 200 | wc -c`;
  const child = spawn('bash', ['-c', cmd], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stderr, got: Number(stdout.trim()) })),
  );
}

describe('a closed stdout', () => {
  for (const format of ['table', 'json', 'jsonl', 'csv', 'tsv']) {
    test(`products list --all -o ${format} | head: exit 0, nothing on stderr`, async () => {
      const r = await pipedToHead(['products', 'list', '--all', '--limit', '100', '-o', format]);
      assert.equal(r.got, 200, 'head got its bytes');
      assert.equal(r.stderr, '', r.stderr);
      assert.equal(r.status, 0);
    });
  }

  test('help piped to head: exit 0, nothing on stderr', async () => {
    const r = await pipedToHead(['products', 'help', 'bulk-price']);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
  });
});
