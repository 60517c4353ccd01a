// never upload the same account twice. Everything through the built CLI against a
// sandbox of its own (its account's sales are this file's only): a pool copied, renamed and
// moved; a fresh state folder after sales; kill -9, sales, the service's idempotency record
// expired and svc's clock moved past 24 h; CSV and JSONL on stdin; 2,500 held + 7,500 new.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { INPUTS_LIST, KNOWN_V2, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import {
  POOL_SECRET,
  autoListing,
  poolCsv as poolOf,
  refsOf as refsOfListings,
  sandboxPerFile,
  sell as sellOf,
} from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s), { resetEach: true });

const MARKER = 'ZZPOOLMARKER';
const DAY_MS = 24 * 3600 * 1000;
const SECRET = POOL_SECRET;

const listing = (tag: string, seed = 0) =>
  autoListing(sb, `E2E pool ${tag}`, {
    stock: Array.from({ length: seed }, (_, i) => `seed-${tag}-${i}-${MARKER}`),
  });
const poolCsv = (tag: string, from: number, to: number) => poolOf(tag, MARKER, from, to);
/** Every ref the listings hold now plus every ref their sales delivered, the pool tag taken off. */
const refsOf = (...ids: number[]) => refsOfListings(sb, ids, { held: true });

function assertOnce(refs: string[], prefix: string, expected?: number): void {
  const mine = refs.filter((r) => r.startsWith(`${prefix}.`));
  const twice = mine.filter((r, i) => mine.indexOf(r) !== i);
  assert.deepEqual(twice.slice(0, 5), [], 'a pool entry was uploaded twice');
  if (expected !== undefined) assert.equal(mine.length, expected);
}

const sell = (id: number, n: number) => sellOf(sb, id, n);

