// Real-world input files through the built CLI against the sandbox.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import {
  BIN,
  createAutoListing,
  createListings,
  getListing,
  ROOT,
  svc,
  svcEnv,
  tempDirs,
  writeFile,
  type TestSandbox,
} from './harness.js';
import { sandboxPerFile } from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s));

const MARKER = 'ZZSECRETMARKER';

const autoListing = () => createAutoListing(sb);

describe('credentials normalised before dedupe and upload', () => {
  test('`alpha:1   ` beside `alpha:1` adds one credential; stderr names the trim and the dropped line', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${MARKER}alpha:1   \r\n${MARKER}alpha:1\n${MARKER}beta:2\n`);
    const r = await svc(['stock', 'add', String(id), '--file', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.added, 2);
    assert.equal(out.inStock, 2);
    assert.equal(out.droppedInFile, 1);
    assert.equal(out.trimmed, 1);
    assert.match(r.stderr, /1 credential trimmed of leading\/trailing whitespace/);
    assert.match(r.stderr, /1 duplicate of an earlier credential of the file dropped \(line 2\)/);
    assert.ok(!(r.stdout + r.stderr).includes(MARKER));
  });

  test('a zero-width space inside a credential: FILE:LINE, exit 2, nothing sent', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${MARKER}a:1\n${MARKER}\u200Bb:2\n`);
    await sb.control('DELETE', 'requests');
    const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /creds\.txt:2: credential contains an invisible zero-width character \(U\+200B\)/);
    assert.equal((await sb.writeRequests()).filter((q) => q.route === 'addStock').length, 0);
    const kept = await svc(['stock', 'add', String(id), '--file', file, '--keep-whitespace', '-o', 'json'], {
      env: svcEnv(sb, tempDirs()),
    });
    assert.equal(kept.code, 0, kept.stderr);
    assert.equal(JSON.parse(kept.stdout).added, 2);
  });
});

describe('spreadsheet exports', () => {
  test('a LibreOffice pt-BR export (`;`, 1.234,50, title/notes columns, `;;` rows) applies; the note names the ignored columns', async () => {
    const ids = await createListings(sb, 3);
    const dirs = tempDirs();
    const real = join(ROOT, 'test', 'input', 'fixtures', 'spreadsheet', 'libreoffice-pt-BR-semicolon.csv');
    // the fixture's ids are 101..103: the same sheet with this sandbox's ids
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(real, 'utf8')
      .replace(/^101;/m, `${ids[0]};`)
      .replace(/^102;/m, `${ids[1]};`)
      .replace(/^103;/m, `${ids[2]};`);
    const file = writeFile(dirs.dir, 'precos.csv', text);
    const r = await svc(['products', 'bulk-price', file, '--yes', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /precos\.csv:1: 2 unknown columns ignored: "title", "notes"/);
    assert.deepEqual(
      [
        (await getListing(sb, ids[0]!)).price,
        (await getListing(sb, ids[1]!)).price,
        (await getListing(sb, ids[2]!)).price,
      ],
      [123450, 1990, 2500000],
    );
    const strict = await svc(['products', 'bulk-price', file, '--strict-columns', '--yes'], {
      env: svcEnv(sb, tempDirs()),
    });
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /precos\.csv:1: unknown columns "title", "notes"/);
  });
});

// A CLI fed by an endless stdin (`yes | svc ...`): the test writes as long as the CLI reads.
const children = new Set<ChildProcess>();
after(() => {
  for (const c of children) c.kill('SIGKILL');
});

function endlessStdin(
  args: string[],
  env: Record<string, string>,
): {
  child: ChildProcess;
  fed: () => number;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
} {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('SVC_')) clean[k] = v;
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...clean, ...env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let fed = 0;
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  child.stdout!.resume();
  const block = Buffer.alloc(256 * 1024, 'y\n');
  const feed = (): void => {
    while (child.stdin!.writable && child.stdin!.write(block)) fed += block.length;
    if (child.stdin!.writable)
      child.stdin!.once('drain', () => {
        fed += block.length;
        feed();
      });
  };
  child.stdin!.on('error', () => {
    /* the CLI stopped reading: EPIPE */
  });
  feed();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal, stderr });
    });
  });
  return { child, fed: () => fed, done };
}

/**
 * Resolves once the process has its stdin spool open: a file in `dir` among its open files, with
 * no name left (`(deleted)`: O_TMPFILE or unlinked). A state read from /proc, on the event loop.
 */
async function spoolOpen(pid: number, dir: string): Promise<void> {
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      });
    } catch {
      /* not yet */
    }
    if (names.some((n) => n.startsWith(`${dir}/`))) return;
    await new Promise((r) => setImmediate(r));
  }
}

describe('hostile inputs', () => {
  test('a FIFO, a symlink to /dev/urandom and a directory are refused at once: exit 2, nothing sent', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const fifo = join(dirs.dir, 'creds.fifo');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const random = join(dirs.dir, 'random.txt');
    symlinkSync('/dev/urandom', random);
    await sb.control('DELETE', 'requests');
    for (const [file, why] of [
      [fifo, /is a FIFO/],
      [random, /is a device/],
      [dirs.dir, /is a directory/],
    ] as const) {
      const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, why);
    }
    const r = await svc(['products', 'bulk-price', fifo], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2, r.stderr);
    assert.equal((await sb.writeRequests()).length, 0);
  });

  test('`yes | svc products bulk-price -` past the stdin cap: exit 2, and the temp folder holds no spool', async () => {
    const dirs = tempDirs();
    const tmp = join(dirs.dir, 'tmp');
    mkdirSync(tmp);
    const run = endlessStdin(['products', 'bulk-price', '-'], {
      ...svcEnv(sb, dirs),
      TMPDIR: tmp,
      SVC_STDIN_MAX_BYTES: String(4 * 1024 * 1024),
    });
    const r = await run.done;
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /stdin is larger than 4194304 bytes: nothing was sent/);
    assert.deepEqual(readdirSync(tmp), []);
  });

  test('SIGTERM while an endless stdin is read ends the command with exit 130; nothing is left behind', async () => {
    const dirs = tempDirs();
    const tmp = join(dirs.dir, 'tmp');
    mkdirSync(tmp);
    const run = endlessStdin(['products', 'bulk-price', '-'], {
      ...svcEnv(sb, dirs),
      TMPDIR: tmp,
      SVC_STDIN_MAX_BYTES: String(2 ** 50),
    });
    await spoolOpen(run.child.pid!, tmp);
    run.child.kill('SIGTERM');
    const r = await run.done;
    assert.equal(r.code, 130, `${r.signal} ${r.stderr}`);
    assert.match(r.stderr, /interrupted/);
    assert.deepEqual(readdirSync(tmp), []);
  });

  test('kill -9 while stdin is spooled leaves no spool file', async () => {
    const dirs = tempDirs();
    const tmp = join(dirs.dir, 'tmp');
    mkdirSync(tmp);
    const run = endlessStdin(['products', 'bulk-price', '-'], {
      ...svcEnv(sb, dirs),
      TMPDIR: tmp,
      SVC_STDIN_MAX_BYTES: String(2 ** 50),
    });
    await spoolOpen(run.child.pid!, tmp);
    run.child.kill('SIGKILL');
    const r = await run.done;
    assert.equal(r.signal, 'SIGKILL');
    assert.deepEqual(readdirSync(tmp), []);
  });
});
