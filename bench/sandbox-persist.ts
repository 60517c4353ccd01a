// bench/sandbox-persist: `svc sandbox --data FILE` with 100,000 orders, run
// as the built CLI (a process of its own, so its RSS is the sandbox's): the size of the state,
// the bytes that reach the data file and its log per price update (each update waited for until
// its save is on disk: a new FILE (rename) counts its whole size, a longer FILE.log its growth),
// and the sandbox's RSS over 1,000 reads and 1,000 writes. BENCH_COMPARE=PATH/bin/svc.js runs
// the same against another build (main before the change).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadData } from '../src/sandbox/persist.js';
import { BIN, ensureBuilt, tempDir } from './lib.js';

const PRODUCT = 101; // SEED_IDS.products.activeManual
const ORDERS = 100_000;

interface Child {
  url: string;
  key: string;
  proc: ChildProcess;
}

function startCli(bin: string, file: string): Promise<Child> {
  const dir = tempDir();
  const env = { ...process.env, SVC_CONFIG_DIR: join(dir, 'config'), SVC_STATE_DIR: join(dir, 'state') };
  const proc = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '--data', file, '--json', '--no-save', '--rate-limit', '1000000'],
    {
      env,
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl > 0) {
        const j = JSON.parse(out.slice(0, nl)) as { url: string; v2Key: string };
        resolve({ url: j.url, key: j.v2Key, proc });
      }
    });
    proc.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
}

const rssMb = (pid: number, field = 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function call(c: Child, method: string, path: string, body?: unknown): Promise<void> {
  const headers: Record<string, string> = { 'x-api-key': c.key };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    if (path.startsWith('/api/v2')) headers['idempotency-key'] = `bench_${randomBytes(12).toString('hex')}`;
  }
  const r = await fetch(c.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  await r.arrayBuffer();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status}`);
}

/** What is on disk now: the snapshot's inode and size, the log's size. */
function disk(file: string) {
  const s = statSync(file);
  const log = existsSync(`${file}.log`) ? statSync(`${file}.log`).size : 0;
  return { ino: s.ino, size: s.size, log };
}

/** Wait until the save of a write is on disk; the bytes it wrote. */
async function savedBytes(file: string, before: ReturnType<typeof disk>): Promise<number> {
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    const now = disk(file);
    if (now.ino !== before.ino) return now.size + Math.max(0, now.log - (now.log < before.log ? 0 : before.log));
    if (now.log > before.log) return now.log - before.log;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('no save within 30 s');
}

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Bytes this process had written to the storage layer (Linux /proc/PID/io). */
const ioWritten = (pid: number) => Number(/write_bytes: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);

/** 20 price updates, each waited for until its save is on disk: the bytes of each. */
async function perUpdate(c: Child, file: string, base: number): Promise<number[]> {
  const bytes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const before = disk(file);
    await call(c, 'PATCH', `/api/v2/products/${PRODUCT}`, { price: base + i });
    bytes.push(await savedBytes(file, before));
  }
  return bytes;
}

async function one(label: string, bin: string): Promise<void> {
  const file = join(tempDir(), 'state.json');
  const c = await startCli(bin, file);
  try {
    const r = await fetch(`${c.url}/_sandbox/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: ORDERS }),
    });
    if (r.status !== 201) throw new Error(`orders: ${r.status}`);
    while ((loadData(file)?.orders.length ?? 0) < ORDERS) await new Promise((res) => setTimeout(res, 500));
    const state = disk(file).size;
    const pid = c.proc.pid!;
    const bytes = await perUpdate(c, file, 20_000);
    const rss0 = rssMb(pid);
    const io0 = ioWritten(pid);
    const t0 = Date.now();
    let rssMax = rss0;
    for (let i = 0; i < 1000; i++) {
      await call(c, 'GET', i % 20 === 0 ? '/api/v2/orders?limit=20' : `/api/v2/products/${PRODUCT}`);
      await call(c, 'PATCH', `/api/v2/products/${PRODUCT}`, { price: 21_000 + i });
      if (i % 50 === 0) rssMax = Math.max(rssMax, rssMb(pid));
    }
    const rss1 = rssMb(pid);
    const amortised = (ioWritten(pid) - io0) / 1000;
    const later = await perUpdate(c, file, 30_000);
    const secs = (Date.now() - t0) / 1000;
    const mean = avg(bytes);
    const mb = (n: number) => n.toFixed(0);
    console.log(
      `${label.padEnd(8)} state ${(state / 1e6).toFixed(1)} MB; bytes per price update: mean ${Math.round(mean)}, max ${Math.max(...bytes)} (${(mean / state).toExponential(1)} of the state); after 2,000 requests ${Math.round(avg(later))}; written to disk over 1,000 writes without waiting (write_bytes, compactions included) ${Math.round(amortised)} per write`,
    );
    console.log(
      `${' '.repeat(9)}RSS ${mb(rss0)} MB -> ${mb(rss1)} MB over 1,000 reads + 1,000 writes (max ${mb(rssMax)}, peak ${mb(rssMb(pid, 'VmHWM'))}), ${secs.toFixed(1)} s`,
    );
  } finally {
    c.proc.kill('SIGKILL');
  }
}

export async function benchSandboxPersist(): Promise<void> {
  ensureBuilt();
  const compare = process.env.BENCH_COMPARE;
  if (compare) await one('before', compare);
  await one('now', BIN);
}