describe('pool identity by content', () => {
  test('a pool copied, renamed and moved between refills: no entry uploaded twice; `stock pool` shows entries any pool sent', async () => {
    const [a, b, c, d] = [await listing('a'), await listing('b'), await listing('c'), await listing('d')];
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('cp', 1, 30));
    const refill = (id: number, file: string, extra: string[] = []) =>
      svc(['stock', 'refill', String(id), '--pool', file, '--target', '10', ...extra, '-o', 'json'], { env });
    const r1 = await refill(a, pool);
    assert.equal(r1.code, 0, r1.stderr);
    const copy = join(dirs.dir, 'pool-copy.csv');
    copyFileSync(pool, copy);
    const r2 = await refill(b, copy);
    assert.equal(r2.code, 0, r2.stderr);
    mkdirSync(join(dirs.dir, 'elsewhere'));
    const moved = join(dirs.dir, 'elsewhere', 'renamed.txt');
    renameSync(copy, moved);
    appendFileSync(INPUTS_LIST, `${moved}\n`); // a test input (it holds the markers on purpose)
    const r3 = await refill(c, moved, ['--format', 'csv']);
    assert.equal(r3.code, 0, r3.stderr);
    // A new pool file holding 5 used entries and 5 new ones: only the new ones go.
    const mixed = writeFile(
      dirs.dir,
      'mixed.csv',
      `${poolCsv('cp', 1, 5)}${poolCsv('cp', 31, 35).split('\n').slice(1).join('\n')}`,
    );
    const r4 = await refill(d, mixed);
    assert.equal(r4.code, 0, r4.stderr);
    assert.equal(JSON.parse(r4.stdout).sent, 5);
    assertOnce(await refsOf(a, b, c, d), 'cp', 35);
    const shown = JSON.parse((await svc(['stock', 'pool', mixed, '-o', 'json'], { env })).stdout);
    assert.deepEqual(
      shown.filter((x: any) => x.lines).map((x: any) => [x.status, x.count, x.listing, x.lines]),
      [
        ['sent', 5, a, '2-6'],
        ['sent', 5, d, '7-11'],
      ],
    );
  });

  test('credentials `stock add` sent are never uploaded again by a refill from a pool that holds them', async () => {
    const a = await listing('sa');
    const b = await listing('sb');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const added = writeFile(dirs.dir, 'added.csv', poolCsv('sa', 1, 8));
    const r1 = await svc(['stock', 'add', String(a), '--file', added], { env });
    assert.equal(r1.code, 0, r1.stderr);
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('sa', 1, 12));
    const r2 = await svc(['stock', 'refill', String(b), '--pool', pool, '--target', '10', '-o', 'json'], { env });
    assert.equal(r2.code, 0, r2.stderr);
    assert.equal(JSON.parse(r2.stdout).sent, 4); // only 9-12
    assertOnce(await refsOf(a, b), 'sa', 12);
    const shown = JSON.parse((await svc(['stock', 'pool', pool, '-o', 'json'], { env })).stdout);
    assert.deepEqual(
      shown.map((x: any) => [x.status, x.count, x.listing, x.lines]),
      [
        ['sent', 8, a, '2-9'],
        ['sent', 4, b, '10-13'],
      ],
    );
  });

  test('a fresh state folder after sales: sold entries are read back from the orders, never uploaded again; unknowable: refused, nothing sent', async () => {
    const a = await listing('fa');
    const b = await listing('fb');
    const first = tempDirs();
    const env1 = { ...svcEnv(sb, first), SVC_POOL_SECRET: SECRET };
    const pool = writeFile(first.dir, 'pool.csv', poolCsv('fr', 1, 40));
    const args = (id: number) => ['stock', 'refill', String(id), '--pool', pool, '--target', '10', '-o', 'json'];
    for (const id of [a, b]) {
      const r = await svc(args(id), { env: env1 });
      assert.equal(r.code, 0, r.stderr);
    }
    await sell(a, 6);

    // Another machine (an empty state folder), same pool secret: B holds entries svc cannot see.
    const second = tempDirs();
    const env2 = { ...svcEnv(sb, second), SVC_POOL_SECRET: SECRET };
    await sb.control('DELETE', 'requests');
    const refused = await svc(args(a), { env: env2 });
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /ledger of this account was empty, but 6 entries svc uploaded were sold/);
    assert.match(refused.stderr, new RegExp(`listing ${b} hold|listings .*${b}`));
    assert.match(refused.stderr, /restore the state folder/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');

    // Another secret and no ledger: the sold entries cannot be recognised: refused.
    const third = tempDirs();
    const other = await svc(args(a), { env: svcEnv(sb, third) });
    assert.equal(other.code, 1, other.stderr);
    assert.match(other.stderr, /another pool secret.*nothing was sent/);
    assert.match(other.stderr, /SVC_POOL_SECRET/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');

    // B emptied (all sold, so known from the orders); the other listings that hold credentials
    // (the sandbox's demo data) hold none of this pool: the seller says so.
    await sell(b, 10);
    const ok = await svc([...args(a), '--accept-rebuilt-ledger'], { env: env2 });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /16 entries svc uploaded were found sold in \d+ sales/);
    assert.deepEqual(pick(JSON.parse(ok.stdout), ['sent', 'added', 'duplicates']), {
      sent: 6,
      added: 2,
      duplicates: 4,
    }); // A's 4 unknown here: skipped
    assertOnce(await refsOf(a, b), 'fr', 22); // 16 delivered + A's 4 held + 2 new
  });

  test('the pool secret lives with the profile (0600 config): a fresh state folder on that profile recognises what it sold', async () => {
    const a = await listing('pf');
    const first = tempDirs();
    const base = { SVC_BASE_URL: sb.url, SVC_CONFIG_DIR: first.configDir, SVC_KEYRING: 'off' };
    const env1 = { ...base, SVC_STATE_DIR: first.stateDir };
    const login = await svc(['auth', 'login', '--profile', 'shop'], { env: env1, input: KNOWN_V2 });
    assert.equal(login.code, 0, login.stderr);
    const pool = writeFile(first.dir, 'pool.csv', poolCsv('pf', 1, 20));
    const args = ['--profile', 'shop', 'stock', 'refill', String(a), '--pool', pool, '--target', '10', '-o', 'json'];
    const r1 = await svc(args, { env: env1 });
    assert.equal(r1.code, 0, r1.stderr);
    assert.doesNotMatch(r1.stderr, /pool secret was made in the state folder/);
    const configFile = join(first.configDir, 'config.json');
    assert.match(JSON.parse(readFileSync(configFile, 'utf8')).profiles.shop.poolSecret, /^[A-Za-z0-9+/]{43}=$/);
    assert.equal(statSync(configFile).mode & 0o777, 0o600);
    assert.ok(!existsSync(join(first.stateDir, 'pools', 'secret')), 'not in the state folder');
    await sell(a, 4);
    // The state folder is lost; the profile is not. The demo listings hold credentials none of this pool's.
    const second = tempDirs();
    const r2 = await svc([...args, '--accept-rebuilt-ledger'], { env: { ...base, SVC_STATE_DIR: second.stateDir } });
    assert.equal(r2.code, 0, r2.stderr);
    assert.match(r2.stderr, /4 entries svc uploaded were found sold/);
    assertOnce(await refsOf(a), 'pf');
  });

  test('kill -9 during a refill, sales, the key forgotten and the clock past 24 h: no sold entry re-sent', async () => {
    const id = await listing('kx');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const pool = writeFile(dirs.dir, 'pool.csv', poolCsv('kx', 1, 5000));
    const args = ['stock', 'refill', String(id), '--pool', pool, '--target', '4500'];
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 3 });
    let seen = 0;
    const inFlight = sb.waitForRequest((e) => e.route === 'addStock' && ++seen === 2);
    const killed = await svc(args, { env, killOn: inFlight });
    assert.equal(killed.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    await sb.idle(); // chunk 2, in flight at the kill, lands: 4000 held, chunk 2 unanswered in the journal
    await sell(id, 3000); // chunk 1's 2000, then 1000 of chunk 2
    await sb.control('POST', 'idempotency/expire', {});
    await sb.control('POST', 'clock', { advanceMs: DAY_MS + 3_600_000 });
    const again = await svc([...args, '-o', 'json'], {
      env: { ...env, SVC_CLOCK_OFFSET_MS: String(DAY_MS + 3_600_000) },
    });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /past the service's 24 h: \d+ sales read, 1000 of its entries sold since are left out/);
    assertOnce(await refsOf(id), 'kx', 5000);
  });

  test('stock add --resume past 24 h with sales since: stops and says so, nothing resent', async () => {
    const id = await listing('ar');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const file = writeFile(
      dirs.dir,
      'creds.csv',
      `credential,ref\n${Array.from({ length: 4500 }, (_, i) => `ar-${MARKER}-${i}:pw,ar.${i}`).join('\n')}\n`,
    );
    const args = ['stock', 'add', String(id), '--file', file];
    await sb.control('POST', 'faults', { match: { route: 'addStock' }, fault: { type: 'delay', ms: 400 }, times: 3 });
    let seen = 0;
    const inFlight = sb.waitForRequest((e) => e.route === 'addStock' && ++seen === 2);
    const killed = await svc(args, { env, killOn: inFlight });
    assert.equal(killed.signal, 'SIGKILL');
    await sb.control('DELETE', 'faults');
    await sb.idle();
    await sell(id, 2500);
    await sb.control('POST', 'idempotency/expire', {});
    await sb.control('DELETE', 'requests');
    const resumed = await svc([...args, '--yes'], {
      env: { ...env, SVC_CLOCK_OFFSET_MS: String(DAY_MS + 3_600_000) },
    });
    assert.notEqual(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /more than 23 h ago: the service may have forgotten its idempotency key/);
    assert.match(resumed.stderr, /sold 2500 since then/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was resent');
    assertOnce(await refsOf(id), 'ar');
  });
});

