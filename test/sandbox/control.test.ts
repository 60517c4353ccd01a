// Control routes, faults, the request log, persistence and the options of startSandbox
// (cli-spec 5). Not part of the real API.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { loadData } from '../../src/sandbox/persist.js';
import {
  Client,
  SEED_IDS,
  control,
  idemKey,
  listingState,
  requestLog,
  reset,
  sleep,
  start,
  useSandbox,
} from './helpers.js';

const P = SEED_IDS.products;
let sb: SandboxHandle;
let v2: Client;

describe('control routes and faults', () => {
  useSandbox((s) => ({ sb, v2 } = s));

  it('needs no key and is not part of the API log', async () => {
    assert.equal((await control(sb, 'GET', '')).status, 200);
    assert.equal((await requestLog(sb)).length, 0);
  });

  it('logs each API request without the key: seq, method, path, query, route, status, idempotencyKey, replayed, applied, fault, at', async () => {
    const key = idemKey();
    await v2.get('/api/v2/products?limit=5');
    await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 }, { idem: key });
    const log = await requestLog(sb);
    assert.deepEqual(Object.keys(log[0]!).sort(), [
      'applied',
      'at',
      'fault',
      'idempotencyKey',
      'method',
      'path',
      'query',
      'replayed',
      'route',
      'seq',
      'status',
    ]);
    assert.deepEqual(
      log.map((e) => [e.seq, e.method, e.route, e.status, e.applied, e.idempotencyKey]),
      [
        [1, 'GET', 'listProducts', 200, false, null],
        [2, 'PATCH', 'updateProduct', 200, true, key],
      ],
    );
    assert.equal(log[0]!.query, 'limit=5');
    assert.ok(!JSON.stringify(log).includes(sb.keys.v2));
  });

  it('clears the request log with DELETE', async () => {
    await v2.get('/api/v2/me');
    await control(sb, 'DELETE', 'requests');
    assert.equal((await requestLog(sb)).length, 0);
  });

  it('answers a status fault without executing, then serves normally', async () => {
    await control(sb, 'POST', 'faults', {
      match: { method: 'PATCH', path: `/products/${P.activeManual}` },
      fault: { type: 'status', status: 500 },
    });
    const r = await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 });
    assert.equal(r.status, 500);
    assert.equal((await listingState(sb, P.activeManual)).price, 25000);
    assert.equal((await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 })).status, 200);
    const log = await requestLog(sb);
    assert.deepEqual(
      log.map((e) => [e.fault, e.applied]),
      [
        ['status', false],
        [null, true],
      ],
    );
  });

  it('answers a status fault with the body and headers given', async () => {
    await control(sb, 'POST', 'faults', {
      match: { route: 'me' },
      fault: { type: 'status', status: 418, body: { custom: true }, headers: { 'X-Test': 'yes' } },
    });
    const r = await v2.get('/api/v2/me');
    assert.equal(r.status, 418);
    assert.deepEqual(r.body, { custom: true });
    assert.equal(r.headers.get('x-test'), 'yes');
    assert.ok(r.headers.get('x-ratelimit-limit'));
  });

  it('applies a fault the given number of times', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'me' }, fault: { type: 'status', status: 500 }, times: 2 });
    assert.equal((await v2.get('/api/v2/me')).status, 500);
    assert.equal((await v2.get('/api/v2/me')).status, 500);
    assert.equal((await v2.get('/api/v2/me')).status, 200);
  });

  it('lets `skip` matching requests through before the fault hits', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'me' }, fault: { type: 'status', status: 500 }, skip: 2 });
    assert.equal((await v2.get('/api/v2/me')).status, 200);
    assert.equal((await v2.get('/api/v2/me')).status, 200);
    assert.equal((await v2.get('/api/v2/me')).status, 500);
    assert.equal((await v2.get('/api/v2/me')).status, 200);
  });

  it('matches faults by route name only on that route', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'balance' }, fault: { type: 'status', status: 500 } });
    assert.equal((await v2.get('/api/v2/me')).status, 200);
    assert.equal((await v2.get('/api/v2/balance')).status, 500);
  });

  it('refuses a fault naming an unknown route', async () => {
    const r = await control(sb, 'POST', 'faults', { match: { route: 'nope' }, fault: { type: 'delay', ms: 1 } });
    assert.equal(r.status, 400);
  });

  it('delays a request by ms then handles it', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'me' }, fault: { type: 'delay', ms: 200 } });
    const t0 = Date.now();
    assert.equal((await v2.get('/api/v2/me')).status, 200);
    assert.ok(Date.now() - t0 >= 190);
  });

  it('drops the connection before executing (drop-before)', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'updateProduct' }, fault: { type: 'drop-before' } });
    await assert.rejects(v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 }));
    assert.equal((await listingState(sb, P.activeManual)).price, 25000);
    const log = await requestLog(sb);
    assert.deepEqual([log[0]!.status, log[0]!.applied, log[0]!.fault], [null, false, 'drop-before']);
  });

  it('executes then drops the connection (drop-after)', async () => {
    await control(sb, 'POST', 'faults', { match: { route: 'updateProduct' }, fault: { type: 'drop-after' } });
    await assert.rejects(v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 }));
    assert.equal((await listingState(sb, P.activeManual)).price, 26000);
    const log = await requestLog(sb);
    assert.deepEqual([log[0]!.status, log[0]!.applied, log[0]!.fault], [null, true, 'drop-after']);
  });

  it('moderates: approve, reject, take down, reject permanently', async () => {
    const approve = await control(sb, 'POST', 'moderate', { productId: P.underReview, action: 'approve' });
    assert.equal(approve.body.data.status, 'approved');
    for (const [action, status] of [
      ['reject', 'rejected'],
      ['take_down', 'taken_down'],
      ['reject_permanently', 'permanently_rejected'],
    ]) {
      const r = await control(sb, 'POST', 'moderate', { productId: P.activeManual, action });
      assert.equal(r.body.data.status, status);
      assert.equal(r.body.data.isActive, false);
    }
  });

  it('approves a new listing so it can be activated', async () => {
    // With a credential: a v2 listing has no manual stock of its own (spec 2.1).
    const created = await v2.post('/api/v2/products', {
      title: 'To approve',
      description: 'A listing waiting for approval.',
      price: 1500,
      game: 'valorant',
      category: 'skin',
      isActive: false,
      isAutoDelivery: true,
      autoDeliveryContent: 'approve-test-credential',
    });
    const id = created.body.data.id;
    assert.equal((await v2.patch(`/api/v2/products/${id}`, { isActive: true })).body.code, 'NOT_APPROVED');
    await control(sb, 'POST', 'moderate', { productId: id, action: 'approve' });
    assert.equal((await v2.patch(`/api/v2/products/${id}`, { isActive: true })).status, 200);
  });

  it('resets to the seed with the same keys', async () => {
    await v2.patch(`/api/v2/products/${P.activeManual}`, { price: 26000 });
    await reset(sb);
    assert.equal((await listingState(sb, P.activeManual)).price, 25000);
    assert.equal((await v2.get('/api/v2/me')).status, 200);
  });

  it('shows the internal listing with stock counts and refs but no credential', async () => {
    const st = await listingState(sb, P.multiAuto);
    assert.deepEqual(
      st.variants.map((v: { credentialCount: number }) => v.credentialCount),
      [3, 2, 0],
    );
    assert.deepEqual(st.variants[0].credentialRefs, ['VP1K-1', 'VP1K-2', 'VP1K-3']);
    assert.ok(!JSON.stringify(st).includes('login'));
    assert.equal((await control(sb, 'GET', 'state/products/424242')).status, 404);
  });

  it('moves the sandbox clock forward', async () => {
    const before = Date.now();
    const r = await control(sb, 'POST', 'clock', { advanceMs: 3_600_000 });
    assert.ok(Date.parse(r.body.data.now) >= before + 3_600_000);
    assert.equal((await control(sb, 'POST', 'clock', { advanceMs: -1 })).status, 400);
  });

  it('answers 404 for an unknown control route', async () => {
    assert.equal((await control(sb, 'GET', 'nothing')).status, 404);
  });
});

