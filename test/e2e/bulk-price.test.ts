// Bulk-price end to end against the sandbox, through the built CLI.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createListings, getListing, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { sandboxPerFile } from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s));

/** Price of row i in cents: distinct and easy to check. */
const cents = (i: number) => 1000 + i * 7;
const decimalComma = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;

function bulkWrites(reqs: any[]): any[] {
  return reqs.filter((r) => r.route === 'bulkPrice' || r.route === 'updateVariants');
}

describe('products bulk-price', () => {
  test('a 250-row ;-separated CSV with a BOM and decimal commas sets exact prices in 3 requests', async () => {
    const ids = await createListings(sb, 250, 500);
    const dirs = tempDirs();
    const lines = ['id;price', ...ids.map((id, i) => `${id};${decimalComma(cents(i))}`)];
    const file = writeFile(dirs.dir, 'prices.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'bulk-price', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const writes = bulkWrites(await sb.writeRequests());
    if (process.env.DEBUG_E2E)
      console.error(
        JSON.stringify(
          writes.map(({ seq, route, status, idempotencyKey, replayed, applied, fault }) => ({
            seq,
            route,
            status,
            k: idempotencyKey?.slice(0, 6),
            replayed,
            applied,
            fault,
          })),
        ),
      );
    assert.equal(writes.length, 3);
    assert.ok(writes.every((w) => w.applied && w.status === 200));
    const outcomes = JSON.parse(r.stdout);
    assert.equal(outcomes.length, 250);
    assert.ok(outcomes.every((o: any) => o.status === 'ok'));
    assert.deepEqual(outcomes[0], { line: 2, id: ids[0], status: 'ok' });
    for (const i of [0, 99, 100, 199, 249]) assert.equal((await getListing(sb, ids[i]!)).price, cents(i));
  });

  test('a file with bad rows exits 2, names every FILE:LINE, and sends no write', async () => {
    const [a, b] = await createListings(sb, 2);
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'bad.csv',
      [
        'id,price',
        `${a},10.00`,
        '# a comment',
        `${b},abc`,
        '',
        `${a},20.00`,
        'x,5',
        `${b},1000000.01`,
        `${b},0`,
        `${b},1.999`,
      ].join('\n'),
    );
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'bulk-price', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    for (const line of [4, 6, 7, 8, 9, 10])
      assert.match(r.stderr, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}: `), `line ${line}`);
    assert.match(r.stderr, /nothing was sent/);
    assert.equal((await sb.writeRequests()).length, 0);
  });

  test('rows with a variant go through the variants route, grouped per listing', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'v.csv', 'id,variant,price_cents\n109,0,1234\n109,1,2345\n');
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'bulk-price', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const writes = bulkWrites(await sb.writeRequests());
    if (process.env.DEBUG_E2E)
      console.error(
        JSON.stringify(
          writes.map(({ seq, route, status, idempotencyKey, replayed, applied, fault }) => ({
            seq,
            route,
            status,
            k: idempotencyKey?.slice(0, 6),
            replayed,
            applied,
            fault,
          })),
        ),
      );
    assert.deepEqual(
      writes.map((w) => w.route),
      ['updateVariants'],
    );
    const l = await getListing(sb, 109);
    assert.deepEqual(
      l.variants.slice(0, 2).map((v: any) => v.price),
      [1234, 2345],
    );
  });

  test('a connection dropped after the sandbox applied a chunk is retried with the same key and applied once', async () => {
    const ids = await createListings(sb, 150);
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'p.csv',
      ['id,price_cents', ...ids.map((id, i) => `${id},${cents(i) + 1}`)].join('\n'),
    );
    await sb.control('DELETE', 'requests');
    await sb.control('POST', 'faults', { match: { route: 'bulkPrice' }, fault: { type: 'drop-after' }, times: 1 });
    const r = await svc(['products', 'bulk-price', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const writes = bulkWrites(await sb.writeRequests());
    if (process.env.DEBUG_E2E)
      console.error(
        JSON.stringify(
          writes.map(({ seq, route, status, idempotencyKey, replayed, applied, fault }) => ({
            seq,
            route,
            status,
            k: idempotencyKey?.slice(0, 6),
            replayed,
            applied,
            fault,
          })),
        ),
      );
    assert.equal(writes.length, 3, 'chunk 1 twice (dropped, then replayed), chunk 2 once');
    assert.equal(writes[0].idempotencyKey, writes[1].idempotencyKey);
    assert.equal(writes[0].fault, 'drop-after');
    assert.equal(writes[1].replayed, true);
    assert.equal(writes.filter((w) => w.applied).length, 2, 'each chunk applied exactly once');
    assert.equal((await getListing(sb, ids[0]!)).price, cents(0) + 1);
  });

  test('503 IDEMPOTENCY_UNAVAILABLE and a 429 are waited out and the job succeeds', async () => {
    const ids = await createListings(sb, 2);
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'p.csv', `id,price\n${ids[0]},3.33\n${ids[1]},4.44\n`);
    await sb.control('DELETE', 'requests');
    await sb.control('POST', 'faults', {
      match: { route: 'bulkPrice' },
      fault: {
        type: 'status',
        status: 503,
        body: { error: 'Unavailable', code: 'IDEMPOTENCY_UNAVAILABLE', message: 'try again' },
        headers: { 'Retry-After': '1' },
      },
      times: 1,
    });
    await sb.control('POST', 'faults', {
      match: { route: 'bulkPrice' },
      fault: {
        type: 'status',
        status: 429,
        body: { error: 'Too many requests', code: 'RATE_LIMITED' },
        headers: { 'Retry-After': '1' },
      },
      times: 1,
    });
    const r = await svc(['products', 'bulk-price', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const writes = bulkWrites(await sb.writeRequests());
    if (process.env.DEBUG_E2E)
      console.error(
        JSON.stringify(
          writes.map(({ seq, route, status, idempotencyKey, replayed, applied, fault }) => ({
            seq,
            route,
            status,
            k: idempotencyKey?.slice(0, 6),
            replayed,
            applied,
            fault,
          })),
        ),
      );
    assert.deepEqual(
      writes.map((w) => w.status),
      [503, 429, 200],
    );
    assert.equal(new Set(writes.map((w) => w.idempotencyKey)).size, 1);
    assert.equal((await getListing(sb, ids[1]!)).price, 444);
  });

  test('--dry-run prints the plan and sends nothing', async () => {
    const ids = await createListings(sb, 3);
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'p.csv', ['id,price', ...ids.map((id) => `${id},9.99`)].join('\n'));
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'bulk-price', file, '--dry-run', '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.equal(plan.items, 3);
    assert.equal(plan.requests, 1);
    assert.equal((await sb.writeRequests()).length, 0);
  });

  test('--max-change refuses rows that move too far, applies the rest, exits 3 and says why in the report', async () => {
    const [a, b] = await createListings(sb, 2, 1000);
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'p.csv', `id,price\n${a},11.00\n${b},20.00\n`);
    const report = join(dirs.dir, 'report.csv');
    const r = await svc(['products', 'bulk-price', file, '--max-change', '20', '--report', report], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(r.code, 3, r.stderr);
    assert.equal((await getListing(sb, a!)).price, 1100);
    assert.equal((await getListing(sb, b!)).price, 1000);
    const lines = readFileSync(report, 'utf8').trim().split(/\r?\n/);
    assert.equal(lines[0], 'id,price,status,code,message');
    assert.match(lines[1]!, /^\d+,11\.00,ok,,/);
    assert.match(lines[2]!, /,20\.00,skipped,MAX_CHANGE,/);
  });

  test('Ctrl-C during a job exits 130 with the resume command, and the resume finishes it', async () => {
    const ids = await createListings(sb, 250, 500);
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'p.csv',
      ['id,price_cents', ...ids.map((id, i) => `${id},${cents(i) + 9}`)].join('\n'),
    );
    await sb.control('POST', 'faults', { match: { route: 'bulkPrice' }, fault: { type: 'delay', ms: 1500 }, skip: 1 });
    const env = svcEnv(sb, dirs);
    const r = await svc(['products', 'bulk-price', file], { env, interruptWhen: /chunk 1\/3/ });
    assert.equal(r.code, 130, r.stderr);
    const m = /resume with: (svc products bulk-price .+ --resume (bp-\d{8}-[0-9a-f]{6}))/.exec(r.stderr);
    assert.ok(m, r.stderr);
    await sb.idle(); // the interrupted chunk lands
    const resumed = await svc(['products', 'bulk-price', file, '--resume', m[2]!], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    for (const i of [0, 150, 249]) assert.equal((await getListing(sb, ids[i]!)).price, cents(i) + 9);
  });

  test('kill -9 in the middle, then the same command with --yes resumes: every row applied exactly once', async () => {
    const ids = await createListings(sb, 300);
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'p.csv',
      ['id,price_cents', ...ids.map((id, i) => `${id},${cents(i) + 3}`)].join('\n'),
    );
    await sb.control('DELETE', 'requests');
    // Chunk 2 is slow: the CLI is killed while it waits for the answer (which the sandbox applies anyway).
    await sb.control('POST', 'faults', { match: { route: 'bulkPrice' }, fault: { type: 'delay', ms: 1500 }, times: 1 });
    const env = svcEnv(sb, dirs);
    // The first chunk waits 1.5 s for its answer: the CLI is killed once it is in flight, mid-request.
    const inFlight = sb.waitForRequest((e) => e.route === 'bulkPrice');
    const killed = await svc(['products', 'bulk-price', file], { env, killOn: inFlight });
    assert.equal(killed.signal, 'SIGKILL');
    const jobs = readdirSync(join(dirs.stateDir, 'jobs')).filter((f) => f.endsWith('.jsonl'));
    assert.equal(jobs.length, 1);
    await sb.idle(); // the sandbox finishes the delayed chunk (it applies it although the CLI is gone)
    const resumed = await svc(['products', 'bulk-price', file, '--yes'], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /resuming job/);
    const writes = bulkWrites(await sb.writeRequests());
    if (process.env.DEBUG_E2E)
      console.error(
        JSON.stringify(
          writes.map(({ seq, route, status, idempotencyKey, replayed, applied, fault }) => ({
            seq,
            route,
            status,
            k: idempotencyKey?.slice(0, 6),
            replayed,
            applied,
            fault,
          })),
        ),
      );
    const applied = writes.filter((w) => w.applied);
    assert.equal(applied.length, 3, 'three chunks, each applied once');
    assert.equal(new Set(applied.map((w) => w.idempotencyKey)).size, 3);
    for (const i of [0, 150, 299]) assert.equal((await getListing(sb, ids[i]!)).price, cents(i) + 3);
  });
});
