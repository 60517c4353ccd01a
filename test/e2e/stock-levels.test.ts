// keep auto-delivery listings stocked. Everything through the built CLI against the
// sandbox: a sell burst drains a listing (product.out_of_stock at 0), `stock status` rows and
// exit 3, `stock refill` from a pool with its ledger (never an entry twice, exact after kill -9
// and after the pool is edited), `stock pool`.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

export const MARKER = 'ZZSECRETMARKER';

/** An approved, active auto-delivery listing holding `n` credentials (single, or one variant per count). */
export async function stockedListing(counts: number[] | number, tag: string): Promise<number> {
  const multiple = Array.isArray(counts);
  const res = await sb.api('POST', '/api/v2/products', {
    title: `E2E refill ${tag}`,
    description: 'Keys delivered automatically by the tests.',
    game: 'valorant',
    category: 'key',
    isAutoDelivery: true,
    ...(multiple
      ? {
          listingType: 'multiple',
          variants: counts.map((_, i) => ({ title: `Variant ${i}`, price: 500 + i, isAutoDelivery: true })),
        }
      : { price: 500 }),
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const id = res.body.data.id as number;
  const list = multiple ? counts : [counts];
  for (let v = 0; v < list.length; v++) {
    if (list[v] === 0) continue;
    const items = Array.from({ length: list[v]! }, (_, i) => ({ credential: `seed-${tag}-${v}-${i}-${MARKER}` }));
    const r = await sb.api('POST', `/api/v2/products/${id}/stock`, { ...(multiple ? { variantIndex: v } : {}), items });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await sb.control('POST', 'moderate', { productId: id, action: 'approve' });
  const on = await sb.api('PATCH', `/api/v2/products/${id}`, { isActive: true });
  assert.equal(on.status, 200, JSON.stringify(on.body));
  return id;
}

describe('sandbox sell burst', () => {
  let receiver: Server;
  const events: { event: string; data: any }[] = [];
  let waiters: (() => void)[] = [];
  before(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        events.push(JSON.parse(body));
        res.end('ok');
        for (const w of waiters) w();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    await sb.control('POST', 'webhooks', { urls: [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`] });
  });
  after(async () => {
    await sb.control('POST', 'webhooks', { urls: [] });
    await new Promise((r) => receiver.close(r));
  });
  const count = (name: string, id: number) => events.filter((e) => e.event === name && e.data.productId === id).length;
  const waitFor = (ok: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (ok()) resolve();
      };
      waiters.push(check);
      check();
    });

  test('a burst drains the listing, stops at 0 in stock, and product.out_of_stock is emitted once', async () => {
    const id = await stockedListing(4, 'burst');
    const dirs = tempDirs();
    const r = await svc(['sandbox', 'sell', String(id), '--orders', '10', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).length, 4);
    assert.match(r.stderr, /4 of 10 sales made \(4 units\); stopped: only 0 in stock/);
    assert.equal((await sb.api('GET', `/api/v2/products/${id}`)).body.data.autoDeliveryStock, 0);
    await waitFor(() => count('product.out_of_stock', id) >= 1 && count('order.delivered', id) >= 4);
    assert.equal(count('product.out_of_stock', id), 1);
    assert.equal(count('order.delivered', id), 4);
    waiters = [];
  });
});

describe('stock status', () => {
  test('rows per listing and variant with held, sold in 7 days, days left, state; --fail-below exits 3 only when a row is marked', async () => {
    const a = await stockedListing(5, 'st-a');
    const b = await stockedListing([4, 0], 'st-b');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const sold = await svc(['sandbox', 'sell', String(a), '--orders', '3'], { env });
    assert.equal(sold.code, 0, sold.stderr);

    const r = await svc(['stock', 'status', String(a), String(b), '--below', '3', '-o', 'json', '--verbose'], { env });
    assert.equal(r.code, 0, r.stderr); // marked rows without --fail-below: still 0
    const rows = JSON.parse(r.stdout);
    assert.deepEqual(
      rows.map((x: any) => [x.listing, x.variant, x.held, x.sold, x.daysLeft, x.state, x.alert]),
      [
        [a, null, 2, 3, 4.6, 'active', true],
        [b, 0, 4, 0, null, 'active', false],
        [b, 1, 0, 0, 0, 'out of stock', true],
      ],
    );
    // few requests: one page of listings and one of sales, nothing per listing; the first run of
    // a key also asks which account it is (GET /me, once per key; svc decision "one identity")
    assert.match(r.stderr, /stock status: 3 requests \(1 page of listings, 2 to sync the orders mirror/);
    assert.equal(r.stderr.match(/^svc: GET /gm)?.length, 3);

    const fail = await svc(['stock', 'status', String(a), String(b), '--below', '3', '--fail-below'], { env });
    assert.equal(fail.code, 3, fail.stderr);
    assert.match(fail.stderr, /2 of 3 rows marked \(fewer than 3 held\)/);
    const days = await svc(['stock', 'status', String(a), '--days', '5', '--fail-below', '--alerts', '-o', 'json'], {
      env,
    });
    assert.equal(days.code, 3, days.stderr);
    assert.deepEqual(
      JSON.parse(days.stdout).map((x: any) => x.reasons),
      [['< 5 days']],
    );
    const fine = await svc(['stock', 'status', String(a), '--below', '2', '--days', '4', '--fail-below'], { env });
    assert.equal(fine.code, 0, fine.stderr);
    const usage = await svc(['stock', 'status', '--fail-below'], { env });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /needs a threshold/);
  });
});

describe('stock status cost', () => {
  test('requests grow with pages of 100, not with listings: 250 more auto-delivery listings and 120 sales', async (t) => {
    await sb.control('POST', 'listings', { count: 250, autoDelivery: true });
    const manual = (await sb.control('POST', 'listings', { count: 120, stock: 1 })).ids as number[];
    for (const id of manual) await sb.control('POST', 'purchase', { productId: id });
    const dirs = tempDirs();
    const r = await svc(['stock', 'status', '--verbose', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const listings = (await sb.api('GET', '/api/v2/products?limit=1')).body.pagination.total as number;
    const sales = (
      await sb.api(
        'GET',
        `/api/v2/orders?type=sales&limit=1&from=${encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString())}`,
      )
    ).body.pagination.total as number;
    assert.ok(listings > 370 && sales >= 120, `${listings} listings, ${sales} sales`);
    // the first run makes the orders mirror (every order, 100 a page); later runs sync
    // it with the window and the moving statuses (at most 4 requests while few orders are new).
    const orders = (await sb.api('GET', '/api/v2/orders?limit=1')).body.pagination.total as number;
    const lp = Math.ceil(listings / 100);
    // + 1: the first run of a key asks which account it is (GET /me, once per key; svc decision
    // "one identity")
    const expected = lp + Math.ceil(orders / 100) + 1;
    assert.match(
      r.stderr,
      new RegExp(
        `stock status: ${expected} requests \\(${lp} pages of listings, ${Math.ceil(orders / 100) + 1} to sync the orders mirror`,
      ),
    );
    assert.equal(r.stderr.match(/^svc: GET /gm)?.length, expected);
    const again = await svc(['stock', 'status', '--verbose', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(again.code, 0, again.stderr);
    const second = Number(/stock status: (\d+) requests/.exec(again.stderr)?.[1]);
    assert.ok(second <= lp + 4, `second run: ${second} requests`);
    assert.deepEqual(JSON.parse(again.stdout), JSON.parse(r.stdout), 'the same rows from the mirror');
    t.diagnostic(
      `stock status: ${expected} requests for ${listings} listings (${JSON.parse(r.stdout).length} rows) and ${sales} sales in 7 days; ${second} the second time`,
    );
    assert.ok(JSON.parse(r.stdout).length >= 250);
  });
});

// ---- stock refill and stock pool -------------------------------------------------------------

/** A CSV pool: one credential per line with a unique ref, so where each entry went can be counted. */
function poolCsv(tag: string, from: number, to: number): string {
  const rows: string[] = [];
  for (let i = from; i <= to; i++) rows.push(`${tag}-${MARKER}-u${i}:p${i},${tag}.${i},0.25`);
  return rows.join('\n');
}

/** Every ref a listing (and its variants) holds now, plus every ref it delivered in sales. */
async function refsOf(id: number): Promise<string[]> {
  const state = await sb.control('GET', `state/products/${id}`);
  const held = [...state.credentialRefs, ...state.variants.flatMap((v: any) => v.credentialRefs)];
  const orders: any[] = [];
  for (let page = 1; ; page++) {
    const res = (await sb.api('GET', `/api/v2/orders?type=sales&limit=100&page=${page}`)).body;
    orders.push(...res.data.filter((o: any) => o.productId === id));
    if (page >= res.pagination.totalPages) break;
  }
  return [...held, ...orders.flatMap((o: any) => o.deliveredItems.map((d: any) => d.ref))].filter(
    (r) => r !== null && r !== undefined,
  );
}

function assertOnce(refs: string[], prefix: string): void {
  const mine = refs.filter((r) => r.startsWith(`${prefix}.`));
  assert.equal(
    new Set(mine).size,
    mine.length,
    `a pool entry was uploaded twice: ${mine
      .filter((r, i) => mine.indexOf(r) !== i)
      .slice(0, 5)
      .join(' ')} …`,
  );
}

function ledgerFiles(stateDir: string): string[] {
  const dir = join(stateDir, 'pools');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => join(dir, f));
}

describe('stock refill and stock pool', () => {
  // each test is a seller with a state folder and pool secret of its own; the sales
  // another test's svc tagged would (rightly) make its first refill refuse: one account each.
  beforeEach(async () => {
    await sb.control('POST', 'reset');
  });
  test('refill to a target across two listings from one pool uploads each pool entry at most once', async () => {
    const a = await stockedListing(2, 'rf-a');
    const b = await stockedListing([3, 0], 'rf-b');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(dirs.dir, 'pool.csv', `credential,ref,cost\n${poolCsv('two', 1, 40)}\n`);

    const dry = await svc(['stock', 'refill', String(a), '--pool', pool, '--target', '10', '--dry-run', '-o', 'json'], {
      env,
    });
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(
      pick(JSON.parse(dry.stdout), ['held', 'needed', 'wouldSend', 'requests', 'poolEntries', 'poolLeftAfter']),
      { held: 2, needed: 8, wouldSend: 8, requests: 1, poolEntries: 40, poolLeftAfter: 32 },
    );
    assert.ok(!existsSync(join(dirs.stateDir, 'pools')), 'a dry run writes no ledger and no secret');

    const r1 = await svc(['stock', 'refill', String(a), '--pool', pool, '--target', '10', '-o', 'json'], { env });
    assert.equal(r1.code, 0, r1.stderr);
    assert.deepEqual(pick(JSON.parse(r1.stdout), ['sent', 'added', 'inStock', 'poolLeft']), {
      sent: 8,
      added: 8,
      inStock: 10,
      poolLeft: 32,
    });
    const r2 = await svc(['stock', 'refill', `${b}:1`, '--pool', pool, '--target', '25', '-o', 'json'], { env });
    assert.equal(r2.code, 0, r2.stderr);
    assert.deepEqual(pick(JSON.parse(r2.stdout), ['variant', 'sent', 'inStock', 'poolLeft']), {
      variant: 1,
      sent: 25,
      inStock: 25,
      poolLeft: 7,
    });
    assert.match(r2.stderr, /pool .*pool\.csv is running low: 7 entries left/);
    // A sells 6; topping it up again takes the next entries, never one already sent to A or B.
    assert.equal((await svc(['sandbox', 'sell', String(a), '--orders', '6'], { env })).code, 0);
    const r3 = await svc(['stock', 'refill', String(a), '--pool', pool, '--target', '10', '-o', 'json'], { env });
    assert.equal(r3.code, 0, r3.stderr);
    assert.deepEqual(pick(JSON.parse(r3.stdout), ['sent', 'inStock', 'poolLeft']), {
      sent: 6,
      inStock: 10,
      poolLeft: 1,
    });
    const r4 = await svc(['stock', 'refill', `${b}:1`, '--pool', pool, '--target', '30'], { env });
    assert.equal(r4.code, 0, r4.stderr);
    assert.match(r4.stderr, /pool .*pool\.csv ran out: 1 sent of the 5 needed to reach 30/);

    const refs = [...(await refsOf(a)), ...(await refsOf(b))];
    assertOnce(refs, 'two');
    assert.equal(refs.filter((x) => x.startsWith('two.')).length, 40); // every entry went, each once
    const shown = await svc(['stock', 'pool', pool, '-o', 'json'], { env });
    assert.equal(shown.code, 0, shown.stderr);
    const rows = JSON.parse(shown.stdout);
    // one row per listing and job, with the lines of the file as it is
    assert.deepEqual(
      rows.map((x: any) => [x.status, x.count, x.listing, x.variant, x.lines]),
      [
        ['sent', 4, a, null, '6-9'],
        ['sent', 6, a, null, '35-40'],
        ['sent', 25, b, 1, '10-34'],
        ['sent', 1, b, 1, '41'],
        // what the orders show sold (A's 6 sales: its 2 seed credentials, then 4 of the pool's)
        ['sold', 4, a, null, '2-5'],
      ],
    );
    assert.equal(new Set(rows.map((x: any) => x.job)).size, 4);
  });

  test('kill -9 during a refill, then the same command again: exact, no entry twice', async () => {
    const id = await stockedListing(1, 'rf-kill');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(
      dirs.dir,
      'pool.csv',
      `credential,ref\n${poolCsv('kill', 1, 5000).replaceAll(',0.25', '')}\n`,
    );
    const args = ['stock', 'refill', String(id), '--pool', pool, '--target', '4501'];
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 3 });
    let seen = 0;
    const inFlight = sb.waitForRequest(
      (e) => e.route === 'addStock' && e.path === `/api/v2/products/${id}/stock` && ++seen === 2,
    );
    const killed = await svc(args, { env, killOn: inFlight });
    assert.equal(killed.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    await sb.idle(); // the request in flight at the kill still lands
    // Before the rerun, the pool shows what the ledger knows: chunk 1 answered, chunks 2 and 3 in flight.
    const mid = JSON.parse((await svc(['stock', 'pool', pool, '-o', 'json'], { env })).stdout);
    assert.deepEqual(
      mid.map((x: any) => [x.status, x.count]),
      [
        ['available', 500],
        ['in flight', 2500],
        ['sent', 2000],
      ],
    );
    assert.match(mid[1].job, /^st-\d{8}-[0-9a-f]{6}$/);
    assert.equal(mid[1].job, mid[2].job);
    const again = await svc([...args, '-o', 'json'], { env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /finishing interrupted refill job st-/);
    // one record: the finished job (its 4500 entries); the top-up after it found nothing to send
    assert.equal(JSON.parse(again.stdout).sent, 4500);
    assert.match(again.stderr, /at or above the target of 4501; nothing to send/);
    assert.equal((await sb.api('GET', `/api/v2/products/${id}`)).body.data.autoDeliveryStock, 4501);
    const refs = await refsOf(id);
    assertOnce(refs, 'kill');
    assert.equal(refs.filter((x) => x.startsWith('kill.')).length, 4500);
    // a third run has nothing to do
    const third = await svc(args, { env });
    assert.equal(third.code, 0, third.stderr);
    assert.match(third.stderr, /at or above the target of 4501; nothing to send/);
  });

  test('a pool edited between runs (lines inserted, even during an interrupted refill) never re-sends a used entry', async () => {
    const id = await stockedListing(0, 'rf-edit');
    const other = await stockedListing(0, 'rf-edit2');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const body = poolCsv('edit', 1, 2500);
    const pool = writeFile(dirs.dir, 'pool.csv', `credential,ref,cost\n${body}\n`);
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 2 });
    let seen = 0;
    const inFlight = sb.waitForRequest((e) => e.route === 'addStock' && ++seen === 2);
    const killed = await svc(['stock', 'refill', String(id), '--pool', pool, '--target', '2200'], {
      env,
      killOn: inFlight,
    });
    assert.equal(killed.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    await sb.idle();
    // Lines inserted at the top and in the middle: every line number moves.
    const lines = body.split('\n');
    writeFile(
      dirs.dir,
      'pool.csv',
      `credential,ref,cost\n${poolCsv('new', 1, 50)}\n${lines.slice(0, 1000).join('\n')}\n${poolCsv('mid', 1, 30)}\n${lines.slice(1000).join('\n')}\n`,
    );
    const resumed = await svc(['stock', 'refill', String(id), '--pool', pool, '--target', '2200'], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal((await sb.api('GET', `/api/v2/products/${id}`)).body.data.autoDeliveryStock, 2200);
    // Another listing from the edited pool takes the new lines and the rest, never a used entry.
    const next = await svc(['stock', 'refill', String(other), '--pool', pool, '--target', '380'], { env });
    assert.equal(next.code, 0, next.stderr);
    const refsA = await refsOf(id);
    const refsB = await refsOf(other);
    assertOnce([...refsA, ...refsB], 'edit');
    assert.equal(refsA.filter((r) => r.startsWith('edit.')).length, 2200);
    assert.deepEqual(
      refsB.filter((r) => r.startsWith('edit.')).length + refsB.filter((r) => /^(new|mid)\./.test(r)).length,
      380,
    );
    assert.equal(refsB.filter((r) => r.startsWith('new.')).length, 50); // file order: the inserted top lines first
  });

  test('the ledger and its secret are 0600 and hold no credential, only keyed hashes', async () => {
    const id = await stockedListing(0, 'rf-ledger');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(
      dirs.dir,
      'pool.txt',
      `${Array.from({ length: 20 }, (_, i) => `ledger-${MARKER}-${i}:pw`).join('\n')}\n`,
    );
    const r = await svc(['stock', 'refill', String(id), '--pool', pool, '--target', '12', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const [ledger] = ledgerFiles(dirs.stateDir);
    assert.ok(ledger);
    const text = readFileSync(ledger!, 'utf8');
    assert.ok(!text.includes(MARKER) && !text.includes('ledger-'), 'no credential in the ledger');
    const plan = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((x) => x.t === 'plan');
    assert.equal(plan.chunks[0].length, 12);
    for (const h of plan.chunks[0]) assert.match(h, /^[A-Za-z0-9_-]{18}$/); // the entry id its ref carries
    // which entries went where, in which job, with the service's answer
    const sent = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((x) => x.t === 'sent');
    assert.deepEqual(
      { ...sent, at: undefined },
      {
        t: 'sent',
        plan: plan.plan,
        chunk: 0,
        job: JSON.parse(r.stdout).jobId,
        added: 12,
        duplicates: 0,
        total: 12,
        at: undefined,
      },
    );
    assert.equal(plan.listing, id);
    // keyed: the plain sha256 of a credential is not what the ledger holds
    assert.ok(!text.includes(createHash('sha256').update(`ledger-${MARKER}-0:pw`).digest('base64url')));
    for (const f of [ledger!, join(dirs.stateDir, 'pools', 'secret')]) assert.equal(statSync(f).mode & 0o777, 0o600, f);
    assert.equal(statSync(join(dirs.stateDir, 'pools')).mode & 0o777, 0o700);
  });

  test('bad input exits 2 before anything is sent: unknown listing or variant, target above 10000, invalid pool lines', async () => {
    const single = await stockedListing(0, 'rf-bad');
    const multi = await stockedListing([0, 0], 'rf-bad2');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const good = writeFile(dirs.dir, 'good.csv', `credential,ref\n${MARKER}-g1:p,g.1\n`);
    const bad = writeFile(dirs.dir, 'bad.csv', `credential,ref\n${MARKER}-b1:p,b.1\n,b.2\n${MARKER}-b3:p,bad ref!\n`);
    await sb.control('DELETE', 'requests');
    const cases: [string[], RegExp][] = [
      [['999999', '--pool', good, '--target', '5'], /no listing 999999/],
      [[`${multi}:5`, '--pool', good, '--target', '5'], /has no variant 5/],
      [[String(multi), '--pool', good, '--target', '5'], /has variants: say which/],
      [[String(single), '--pool', good, '--target', '10001'], /--target 10001 is above 10000/],
      [
        [String(single), '--pool', bad, '--target', '5'],
        new RegExp(`${esc(bad)}:3: empty credential[\\s\\S]*${esc(bad)}:4: ref`),
      ],
    ];
    for (const [args, message] of cases) {
      const r = await svc(['stock', 'refill', ...args], { env });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');
    assert.ok(
      !existsSync(join(dirs.stateDir, 'pools')) || ledgerFiles(dirs.stateDir).length === 0,
      'no ledger for a refused run',
    );
  });

  test('entries the service refused are listed with their code by `stock pool`, set aside, and sent again with --retry-refused', async () => {
    const id = await stockedListing(0, 'rf-refused');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(
      dirs.dir,
      'pool.jsonl',
      `${Array.from({ length: 6 }, (_, i) => JSON.stringify({ credential: `ref-${MARKER}-${i}`, ref: `rz.${i}` })).join('\n')}\n`,
    );
    await sb.control('POST', 'faults', {
      match: { route: 'addStock' },
      fault: {
        type: 'status',
        status: 400,
        body: { error: 'Bad request', code: 'CREDENTIAL_REJECTED', message: 'the service refused these credentials' },
      },
    });
    const r = await svc(['stock', 'refill', String(id), '--pool', pool, '--target', '4'], { env });
    assert.equal(r.code, 3, r.stderr);
    const shown = JSON.parse((await svc(['stock', 'pool', pool, '-o', 'json'], { env })).stdout);
    assert.deepEqual(
      shown.map((x: any) => [x.status, x.count, x.lines, x.code]),
      [
        ['available', 2, '5-6', null],
        ['refused', 4, '1-4', 'CREDENTIAL_REJECTED'],
      ],
    );
    const next = await svc(['stock', 'refill', String(id), '--pool', pool, '--target', '4', '-o', 'json'], { env });
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stderr, /4 pool entries the service refused before are set aside/);
    assert.equal(JSON.parse(next.stdout).sent, 2);
    const retry = await svc(
      ['stock', 'refill', String(id), '--pool', pool, '--target', '6', '--retry-refused', '-o', 'json'],
      { env },
    );
    assert.equal(retry.code, 0, retry.stderr);
    assert.equal(JSON.parse(retry.stdout).inStock, 6);
    assertOnce(await refsOf(id), 'rz');
  });
});

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('stock refill at the same time', () => {
  beforeEach(async () => {
    await sb.control('POST', 'reset');
  });
  test('two refills from one pool at once (a cron run meeting a hook): the second waits, no entry twice', async () => {
    const a = await stockedListing(0, 'rf-lock-a');
    const b = await stockedListing(0, 'rf-lock-b');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(dirs.dir, 'pool.csv', `credential,ref\n${poolCsv('lock', 1, 30).replaceAll(',0.25', '')}\n`);
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 1500 }, times: 1 });
    const inFlight = sb.waitForRequest((e) => e.route === 'addStock' && e.path === `/api/v2/products/${a}/stock`);
    const first = svc(['stock', 'refill', String(a), '--pool', pool, '--target', '20'], { env });
    await inFlight; // the first holds the pool while its request is in flight
    const second = await svc(['stock', 'refill', String(b), '--pool', pool, '--target', '20'], { env });
    const one = await first;
    assert.equal(one.code, 0, one.stderr);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stderr, /waiting for the refill running in process \d+/);
    assert.match(second.stderr, /ran out: 10 sent of the 20 needed/);
    const refs = [...(await refsOf(a)), ...(await refsOf(b))];
    assertOnce(refs, 'lock');
    assert.equal(refs.length, 30);
  });
});
