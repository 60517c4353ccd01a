// `--data FILE` persists the change, not the whole state. Every write route
// and control route leaves a file that loads into the same state; a log cut at any byte (a
// process killed while writing) loads as the state before or after its last batch, never a mix;
// a version 1 file (the whole state, no log) loads; the log is private. The 100,000-order
// figures (bytes per write, flat memory) are in test/reliability/sandbox-scale.test.ts.
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { loadData } from '../../src/sandbox/persist.js';
import { Client, control, idemKey, listingBody, SEED_IDS, start, flushed } from './helpers.js';
import { tmpdir } from 'node:os';

const P = SEED_IDS.products;
const dir = mkdtempSync(join(tmpdir(), 'svc-sb-changes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** What a restart would load equals the state in memory. */
async function sameOnDisk(sb: SandboxHandle, file: string, what: string): Promise<void> {
  await flushed(sb);
  assert.deepStrictEqual(loadData(file), JSON.parse(sb.stateJson()), `after ${what}`);
}

describe('sandbox --data: every change is in the file', () => {
  it('after each write route and control route, the file loads into the state in memory', async () => {
    const file = join(dir, 'routes.json');
    // a save per write (no 200 ms gathering): the point is what each route writes; the gathered
    // batches of the default are held by test/e2e/sandbox-kill.test.ts
    const sb = await start({ dataFile: file, saveDelayMs: 0 });
    const v2 = new Client(sb, sb.keys.v2);
    const v1 = new Client(sb, sb.keys.v1);
    const ok = (r: { status: number; body: unknown }) => assert.ok(r.status < 300, JSON.stringify(r.body));
    const steps: [string, () => Promise<unknown>][] = [
      ['a v2 create', async () => ok(await v2.post('/api/v2/products', listingBody()))],
      ['a v2 price update', async () => ok(await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26_500 }))],
      [
        'bulk-price',
        async () =>
          ok(await v2.patch('/api/v2/products/bulk-price', { items: [{ id: P.activeManual, price: 26_600 }] })),
      ],
      [
        'bulk-status',
        async () =>
          ok(await v2.patch('/api/v2/products/bulk-status', { items: [{ id: P.activeManual, isActive: false }] })),
      ],
      [
        'a variants edit',
        async () =>
          ok(
            await v2.patch(`/api/v2/products/${P.multiManual}/variants`, {
              items: [{ index: 0, price: 1234, stock: 9 }],
            }),
          ),
      ],
      [
        'a stock add',
        async () =>
          ok(await v2.post(`/api/v2/products/${P.singleAuto}/stock`, { items: [{ credential: 'user:pass-new-1' }] })),
      ],
      [
        'a contestation',
        async () => ok(await v2.post(`/api/v2/reviews/${SEED_IDS.reviews.twoStars}/contest`, { reason: 'not fair' })),
      ],
      ['reads (key usage, saved with the next write)', async () => ok(await v2.get('/api/v2/orders?limit=5'))],
      [
        'a v1 create',
        async () =>
          ok(
            await v1.post('/api/v1/products', {
              title: 'v1 listing',
              description: 'made by v1 in a test',
              price: 12.5,
              game: 'valorant',
            }),
          ),
      ],
      ['a v1 update', async () => ok(await v1.patch(`/api/v1/products/${P.activeManual}`, { price: 270.01 }))],
      ['a key made', async () => ok(await v1.post('/api/api-keys', { name: 'made in a test', version: 'v1' }))],
      ['a purchase', async () => ok(await control(sb, 'POST', 'purchase', { productId: P.singleAuto }))],
      [
        'an unpaid order, then paid',
        async () => {
          const o = await control(sb, 'POST', 'purchase', {
            productId: P.singleAuto,
            unpaid: true,
            createdAgoMs: 86_400_000,
          });
          ok(o);
          ok(await control(sb, 'POST', 'pay', { orderIds: [o.body.data.id] }));
        },
      ],
      [
        'moderation',
        async () => ok(await control(sb, 'POST', 'moderate', { productId: P.underReview, action: 'approve' })),
      ],
      ['offline on', async () => ok(await control(sb, 'POST', 'offline', { on: true }))],
      ['offline off', async () => ok(await control(sb, 'POST', 'offline', { on: false }))],
      ['seller flags', async () => ok(await control(sb, 'POST', 'seller', { inDebt: true }))],
      [
        'a question, answered',
        async () => {
          ok(await control(sb, 'POST', 'seller', { inDebt: false }));
          const q = await control(sb, 'POST', 'questions', { productId: P.singleAuto, text: 'still there?' });
          ok(q);
          ok(await v2.post(`/api/v2/questions/${q.body.data.id}/answer`, { answer: 'Yes, it is.' }));
        },
      ],
      ['listings made', async () => ok(await control(sb, 'POST', 'listings', { count: 3, stock: 2 }))],
      ['orders made', async () => ok(await control(sb, 'POST', 'orders', { count: 5, listOrder: 'newest' }))],
      [
        'an order status',
        async () =>
          ok(await control(sb, 'POST', 'order-status', { id: SEED_IDS.orders.saleProcessing, status: 'completed' })),
      ],
      ['the clock moved', async () => ok(await control(sb, 'POST', 'clock', { advanceMs: 3_600_000 }))],
      ['idempotency records forgotten', async () => ok(await control(sb, 'POST', 'idempotency/expire', {}))],
      [
        'a v2 write after that',
        async () =>
          ok(
            await v2.patch(`/api/v2/products/${P.activeManual}`, { title: 'A new title for it' }, { idem: idemKey() }),
          ),
      ],
      [
        'a key revoked',
        async () => {
          const keys = await v1.get('/api/api-keys');
          const made = keys.body.data.find((k: { name: string }) => k.name === 'made in a test');
          ok(await v1.delete(`/api/api-keys/${made.id}`));
        },
      ],
      ['a reset', async () => ok(await control(sb, 'POST', 'reset', {}))],
      [
        'a write after the reset',
        async () => ok(await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 25_000 })),
      ],
    ];
    try {
      for (const [what, step] of steps) {
        await step();
        // a read writes nothing: what it changed (the key's usage) is in the next write's batch
        if (what.startsWith('reads')) assert.equal(sb.persistence()!.pending, false, 'a read schedules no save');
        else await sameOnDisk(sb, file, what);
      }
    } finally {
      await sb.close();
    }
    const again = await start({ dataFile: file });
    try {
      assert.deepStrictEqual(JSON.parse(again.stateJson()), JSON.parse(sb.stateJson()), 'a restart shows every change');
    } finally {
      await again.close();
    }
  });
});

