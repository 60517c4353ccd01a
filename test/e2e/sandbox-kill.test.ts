// `svc sandbox --data FILE` killed with SIGKILL in the middle of a burst of
// writes leaves a state that loads, and a consistent one: every sale that is there took its
// unit of stock and credited the seller (a batch is all there or not at all), the sales are a
// prefix of those made, and every sale the file already held before the kill is still there.
// Ctrl-C (SIGINT) then keeps every acknowledged write. The sandbox runs as the built CLI, a
// child process killed with the test (harness.ts kills every CLI it spawned in `after`).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadData } from '../../src/sandbox/persist.js';
import type { SandboxData } from '../../src/sandbox/state.js';
import { svc, tempDirs } from './harness.js';

const STOCK = 100_000;
const PRICE = 1000;
const NET = PRICE - Math.round(PRICE * 0.1); // SANDBOX_FEE_RATE
const MAIN = 1001;

interface Running {
  url: string;
  stop: () => void;
  exited: Promise<{ code: number | null; signal?: NodeJS.Signals | null }>;
}

function startCli(file: string, env: Record<string, string>, how: 'kill' | 'interrupt'): Promise<Running> {
  let stop!: () => void;
  const stopped = new Promise<void>((r) => {
    stop = r;
  });
  return new Promise((resolve, reject) => {
    const exited = svc(['sandbox', '--port', '0', '--data', file, '--json', '--no-save'], {
      env,
      ...(how === 'kill' ? { killOn: stopped } : { interruptOn: stopped }),
      onOutput: (out) => {
        const nl = out.indexOf('\n');
        if (nl > 0) resolve({ url: JSON.parse(out.slice(0, nl)).url, stop, exited });
      },
    });
    exited.then((r) => reject(new Error(`the sandbox ended before it printed its URL: ${JSON.stringify(r)}`)));
  });
}

async function purchase(url: string, productId: number): Promise<number> {
  const r = await fetch(`${url}/_sandbox/purchase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId }),
  });
  const body = (await r.json()) as { data: { id: number } };
  assert.equal(r.status, 201, JSON.stringify(body));
  return body.data.id;
}

/** The listing's sales in the file, checked consistent: stock taken and seller credited per sale. */
function salesOf(data: SandboxData, productId: number, pendingAtStart: number): number[] {
  const sales = data.orders.filter((o) => o.productId === productId).map((o) => o.id);
  const listing = data.listings.find((l) => l.id === productId)!;
  assert.equal(listing.stock + sales.length, STOCK, 'each sale took one unit of stock');
  const pending = data.accounts.find((a) => a.id === MAIN)!.balance.pending;
  assert.equal(pending - pendingAtStart, sales.length * NET, 'each sale credited the seller');
  for (const [i, id] of sales.entries()) assert.equal(id, sales[0]! + i, 'the sales are a prefix of those made');
  return sales;
}

/** `workers` loops of sales until `until` acknowledged sales; returns the ids acknowledged. */
async function burst(url: string, productId: number, until: number, acked: number[], workers = 6): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (acked.length < until) acked.push(await purchase(url, productId));
    }),
  );
}

test('kill -9 during a burst of writes leaves a state that loads; Ctrl-C keeps every acknowledged write', {
  timeout: 170_000,
}, async () => {
  const { dir, configDir, stateDir } = tempDirs();
  const env = { SVC_CONFIG_DIR: configDir, SVC_STATE_DIR: stateDir };
  const file = join(dir, 'state.json');

  let sb = await startCli(file, env, 'kill');
  const made = await fetch(`${sb.url}/_sandbox/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1, stock: STOCK, price: PRICE }),
  });
  const productId = ((await made.json()) as { data: { ids: number[] } }).data.ids[0]!;
  // the listing is on disk before the burst (waiting for the state, not for a time)
  while (!loadData(file)?.listings.some((l) => l.id === productId)) await new Promise((r) => setTimeout(r, 20));
  const pendingAtStart = loadData(file)!.accounts.find((a) => a.id === MAIN)!.balance.pending;

  for (let round = 0; round < 3; round++) {
    const acked: number[] = [];
    await burst(sb.url, productId, 100, acked);
    // sales made so far reach the disk while the burst goes on
    let durable = 0;
    const writing = burst(sb.url, productId, 100_000, acked, 4).catch(() => undefined);
    while (durable < 100) {
      durable = loadData(file)!.orders.filter((o) => o.productId === productId).length;
      await new Promise((r) => setTimeout(r, 20));
    }
    const target = acked.length + 150;
    while (acked.length < target) await new Promise((r) => setTimeout(r, 5));
    sb.stop(); // SIGKILL with requests in flight
    assert.equal((await sb.exited).signal, 'SIGKILL');
    await writing;
    const sales = salesOf(loadData(file)!, productId, pendingAtStart);
    assert.ok(sales.length >= durable, `sales on disk before the kill are still there (${sales.length} < ${durable})`);
    sb = await startCli(file, env, round < 2 ? 'kill' : 'interrupt');
  }

  // a restart on what the kill left, then Ctrl-C: every acknowledged sale is kept
  const before = salesOf(loadData(file)!, productId, pendingAtStart).length;
  const acked: number[] = [];
  await burst(sb.url, productId, 300, acked);
  sb.stop(); // SIGINT
  assert.equal((await sb.exited).code, 0);
  const after = salesOf(loadData(file)!, productId, pendingAtStart);
  assert.equal(after.length, before + acked.length, 'every acknowledged sale is in the file');
});
