// products create / update / variants / bulk-status against the sandbox.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KNOWN_V1, createListings, getListing, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { sandboxPerFile } from './seller-setup.js';

let sb: TestSandbox;
sandboxPerFile((s) => (sb = s));

const IDS = {
  activeManual: 101,
  inactiveWithStock: 102,
  inactiveNoStock: 103,
  underReview: 104,
  takenDown: 106,
  permanentlyRejected: 107,
  offlinePaused: 108,
  multiAuto: 109,
  multiManual: 110,
};

describe('products create', () => {
  test('creates a listing from flags and says it is under review', async () => {
    const dirs = tempDirs();
    const r = await svc(
      [
        'products',
        'create',
        '--title',
        'Flag-made listing',
        '--description',
        'Created from flags by the tests.',
        '--price',
        '12,50',
        '--game',
        'valorant',
        '--category',
        'skin',
        '-o',
        'json',
      ],
      { env: svcEnv(sb, dirs) },
    );
    assert.equal(r.code, 0, r.stderr);
    const created = JSON.parse(r.stdout);
    assert.equal(created.price, 1250);
    assert.match(r.stderr, /under review/);
  });

  test('a YAML multi-variant listing with credentials is created; the credentials are never printed', async () => {
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      'l.yaml',
      [
        'title: Multi variant YAML listing',
        'description: Two variants with automatic delivery.',
        'game: valorant',
        'category: key',
        'listingType: multiple',
        'variants:',
        '  - title: Small',
        '    price: 500',
        '    autoDeliveryItems: "SECRETK1\\nSECRETK2"',
        '  - title: Large',
        '    price: 900',
        '    autoDeliveryItems: "SECRETK3"',
      ].join('\n'),
    );
    const r = await svc(['products', 'create', '--file', file, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const created = JSON.parse(r.stdout);
    assert.deepEqual(
      created.variants.map((v: any) => v.autoDeliveryStock),
      [2, 1],
    );
    assert.ok(!(r.stdout + r.stderr).includes('SECRETK'));
  });

  test('creation limits are checked before sending: too many credentials, unknown field, price under the game minimum', async () => {
    const dirs = tempDirs();
    const content = writeFile(dirs.dir, 'many.txt', Array.from({ length: 10_001 }, (_, i) => `k${i}`).join('\n'));
    const file = writeFile(
      dirs.dir,
      'l.json',
      JSON.stringify({
        title: 'Too many keys here',
        description: 'This listing carries too many keys.',
        price: 1,
        game: 'valorant',
        category: 'key',
        colour: 'red',
      }),
    );
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'create', '--file', file, '--content-file', content], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /10001 credentials/);
    assert.match(r.stderr, /colour/);
    assert.equal((await sb.writeRequests()).length, 0);
  });

  test('with only a v1 key, creation goes to v1 with the price as a decimal', async () => {
    const dirs = tempDirs();
    const r = await svc(
      [
        'products',
        'create',
        '--title',
        'A v1 listing here',
        '--description',
        'Created through the v1 route.',
        '--price',
        '6.50',
        '--game',
        'valorant',
        '-o',
        'json',
      ],
      { env: svcEnv(sb, dirs, KNOWN_V1) },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).price, 6.5);
  });
});

describe('products update', () => {
  test('sending the current values says "no changes applied"', async () => {
    const dirs = tempDirs();
    const l = await getListing(sb, IDS.activeManual);
    const r = await svc(['products', 'update', String(IDS.activeManual), '--title', l.title], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /no changes applied/);
  });

  test('a real title change is refused without --yes in a non-interactive run, and applied with it (under review)', async () => {
    const [id] = await createListings(sb, 1);
    await sb.control('POST', 'moderate', { productId: id, action: 'approve' });
    const dirs = tempDirs();
    await sb.control('DELETE', 'requests');
    const refused = await svc(['products', 'update', String(id), '--title', 'A brand new title'], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /back to review/);
    assert.match(refused.stderr, /--yes/);
    assert.equal((await sb.writeRequests()).length, 0);
    const ok = await svc(['products', 'update', String(id), '--title', 'A brand new title', '--yes'], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((await getListing(sb, id!)).status, 'em_analise');
  });

  test('--price on a listing with variants points to variants set, nothing sent', async () => {
    const dirs = tempDirs();
    const r = await svc(['products', 'update', String(IDS.multiManual), '--price', '9.99'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /variants set/);
  });

  for (const [name, id, code] of [
    ['taken down', IDS.takenDown, 'LISTING_TAKEN_DOWN'],
    ['permanently rejected', IDS.permanentlyRejected, 'LISTING_PERMANENTLY_REJECTED'],
    ['not approved', IDS.underReview, 'NOT_APPROVED'],
    ['paused by Offline Mode', IDS.offlinePaused, 'OFFLINE_PAUSED'],
    ['without stock', IDS.inactiveNoStock, 'NO_STOCK'],
  ] as const) {
    test(`activating a listing ${name} fails with ${code} and its hint`, async () => {
      const r = await svc(['products', 'update', String(id), '--active'], { env: svcEnv(sb, tempDirs()) });
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`error: .*${code}`));
      assert.match(r.stderr, /hint: /);
      // The hint says what to do; it never repeats the service's message printed above it.
      const said = (line: string) =>
        line
          .replace(/^(error|hint): /, '')
          .toLowerCase()
          .replace(/[^a-z ]/g, ' ');
      const lines = r.stderr.split('\n');
      const [error, hint] = [lines.find((l) => l.startsWith('error: '))!, lines.find((l) => l.startsWith('hint: '))!];
      const words = said(hint)
        .split(/\s+/)
        .filter((w) => w.length > 3);
      const shared = words.filter((w) => said(error).split(/\s+/).includes(w));
      assert.ok(shared.length < words.length * 0.6, `${error}\n${hint}`);
    });
  }
});