const logOf = (file: string) => `${file}.log`;
const size = (f: string) => statSync(f).size;

describe('sandbox --data: a log cut at any byte loads', () => {
  it('the state before the last batch or after it, never a mix; a restart cuts the torn tail', async () => {
    const file = join(dir, 'torn.json');
    const sb = await start({ dataFile: file });
    await control(sb, 'POST', 'purchase', { productId: P.activeManual, quantity: 2 });
    await flushed(sb);
    const start1 = size(logOf(file));
    // one batch touching the listing (stock), a new order, the seller's balance and nextId
    await control(sb, 'POST', 'purchase', { productId: P.activeManual, quantity: 3 });
    await flushed(sb);
    await sb.close();
    const log = readFileSync(logOf(file));
    assert.ok(log.length > start1, 'the purchase is one more batch in the log');
    const scratch = join(dir, 'torn-copy.json');
    copyFileSync(file, scratch);
    const at = (n: number) => {
      writeFileSync(logOf(scratch), log.subarray(0, n));
      return loadData(scratch)!;
    };
    const beforeBatch = JSON.stringify(at(start1));
    const afterBatch = JSON.stringify(at(log.length));
    assert.notEqual(beforeBatch, afterBatch);
    for (let n = start1; n < log.length; n++) assert.equal(JSON.stringify(at(n)), beforeBatch, `log cut at byte ${n}`);
    const stock = (d: ReturnType<typeof at>) => d.listings.find((l) => l.id === P.activeManual)!.stock;
    assert.equal(stock(JSON.parse(beforeBatch)) - stock(JSON.parse(afterBatch)), 3);

    // a restart on a torn log cuts the tail, and the next batch is read back
    writeFileSync(logOf(scratch), log.subarray(0, start1 + Math.floor((log.length - start1) / 2)));
    const again = await start({ dataFile: scratch });
    await new Client(again, again.keys.v2).patch(`/api/v2/products/${P.singleAuto}`, { price: 4321 });
    await again.close();
    const reloaded = loadData(scratch)!;
    assert.equal(reloaded.listings.find((l) => l.id === P.singleAuto)!.price, 4321);
    assert.equal(stock(reloaded), stock(JSON.parse(beforeBatch)), 'the torn purchase is not there');
  });
});

