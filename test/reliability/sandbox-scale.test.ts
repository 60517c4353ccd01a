// At scale: `svc sandbox --data FILE` with 100,000 orders. A price update
// writes a few kilobytes to the change log, not the 31 MB state, and leaves the snapshot alone;
// memory (heap after GC) stays flat over 1,500 reads and 1,500 writes with a save per write.
// In-process against the sandbox; kept out of the edit-test loop (`npm run test:unit` skips
// test/reliability/) because 100,000 orders take tens of seconds on a shared machine.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { loadData } from '../../src/sandbox/persist.js';
import { Client, control, SEED_IDS, start, flushed } from '../sandbox/helpers.js';

const P = SEED_IDS.products;
const dir = mkdtempSync(join(tmpdir(), 'svc-sb-scale-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const logOf = (file: string) => `${file}.log`;
const size = (f: string) => statSync(f).size;

describe('sandbox --data with 100,000 orders', () => {
  let file: string;
  let sb: SandboxHandle;
  after(() => sb?.close());

  it('a price update writes a few kilobytes to the log; the snapshot is not rewritten', async (t) => {
    file = join(dir, 'big.json');
    sb = await start({ dataFile: file });
    assert.equal((await control(sb, 'POST', 'orders', { count: 100_000 })).status, 201);
    await flushed(sb);
    const snapshot = size(file);
    assert.ok(snapshot > 10_000_000, `the state is large (${snapshot} bytes)`);
    const v2 = new Client(sb, sb.keys.v2);
    const before = sb.persistence()!.bytesWritten;
    const logBefore = size(logOf(file));
    const n = 20;
    for (let i = 0; i < n; i++) {
      assert.equal((await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 20_000 + i })).status, 200);
      await flushed(sb); // one batch per write: the cost of one write
    }
    const perWrite = (sb.persistence()!.bytesWritten - before) / n;
    t.diagnostic(`bytes per price update: ${perWrite}; snapshot: ${snapshot}`);
    assert.ok(perWrite < 32 * 1024, `bytes written per price update: ${perWrite} (the state is ${snapshot})`);
    assert.equal(size(file), snapshot, 'the snapshot was not rewritten');
    assert.equal(size(logOf(file)) - logBefore, perWrite * n, 'every byte went to the log');
    await sb.close();
    sb = await start({ dataFile: file });
    const back = await new Client(sb, sb.keys.v2).get(`/api/v2/products/${P.activeManual}`);
    assert.equal(back.body.data.price, 20_000 + n - 1, 'a restart shows the last acknowledged price');
    assert.equal(loadData(file)!.orders.length, 100_000 + 8);
  });
});

describe('sandbox --data: memory stays flat', () => {
  it('heap after GC over 1,500 reads and 1,500 writes with 100,000 orders, a save per write', async (t) => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const file = join(dir, 'memory.json');
    const sb = await start({ dataFile: file, saveDelayMs: 0 });
    try {
      await control(sb, 'POST', 'orders', { count: 100_000 });
      await flushed(sb);
      const v1 = new Client(sb, sb.keys.v1);
      const v2 = new Client(sb, sb.keys.v2);
      let price = 100;
      const cycle = async (n: number) => {
        for (let i = 0; i < n; i++) {
          assert.equal((await v2.get(`/api/v2/products/${P.activeManual}`)).status, 200);
          assert.equal((await v1.patch(`/api/v1/products/${P.activeManual}`, { price: price++ })).status, 200);
        }
        await flushed(sb);
      };
      const heap = async () => {
        // the request log keeps the last 10,000 requests (bounded, not the persistence): emptied
        await control(sb, 'DELETE', 'requests');
        gc();
        gc();
        return process.memoryUsage().heapUsed;
      };
      // warm-up (compiled code, sockets, buffers settle: +1.8 to +2.9 MB over the first 1,500
      // after it, +0.2 MB over a third); a planted leak of each batch's text grew 13.9 MB
      await cycle(300);
      const saves0 = sb.persistence()!.saves;
      const h0 = await heap();
      await cycle(1500);
      const h1 = await heap();
      assert.ok(sb.persistence()!.saves - saves0 > 500, `a save per write or so (${sb.persistence()!.saves - saves0})`);
      const growth = (h1 - h0) / 1e6;
      t.diagnostic(
        `heap ${(h0 / 1e6).toFixed(1)} MB -> ${(h1 / 1e6).toFixed(1)} MB; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
      );
      assert.ok(growth < 6, `heap grew ${growth.toFixed(1)} MB over 1,500 reads and writes`);
    } finally {
      await sb.close();
    }
  });
});