describe('products variants', () => {
  test('lists variants and sets one price by flags', async () => {
    const dirs = tempDirs();
    const list = await svc(['products', 'variants', String(IDS.multiManual), '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(list.code, 0, list.stderr);
    assert.ok(JSON.parse(list.stdout).length >= 2);
    const set = await svc(
      ['products', 'variants', 'set', String(IDS.multiManual), '--index', '1', '--price', '7.77', '--stock', '4'],
      { env: svcEnv(sb, dirs) },
    );
    assert.equal(set.code, 0, set.stderr);
    const v = (await getListing(sb, IDS.multiManual)).variants.find((x: any) => x.index === 1);
    assert.deepEqual([v.price, v.stock], [777, 4]);
  });

  test('an unknown variant index in a file is refused per item: exit 3 with VARIANT_NOT_FOUND in the report', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'v.csv', 'index,price\n0,5.55\n42,6.66\n');
    const report = join(dirs.dir, 'r.csv');
    const r = await svc(['products', 'variants', 'set', String(IDS.multiManual), '--file', file, '--report', report], {
      env: svcEnv(sb, dirs),
    });
    assert.equal(r.code, 3, r.stderr);
    assert.match(readFileSync(report, 'utf8'), /42,6\.66,failed,VARIANT_NOT_FOUND/);
  });

  test('the variants route on a single listing is refused with LISTING_NOT_DYNAMIC', async () => {
    const r = await svc(['products', 'variants', 'set', String(IDS.activeManual), '--index', '0', '--price', '1.00'], {
      env: svcEnv(sb, tempDirs()),
    });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /LISTING_NOT_DYNAMIC/);
  });
});

describe('products bulk-status', () => {
  test('a partial bulk-status exits 3 and the report says which items were refused and why', async () => {
    const dirs = tempDirs();
    const file = writeFile(
      dirs.dir,
      's.csv',
      `id,active\n${IDS.inactiveWithStock},yes\n${IDS.inactiveNoStock},true\n${IDS.takenDown},1\n`,
    );
    const report = join(dirs.dir, 'r.csv');
    const r = await svc(['products', 'bulk-status', file, '--report', report, '-o', 'json'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 3, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(
      out.map((o: any) => [o.id, o.status, o.code ?? null]),
      [
        [IDS.inactiveWithStock, 'ok', null],
        [IDS.inactiveNoStock, 'failed', 'NO_STOCK'],
        [IDS.takenDown, 'failed', 'LISTING_TAKEN_DOWN'],
      ],
    );
    assert.match(out[1].message, /svc stock add/);
    const rep = readFileSync(report, 'utf8');
    assert.match(rep, /NO_STOCK/);
    assert.equal((await getListing(sb, IDS.inactiveWithStock)).isActive, true);
  });

  test('deactivate by ids', async () => {
    const [id] = await createListings(sb, 1);
    const r = await svc(['products', 'deactivate', String(id)], { env: svcEnv(sb, tempDirs()) });
    assert.equal(r.code, 0, r.stderr);
    assert.equal((await getListing(sb, id!)).isActive, false);
  });

  test('a v2-only command with only a v1 key fails before sending, exit 4', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 's.csv', 'id,active\n101,false\n');
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'bulk-status', file], { env: svcEnv(sb, dirs, KNOWN_V1) });
    assert.equal(r.code, 4);
    assert.match(r.stderr, /needs a v2 key \(closed beta, request one through support\)/);
    assert.equal((await sb.control('GET', 'requests')).length, 0);
  });
});