describe('startSandbox options', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('persists state, keys and stored idempotent responses across restarts (dataFile)', async () => {
    const file = join(dir, 'state.json');
    const first = await start({ dataFile: file });
    const c = new Client(first, first.keys.v2);
    const key = idemKey();
    assert.equal((await c.patch(`/api/v2/products/${P.activeManual}`, { price: 27000 }, { idem: key })).status, 200);
    await first.close();
    const second = await start({ dataFile: file });
    assert.deepEqual(second.keys, first.keys);
    const c2 = new Client(second, second.keys.v2);
    assert.equal((await c2.get(`/api/v2/products/${P.activeManual}`)).body.data.price, 27000);
    const replay = await c2.patch(`/api/v2/products/${P.activeManual}`, { price: 27000 }, { idem: key });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    const made = await new Client(second, second.keys.v1).post('/api/api-keys', { name: 'kept hashed', version: 'v1' });
    await second.close();
    assert.equal(made.status, 201);
    const stored = readFileSync(file, 'utf8') + readFileSync(`${file}.log`, 'utf8'); // snapshot and change log
    assert.ok(stored.includes(`"prefix":"${made.body.data.prefix}"`), 'the new key is stored');
    assert.ok(!stored.includes(made.body.data.key), 'keys made through the API are stored hashed');
  });

  it('saves soon after a change, before close (debounced)', async () => {
    const file = join(dir, 'soon.json');
    const s = await start({ dataFile: file });
    await new Client(s, s.keys.v2).patch(`/api/v2/products/${P.activeManual}`, { price: 27500 });
    // Wait for the state (the debounced save has landed), never closing the sandbox first.
    const priceSaved = () => {
      try {
        // the snapshot and its change log, as a restart reads them
        return loadData(file)!.listings.find((l: { id: number }) => l.id === P.activeManual)!.price;
      } catch {
        return undefined;
      }
    };
    for (const end = Date.now() + 5000; priceSaved() !== 27500 && Date.now() < end; ) await sleep(20);
    assert.equal(priceSaved(), 27500);
    await s.close();
  });

  it('uses preset keys for the main account', async () => {
    const keys = { v1: `svc_sk_${'a1'.repeat(32)}`, v2: 'svc_v2_sk_preset_key_for_tests_0001' };
    const s = await start({ keys });
    assert.equal(s.keys.v1, keys.v1);
    assert.equal(s.keys.v2, keys.v2);
    assert.equal((await new Client(s, keys.v2).get('/api/v2/me')).status, 200);
    assert.equal((await new Client(s, keys.v1).get('/api/v1/games')).status, 200);
    await s.close();
  });

  it('refuses a preset key of the wrong format', async () => {
    await assert.rejects(start({ keys: { v1: 'svc_v2_sk_not_a_v1_key_at_all' } }));
  });

  it('starts without demo data when seed is false', async () => {
    const s = await start({ seed: false });
    const r = await new Client(s, s.keys.v2).get('/api/v2/products');
    assert.equal(r.status, 200);
    assert.equal(r.body.pagination.total, 0);
    assert.equal((await new Client(s, s.keys.v2).get('/api/v2/catalog/games')).body.data.length, 4);
    await s.close();
  });

  it('logs one line per request, never the key', async () => {
    const lines: string[] = [];
    const s = await start({ log: (l) => lines.push(l) });
    await new Client(s, s.keys.v2).get('/api/v2/me');
    await new Client(s, s.keys.v1).get('/api/v1/games');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^GET \/api\/v2\/me 200 /);
    assert.ok(!lines.join('\n').includes(s.keys.v2) && !lines.join('\n').includes(s.keys.v1));
    await s.close();
  });

  it('binds to 127.0.0.1 and reports its url and port', async () => {
    const s = await start();
    assert.equal(s.url, `http://127.0.0.1:${s.port}`);
    await s.close();
    await s.close(); // idempotent
  });
});
