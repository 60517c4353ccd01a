// hostile inputs are bounded. Only regular files (or -) are read; stdin is capped and
// its spool never outlives the process; every read loop stops on the abort signal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { InterruptedError, UsageError } from '../../src/api/errors.js';
import { scanCredentials } from '../../src/input/credentials.js';
import { readPhysicalLines } from '../../src/input/physical-lines.js';
import { readPriceFile } from '../../src/input/prices.js';
import { openInput, stdinMaxBytes } from '../../src/input/source.js';
import { STDIN_SPOOL_MAX_BYTES } from '../../src/api/assumptions.js';
import { fileWith, tempDir } from './helpers.js';

function refusedAsUsage(pattern: RegExp) {
  return (err: unknown) => {
    assert.ok(err instanceof UsageError, String(err));
    assert.equal(err.exitCode, 2);
    assert.match(err.message, pattern);
    return true;
  };
}

test('a FIFO is refused at once, with no writer, by openInput and by every reader', async () => {
  const fifo = join(tempDir(), 'pipe.csv');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  await assert.rejects(openInput(fifo), refusedAsUsage(/is a FIFO \(named pipe\), not a regular file/));
  await assert.rejects(readPriceFile(fifo), refusedAsUsage(/is a FIFO/));
  await assert.rejects(scanCredentials(fifo, { format: 'lines' }), refusedAsUsage(/is a FIFO/));
});

test('a device is refused, also through a symlink (/dev/urandom); a symlink to a regular file is read', async () => {
  await assert.rejects(openInput('/dev/null'), refusedAsUsage(/is a device, not a regular file/));
  const link = join(tempDir(), 'creds-link.txt');
  symlinkSync('/dev/urandom', link);
  await assert.rejects(scanCredentials(link, { format: 'lines' }), refusedAsUsage(/creds-link\.txt: is a device/));
  const target = fileWith('real.csv', 'id,price\n1,2\n');
  const good = join(tempDir(), 'good-link.csv');
  symlinkSync(target, good);
  assert.deepEqual(
    (await readPriceFile(good)).rows.map((r) => r.priceCents),
    [200],
  );
});

test('a directory is refused', async () => {
  const dir = join(tempDir(), 'a-dir');
  mkdirSync(dir);
  await assert.rejects(openInput(dir), refusedAsUsage(/is a directory/));
});

function endless(onChunk?: (n: number) => void): Readable {
  let n = 0;
  const block = Buffer.alloc(64 * 1024, 'y\n');
  return new Readable({
    read() {
      n += 1;
      onChunk?.(n);
      this.push(block);
    },
  });
}

const spoolsIn = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('svc-stdin-'));

test('stdin past the cap is refused (exit 2) and leaves no spool file', async () => {
  const dir = join(tempDir(), 'spool-cap');
  mkdirSync(dir);
  await assert.rejects(
    openInput('-', { stdin: endless(), tmpDir: dir, maxBytes: 1024 * 1024 }),
    refusedAsUsage(/^stdin is larger than 1048576 bytes: nothing was sent$/),
  );
  assert.deepEqual(spoolsIn(dir), []);
});

test('the spool is unlinked as soon as it is opened: nothing to find by name while it is read', async () => {
  const dir = join(tempDir(), 'spool-unlinked');
  mkdirSync(dir);
  const input = await openInput('-', {
    stdin: Readable.from([Buffer.from('a:1\n'), Buffer.from('b:2\n')]),
    tmpDir: dir,
  });
  assert.deepEqual(spoolsIn(dir), [], 'no name in the folder, even before cleanup');
  assert.equal(readFileSync(input.path, 'utf8'), 'a:1\nb:2\n');
  assert.equal(statSync(input.path).mode & 0o777, 0o600);
  assert.equal((await scanCredentials(input.path, { format: 'lines' })).count, 2);
  await input.cleanup();
});

test('where the spool keeps its name (no /proc), a later start removes the spool a killed process left', async () => {
  const dir = join(tempDir(), 'spool-sweep');
  mkdirSync(dir);
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  const left = join(dir, `svc-stdin-${dead}-00000000-0000-0000-0000-000000000000`);
  spawnSync('sh', ['-c', `umask 077; echo secret > '${left}'`]);
  assert.deepEqual(spoolsIn(dir).length, 1);
  const input = await openInput('-', { stdin: Readable.from(['x\n']), tmpDir: dir, unlinkSpool: false });
  assert.deepEqual(
    spoolsIn(dir),
    [input.path.slice(dir.length + 1)],
    "the dead process's spool is gone, ours is there",
  );
  await input.cleanup();
  assert.deepEqual(spoolsIn(dir), []);
});

test('the cap defaults to STDIN_SPOOL_MAX_BYTES; SVC_STDIN_MAX_BYTES changes it', () => {
  assert.equal(stdinMaxBytes({}), STDIN_SPOOL_MAX_BYTES);
  assert.ok(STDIN_SPOOL_MAX_BYTES >= 10_000 * 5_000, 'the largest valid stock job fits');
  assert.equal(stdinMaxBytes({ SVC_STDIN_MAX_BYTES: '1000' }), 1000);
  assert.equal(stdinMaxBytes({ SVC_STDIN_MAX_BYTES: 'x' }), STDIN_SPOOL_MAX_BYTES);
});

test('abort while spooling an endless stdin ends the spool with the abort reason', async () => {
  const controller = new AbortController();
  const dir = join(tempDir(), 'spool-abort');
  mkdirSync(dir);
  const reason = new InterruptedError('interrupted');
  const stdin = endless((n) => {
    if (n === 20) controller.abort(reason);
  });
  await assert.rejects(
    openInput('-', { stdin, tmpDir: dir, signal: controller.signal, maxBytes: Number.MAX_SAFE_INTEGER }),
    (err) => err === reason,
  );
  assert.deepEqual(spoolsIn(dir), []);
});

test('abort while a stdin sends nothing ends the wait', async () => {
  const controller = new AbortController();
  const reason = new InterruptedError('interrupted');
  const silent = new Readable({
    read() {
      if (!controller.signal.aborted) controller.abort(reason);
    },
  });
  await assert.rejects(
    openInput('-', { stdin: silent, tmpDir: tempDir(), signal: controller.signal }),
    (err) => err === reason,
  );
});

test('the line reader checks the abort signal between blocks', async () => {
  const path = fileWith('big.txt', 'x\n'.repeat(200_000));
  const controller = new AbortController();
  const reason = new InterruptedError('interrupted');
  let lines = 0;
  await assert.rejects(
    (async () => {
      for await (const _ of readPhysicalLines(path, { maxBytes: 100, signal: controller.signal })) {
        lines += 1;
        if (lines === 1) controller.abort(reason);
      }
    })(),
    (err) => err === reason,
  );
  assert.ok(lines < 200_000, `stopped after ${lines} lines`);
});