describe('stdin formats and the 10000 check', () => {
  test('CSV and JSONL on stdin: exit 2 without --format, nothing sent; uploaded right with it', async () => {
    const id = await listing('in');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const csv = `credential,ref,cost\nin-${MARKER}-0:pw0,BATCH-0,"1,50"\nin-${MARKER}-1:pw1,BATCH-1,"1,50"\n`;
    const jsonl = `${JSON.stringify({ credential: `in-${MARKER}-2:pw2`, ref: 'J-2' })}\n`;
    const headerless = `in-${MARKER}-3:pw3,BATCH-3,"1,50"\nin-${MARKER}-4:pw4,BATCH-4,2\n`;
    await sb.control('DELETE', 'requests');
    for (const [input, flag] of [
      [csv, '--format csv'],
      [jsonl, '--format jsonl'],
      [headerless, '--format csv'],
    ] as const) {
      const r = await svc(['stock', 'add', String(id), '--file', '-'], { env, input });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, new RegExp(`add ${flag}`));
    }
    // Said to be lines, a header line is still never a credential.
    const lines = await svc(['stock', 'add', String(id), '--file', '-', '--format', 'lines'], { env, input: csv });
    assert.equal(lines.code, 2, lines.stderr);
    assert.match(lines.stderr, /stdin:1: this line is the header of a CSV file/);
    assert.equal((await sb.writeRequests()).length, 0, 'nothing was sent');

    const c = await svc(['stock', 'add', String(id), '--file', '-', '--format', 'csv'], { env, input: csv });
    assert.equal(c.code, 0, c.stderr);
    const j = await svc(['stock', 'add', String(id), '--file', '-', '--format', 'jsonl'], { env, input: jsonl });
    assert.equal(j.code, 0, j.stderr);
    const state = await sb.control('GET', `state/products/${id}`);
    // The seller's refs, each with the pool tag svc adds (the account's record of what it sold; svc
    // decision "one identity").
    assert.deepEqual(
      state.credentialRefs.map((r: string) => r.replace(/\.svc[A-Za-z0-9_-]{18}$/, '')),
      ['BATCH-0', 'BATCH-1', 'J-2'],
    );
  });

  test('2,500 held + 7,500 new credentials: accepted, the listing ends at 10,000', async () => {
    const id = await listing('tk');
    const dirs = tempDirs();
    const env = svcEnv(sb, dirs);
    const cred = (i: number) => `tk-${MARKER}-${i}:pw`;
    const held = writeFile(dirs.dir, 'held.txt', `${Array.from({ length: 2500 }, (_, i) => cred(i)).join('\n')}\n`);
    assert.equal((await svc(['stock', 'add', String(id), '--file', held], { env })).code, 0);
    const all = writeFile(dirs.dir, 'all.txt', `${Array.from({ length: 10_000 }, (_, i) => cred(i)).join('\n')}\n`);
    const r = await svc(['stock', 'add', String(id), '--file', all, '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual([out.added, out.duplicates, out.inStock], [7500, 2500, 10_000]);
  });
});

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}