describe('sandbox --data: a version 1 file (the whole state, no log) loads', () => {
  it('loads as it was, is rewritten once as version 2, and takes writes', async () => {
    const file = join(dir, 'v1.json');
    const mem = await start();
    const state = JSON.parse(mem.stateJson());
    await mem.close();
    state.version = 1; // what every earlier svc wrote: JSON.stringify of the whole state
    state.listings.find((l: { id: number }) => l.id === P.activeManual).title = 'Written by an older svc';
    writeFileSync(file, JSON.stringify(state));
    const sb = await start({ dataFile: file });
    try {
      assert.deepStrictEqual(JSON.parse(sb.stateJson()), { ...state, version: 2 });
      assert.equal(JSON.parse(readFileSync(file, 'utf8')).version, 2, 'migrated at open');
      await new Client(sb, sb.keys.v2).patch(`/api/v2/products/${P.activeManual}`, { price: 24_000 });
      await sameOnDisk(sb, file, 'a write after the migration');
    } finally {
      await sb.close();
    }
    assert.equal(loadData(file)!.listings.find((l) => l.id === P.activeManual)!.title, 'Written by an older svc');
  });
});

describe('sandbox --data: the change log is private and never followed through a link', () => {
  it('FILE.log is 0600; a symlink planted at FILE.log is refused, its target untouched', async () => {
    const file = join(dir, 'private.json');
    const sb = await start({ dataFile: file });
    await new Client(sb, sb.keys.v2).patch(`/api/v2/products/${P.activeManual}`, { price: 23_000 });
    await sb.close();
    assert.equal(statSync(logOf(file)).mode & 0o777, 0o600);
    assert.equal(statSync(file).mode & 0o777, 0o600);

    const planted = join(dir, 'planted.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, logOf(planted));
    await assert.rejects(start({ dataFile: planted }), /ELOOP|symbolic link/);
    assert.equal(readFileSync(victim, 'utf8'), 'untouched');
  });

  it("a temporary snapshot left by a killed sandbox is removed at the next start; a live process's is kept", async () => {
    const file = join(dir, 'leftovers.json');
    const dead = `${file}.999999999.0123456789abcdef.tmp`; // no such process
    const live = `${file}.${process.pid}.0123456789abcdef.tmp`;
    const other = join(dir, 'someone-else.999999999.0123456789abcdef.tmp');
    for (const f of [dead, live, other]) writeFileSync(f, '{"half":');
    const sb = await start({ dataFile: file });
    await sb.close();
    assert.equal(existsSync(dead), false, "a dead process's temporary file is removed");
    assert.equal(existsSync(live), true, "a running process's is kept");
    assert.equal(existsSync(other), true, "another file's is kept");
  });
});
