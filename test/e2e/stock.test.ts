// Stock import end to end against the sandbox, through the built CLI.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAutoListing, startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

const MARKER = 'ZZSECRETMARKER';
const creds = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}-${MARKER}-user${i}:pw${i}`);

const autoListing = () => createAutoListing(sb);

async function autoStock(id: number): Promise<number> {
  return (await sb.api('GET', `/api/v2/products/${id}`)).body.data.autoDeliveryStock;
}

function stockWrites(reqs: any[]): any[] {
  return reqs.filter((r) => r.route === 'addStock');
}

function journalChunks(stateDir: string): number[] {
  const file = readdirSync(join(stateDir, 'jobs')).find((f) => f.endsWith('.jsonl'))!;
  const header = JSON.parse(readFileSync(join(stateDir, 'jobs', file), 'utf8').split('\n')[0]!);
  return header.chunks.map((c: any) => c.count);
}

describe('stock add', () => {
  test('4500 lines go in 3 requests of 2000, 2000 and 500, and 4500 are in stock', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${creds(4500, 'a').join('\n')}\n`);
    await sb.control('DELETE', 'requests');
    const r = await svc(['stock', 'add', String(id), '--file', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(stockWrites(await sb.writeRequests()).length, 3);
    assert.deepEqual(journalChunks(dirs.stateDir), [2000, 2000, 500]);
    const out = JSON.parse(r.stdout);
    assert.equal(out.added, 4500);
    assert.equal(out.inStock, 4500);
    assert.equal(await autoStock(id), 4500);
  });

  test('a CSV with ref and decimal cost stores both, and a sale shows them in deliveredItems', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'creds.csv',
      `credential,ref,cost\n${MARKER}-k1:p1,batch-7.a,1.25\n${MARKER}-k2:p2,batch-7.b,"0,50"\n`,
    );
    const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    // New listings start under review: approve it as the platform would, through the CLI's front.
    const mod = await svc(['sandbox', 'moderate', String(id), 'approve'], { env: svcEnv(sb, dirs) });
    assert.equal(mod.code, 0, mod.stderr);
    const order = await sb.control('POST', 'purchase', { productId: id });
    const got = (await sb.api('GET', `/api/v2/orders/${order.id}`)).body.data;
    // The seller's ref, then the pool tag svc adds (the account's record of what it sold; svc
    // decision "one identity").
    assert.equal(got.deliveredItems.length, 1);
    assert.match(got.deliveredItems[0].ref, /^batch-7\.a\.svc[A-Za-z0-9_-]{18}$/);
    assert.equal(got.deliveredItems[0].costCents, 125);
    assert.ok(!JSON.stringify(got).includes(MARKER), 'the order never carries the credential');
  });

  test('a connection dropped after the sandbox applied chunk 2 still ends with exactly 4500', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${creds(4500, 'b').join('\n')}\n`);
    await sb.control('DELETE', 'requests');
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'drop-after' }, skip: 1 });
    const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const writes = stockWrites(await sb.writeRequests());
    assert.equal(writes.length, 4);
    assert.equal(writes[1].fault, 'drop-after');
    assert.equal(writes[2].idempotencyKey, writes[1].idempotencyKey);
    assert.equal(writes[2].replayed, true);
    assert.equal(await autoStock(id), 4500);
  });

  // Killed while chunk 1 is in flight (nothing answered yet), or while chunk 2 is (chunk 1 landed).
  for (const [label, chunk] of [
    ['early', 1],
    ['in the middle', 2],
  ] as const) {
    test(`kill -9 ${label}, then resume: exactly 4500 in stock`, async () => {
      const id = await autoListing();
      const dirs = tempDirs();
      const file = writeFile(dirs.dir, 'creds.txt', `${creds(4500, `k${chunk}`).join('\n')}\n`);
      await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 3 });
      const env = svcEnv(sb, dirs);
      let seen = 0;
      const inFlight = sb.waitForRequest(
        (e) => e.route === 'addStock' && e.path === `/api/v2/products/${id}/stock` && ++seen === chunk,
      );
      const killed = await svc(['stock', 'add', String(id), '--file', file], { env, killOn: inFlight });
      assert.equal(killed.signal, 'SIGKILL');
      await sb.control('DELETE', 'faults');
      await sb.idle(); // a request in flight at the kill still lands
      const jobs = await svc(['stock', 'jobs', '-o', 'json'], { env });
      const job = JSON.parse(jobs.stdout)[0];
      if (job) {
        assert.equal(job.state, 'interrupted');
        const r = await svc(['stock', 'add', String(id), '--file', file, '--resume', job.id], { env });
        assert.equal(r.code, 0, r.stderr);
        // The state cell is svc's word: in the seller's language in a table, the value in csv.
        const pt = await svc(['stock', 'jobs', '-o', 'table'], { env: { ...env, LANG: 'pt_BR.UTF-8' } });
        assert.match(pt.stdout, /concluído/, pt.stdout);
        assert.doesNotMatch(pt.stdout, /\bdone\b/, pt.stdout);
        const csv = await svc(['stock', 'jobs', '-o', 'csv'], { env: { ...env, LANG: 'pt_BR.UTF-8' } });
        assert.match(csv.stdout, /,done,/, csv.stdout);
      } else {
        // killed before anything was journaled: nothing was sent, a plain run does it all
        const r = await svc(['stock', 'add', String(id), '--file', file], { env });
        assert.equal(r.code, 0, r.stderr);
      }
      assert.equal(await autoStock(id), 4500);
    });
  }

  test('resuming a 7000-credential import killed after 4000 landed is not refused by the 10000 limit, and ends at 7000', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${creds(7000, 'r').join('\n')}\n`);
    // chunk 3 hangs: the CLI is killed while it waits, with chunks 1 and 2 (4000) applied
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 3000 }, skip: 2 });
    const env = svcEnv(sb, dirs);
    const killed = await svc(['stock', 'add', String(id), '--file', file], { env, killWhen: /chunk 2\/4/ });
    assert.equal(killed.signal, 'SIGKILL');
    assert.ok((await autoStock(id)) >= 4000);
    const r = await svc(['stock', 'add', String(id), '--file', file, '--yes'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /resuming job/);
    await sb.idle(); // the hung request lands too: still 7000
    assert.equal(await autoStock(id), 7000);
  });

  test('a 5001-character credential on line 77 is reported as FILE:77, exit 2, nothing sent', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const lines = creds(100, 'c');
    lines[76] = `${MARKER}${'x'.repeat(5001 - MARKER.length)}`;
    const file = writeFile(dirs.dir, 'long.txt', `${lines.join('\n')}\n`);
    await sb.control('DELETE', 'requests');
    const r = await svc(['stock', 'add', String(id), '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:77: `));
    assert.equal(stockWrites(await sb.writeRequests()).length, 0);
    assert.ok(!r.stderr.includes(MARKER) && !r.stdout.includes(MARKER));
  });

  test('credentials from stdin are spooled to a private temp file and imported', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const r = await svc(['stock', 'add', String(id), '--file', '-', '-o', 'json'], {
      env: svcEnv(sb, dirs),
      input: `${creds(10, 'd').join('\n')}\n`,
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).added, 10);
  });

  test('a multi-variant listing needs --variant (exit 2, nothing sent)', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'c.txt', 'one\n');
    const r = await svc(['stock', 'add', '109', '--file', file], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--variant/);
  });

  test('no credential appears in any output or in the state folder', async () => {
    const id = await autoListing();
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'creds.txt', `${creds(50, 'e').join('\n')}\n`);
    const r = await svc(['stock', 'add', String(id), '--file', file, '--verbose'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!(r.stdout + r.stderr).includes(MARKER));
    for (const f of readdirSync(join(dirs.stateDir, 'jobs'))) {
      assert.ok(!readFileSync(join(dirs.stateDir, 'jobs', f), 'utf8').includes(MARKER), `${f} holds a credential`);
    }
  });
});
