// The one lock file (src/state/lock.ts) and its four users: jobs and write targets, the orders
// mirror's sync, the webhook store, stock pools. A lock names a pid and its start time; a dead
// pid, or a live pid that started at another time (reused by the system), is a stale lock.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { test, type TestContext } from 'node:test';
import { acquireLock, acquireTargetLock, lockPath } from '../../src/jobs/lock.js';
import { acquireSyncLock } from '../../src/mirror/lock.js';
import { lockOwner, processStart, tryLock, waitLock } from '../../src/state/lock.js';
import { lockPool } from '../../src/state/pool-ledger.js';
import { acquireStoreLock } from '../../src/webhooks/store-lock.js';

const LINUX = process.platform === 'linux';

function tempDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'svc-lock-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

test('a lock is 0600 and holds the pid and the start time of its process', (t) => {
  const file = path.join(tempDir(t), 'a', 'x.lock');
  const got = tryLock(file);
  assert.ok('lock' in got);
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  assert.equal(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
  const expected = LINUX ? `${process.pid} ${processStart(process.pid)}` : String(process.pid);
  assert.equal(fs.readFileSync(file, 'utf8'), expected);
  assert.equal(lockOwner(file), process.pid);
  got.lock.release();
  assert.equal(fs.existsSync(file), false);
});

test('a live owner holds; a dead pid, a reused pid and an old empty lock are stale', (t) => {
  const dir = tempDir(t);
  const file = path.join(dir, 'x.lock');
  // live: the process that started this test, with its real start time
  const parent = LINUX ? `${process.ppid} ${processStart(process.ppid)}` : String(process.ppid);
  fs.writeFileSync(file, parent);
  assert.deepEqual(tryLock(file), { heldBy: process.ppid });
  fs.writeFileSync(file, String(deadPid()));
  assert.ok('lock' in tryLock(file), 'a dead pid is stale');
  if (LINUX) {
    // the same live pid, recorded with a start time it does not have: the pid was reused
    fs.writeFileSync(file, `${process.ppid} 1`);
    assert.ok('lock' in tryLock(file), 'a reused pid is stale');
  }
  fs.writeFileSync(file, '');
  assert.deepEqual(tryLock(file), { heldBy: undefined }, 'an empty lock is being written');
  const old = new Date(Date.now() - 60_000);
  fs.utimesSync(file, old, old);
  assert.ok('lock' in tryLock(file), 'an old empty lock was left by a killed creator');
});

test('release never removes a lock another process took over', (t) => {
  const file = path.join(tempDir(t), 'x.lock');
  const got = tryLock(file);
  assert.ok('lock' in got);
  fs.writeFileSync(file, `${process.ppid}`);
  got.lock.release();
  assert.equal(fs.readFileSync(file, 'utf8'), `${process.ppid}`);
});

test('waitLock waits for a live owner to release, and gives up at its deadline', async (t) => {
  const file = path.join(tempDir(t), 'x.lock');
  fs.writeFileSync(file, String(process.ppid));
  const waits: (number | undefined)[] = [];
  const got = await waitLock(file, {
    waitMs: 60_000,
    pollMs: 5,
    onWait: (pid) => {
      waits.push(pid);
      fs.rmSync(file); // the owner finishes while we wait
    },
  });
  assert.ok('lock' in got && got.waited);
  assert.deepEqual(waits, [process.ppid]);
  got.lock.release();
  fs.writeFileSync(file, String(process.ppid));
  let clock = 0;
  const gaveUp = await waitLock(file, { waitMs: 1_000, pollMs: 1, now: () => (clock += 600) });
  assert.deepEqual(gaveUp, { heldBy: process.ppid });
});

test('jobs, targets, the mirror, the webhook store and pools take over a reused pid', {
  skip: !LINUX && 'start times are read from /proc',
}, async (t) => {
  const dir = tempDir(t);
  const reused = `${process.ppid} 1`;
  const seed = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, reused);
  };
  seed(lockPath(dir, 'job1'));
  acquireLock(dir, 'job1').release();
  const target = acquireTargetLock(dir, 'k', 'listing 1');
  target.release();
  seed(target.path);
  acquireTargetLock(dir, 'k', 'listing 1').release();
  seed(path.join(dir, 'mirror.db.lock'));
  (await acquireSyncLock(path.join(dir, 'mirror.db'), { waitMs: 0 })).release();
  seed(path.join(dir, 'listener.lock'));
  acquireStoreLock(path.join(dir, 'listener.lock'), dir).release();
  seed(path.join(dir, 'pool.jsonl.lock'));
  (await lockPool(path.join(dir, 'pool.jsonl'), 'p', { waitMs: 0, pollMs: 1 })).release();
  assert.deepEqual(
    fs.readdirSync(dir).filter((f) => f.endsWith('.lock')),
    [],
  );
});

test('each user keeps its own words for a live owner', async (t) => {
  const dir = tempDir(t);
  const live = String(process.ppid);
  const at = (name: string) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, live);
    return file;
  };
  at(path.relative(dir, lockPath(dir, 'job1')));
  assert.throws(() => acquireLock(dir, 'job1'), { message: `job job1 is running in process ${live}` });
  at('m.db.lock');
  await assert.rejects(acquireSyncLock(path.join(dir, 'm.db'), { waitMs: 0 }), {
    message: `another svc (process ${live}) is syncing the orders mirror ${path.join(dir, 'm.db')}`,
  });
  const store = at('listener.lock');
  assert.throws(() => acquireStoreLock(store, dir), {
    message: `another \`svc webhooks listen\` (pid ${live}) is using the webhook store in ${dir}`,
  });
  at('p.jsonl.lock');
  await assert.rejects(lockPool(path.join(dir, 'p.jsonl'), 'gold', { waitMs: 0, pollMs: 1 }), {
    message: `pool gold is in use by another svc (process ${live})`,
  });
});

test('no module of src/ but the lock module judges whether a lock holder lives', () => {
  const src = path.join(import.meta.dirname, '..', '..', 'src');
  const users = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && fs.readFileSync(path.join(src, f), 'utf8').includes('processAlive('))
    .sort();
  // durable.ts defines it; the sandbox's data file and the input reader clear temp files of dead
  // processes (not locks).
  assert.deepEqual(users, ['input/source.ts', 'sandbox/data-file.ts', 'state/durable.ts', 'state/lock.ts']);
});
