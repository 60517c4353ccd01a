// Repricing from cost against the sandbox, through the built CLI. The
// sandbox gives catalog minimums (valorant 5,00, cs2 1,00, genshin 10,00), costs svc uploaded
// (`stock add` with a cost column) and sales with a 10% fee and deliveredItems costs
// (POST /_sandbox/purchase).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
let env: Record<string, string>;
let dir: string;
let ids: { points: number; cs2: number; genshin: number };

const price = async (id: number, variant?: number): Promise<number> => {
  const l = (await sb.api('GET', `/api/v2/products/${id}`)).body.data;
  return variant === undefined ? l.price : l.variants.find((v: any) => v.index === variant).price;
};
const priceWrites = async () =>
  (await sb.writeRequests()).filter((r) => r.route === 'bulkPrice' || r.route === 'updateVariants');

const RULES = [
  'rules:',
  '  - name: points',
  '    match: { listing: POINTS }',
  '    margin:',
  '      - { upTo: "10,00", margin: 40% }',
  '      - { margin: 20% }',
  '    round: .90',
  '  - name: cs2 accounts',
  '    match: { game: cs2 }',
  '    margin: 10%',
  '  - match: { game: genshin }',
  '    margin: 30%',
  '    round: .90',
  '',
].join('\n');

before(async () => {
  sb = await startTestSandbox();
  const dirs = tempDirs();
  dir = dirs.dir;
  env = svcEnv(sb, dirs);
  const seed = (await sb.control('GET', '')).seedIds;
  // A genshin listing (catalog minimum 10,00) whose stock cost 1,00 a unit: its margin target
  // (1,45) falls under the catalog minimum.
  const g = await sb.api('POST', '/api/v2/products', {
    title: 'Genshin starter keys',
    description: 'Keys delivered automatically by the tests.',
    price: 1500,
    game: 'genshin',
    category: 'key',
    isAutoDelivery: true,
  });
  assert.equal(g.status, 201);
  ids = { points: seed.products.multiAuto, cs2: seed.products.singleAuto, genshin: g.body.data.id };
  // Uploads with costs: what svc itself knows (its stock journal and the file it sent).
  const stock = [
    [ids.points, ['--variant', '2'], 'credential,ref,cost\nvp5k-a:pw,VP5K-1,"12,00"\nvp5k-b:pw,VP5K-2,"12,50"\n'],
    [ids.genshin, [], 'credential,cost\ngi-1:pw,1.00\ngi-2:pw,1.00\n'],
  ] as const;
  for (const [id, extra, csv] of stock) {
    const file = writeFile(dir, `stock-${id}.csv`, csv);
    const r = await svc(['stock', 'add', String(id), ...extra, '--file', file, '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
  }
  // Sales with fees and deliveredItems: two VP 1000 (costs 7,00 and 7,10), one CS2 (3,00).
  await sb.control('POST', 'purchase', { productId: ids.points, variantIndex: 0, quantity: 2 });
  await sb.control('POST', 'purchase', { productId: ids.cs2 });
});
after(async () => {
  await sb?.close();
});

const rulesFile = (text = RULES) =>
  writeFile(dir, `rules-${Math.random().toString(36).slice(2)}.yaml`, text.replace('POINTS', String(ids.points)));

describe('products reprice', () => {
  test('the dry-run plan: exact figures for margin tiers, rounding and the floor; unknown cost listed; nothing sent', async () => {
    await sb.control('DELETE', 'requests');
    const r = await svc(['products', 'reprice', '--rules', rulesFile(), '--dry-run', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.deepEqual(plan.fee, { bp: 1000, source: 'inferred', sales: 2 });
    const row = (id: number, variant: number | null = null) => {
      const x = plan.rows.find((p: any) => p.id === id && p.variant === variant);
      return x && [x.current, x.new, x.floor, x.cost, x.marginBp, x.action];
    };
    // VP 1000: cost 7,10 (sales, max) in the 40% tier: 7,10 × 1.4 / 0.9 = 11,045 → 11,05 → 11,90.
    assert.deepEqual(row(ids.points, 0), [1000, 1190, 789, 710, 5084, 'change']);
    // VP 5000: cost 12,50 (upload) in the 20% tier: 12,50 × 1.2 / 0.9 = 16,67 → 16,90.
    assert.deepEqual(row(ids.points, 2), [4500, 1690, 1389, 1250, 2168, 'change']);
    // CS2: cost 3,00 from the sale, 10%, no rounding: 3,00 × 1.1 / 0.9 = 3,666… → 3,67.
    assert.deepEqual(row(ids.cs2), [800, 367, 334, 300, 1000, 'change']); // fee 0,37: net 3,30, 10% over cost
    // Genshin: 1,00 × 1.3 / 0.9 = 1,45 is under the catalog minimum 10,00: priced at the floor.
    assert.deepEqual(row(ids.genshin), [1500, 1000, 1000, 100, 80_000, 'change']); // net 9,00 on a cost of 1,00: 800%
    assert.match(
      plan.rows.find((p: any) => p.id === ids.genshin).reason,
      /priced at the floor \(catalog minimum 10\.00\)/,
    );
    // VP 2000's credentials carry no cost and it never sold: listed, left alone.
    assert.deepEqual(
      row(ids.points, 1),
      [1900, 1900, 500, undefined, undefined, 'unknown-cost'].map((v) => v ?? null) as any,
    );
    assert.match(plan.rows.find((p: any) => p.id === ids.points && p.variant === 2).costBasis, /^upload 2 \(max\)$/);
    assert.match(plan.rows.find((p: any) => p.id === ids.points && p.variant === 0).costBasis, /^sales 2 \(max\)$/);
    assert.match(r.stderr, /fee 10% inferred from 2 sales of the last 30 days/);
    assert.deepEqual(await priceWrites(), []);
  });

  test('the run sends only the rows that change; unknown-cost rows untouched; a rerun sends nothing', async () => {
    await sb.control('DELETE', 'requests');
    const file = rulesFile();
    // these moves (cs2 8,00 → 3,67) are past the default --max-change of 30%: raised on purpose
    const r = await svc(['products', 'reprice', '--rules', file, '--max-change', '90', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const writes = await priceWrites();
    assert.deepEqual(writes.map((w) => w.route).sort(), ['bulkPrice', 'updateVariants']); // cs2 + genshin in one, the points variants in one
    assert.deepEqual(
      [
        await price(ids.points, 0),
        await price(ids.points, 1),
        await price(ids.points, 2),
        await price(ids.cs2),
        await price(ids.genshin),
      ],
      [1190, 1900, 1690, 367, 1000],
    );
    await sb.control('DELETE', 'requests');
    const again = await svc(['products', 'reprice', '--rules', file], { env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(
      again.stderr,
      /nothing to send: 0 to change, 4 unchanged, 3 with unknown cost, 6 not selected by any rule/,
    );
    assert.deepEqual(await priceWrites(), []);
  });

  test('bulk-price --floor cost refuses a row below cost (BELOW_FLOOR, the floor in the message) and sends the rest', async () => {
    await sb.control('DELETE', 'requests');
    const csv = writeFile(
      dir,
      'prices.csv',
      `id,variant,price\n${ids.points},0,"1,99"\n${ids.points},2,"20,00"\n${ids.cs2},,"5,00"\n`,
    );
    const r = await svc(['products', 'bulk-price', csv, '--floor', 'cost', '-o', 'json'], { env });
    assert.equal(r.code, 3, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out[0], {
      line: 2,
      id: ids.points,
      variant: 0,
      status: 'skipped',
      code: 'BELOW_FLOOR',
      message: 'price 1.99 is below the floor 7.89 (cost 7.10 + fee 10% + margin 0%)',
    });
    assert.deepEqual(
      out.slice(1).map((o: any) => o.status),
      ['ok', 'ok'],
    );
    assert.deepEqual([await price(ids.points, 0), await price(ids.points, 2), await price(ids.cs2)], [1190, 2000, 500]);
    // --floor-mode raise sends the floor instead.
    const raised = await svc(['products', 'bulk-price', csv, '--floor', 'cost', '--floor-mode', 'raise'], { env });
    assert.equal(raised.code, 0, raised.stderr);
    assert.equal(await price(ids.points, 0), 789);
  });

  test('update --price and variants set --price take the same guard', async () => {
    const u = await svc(['products', 'update', String(ids.genshin), '--price', '9,90', '--floor', 'catalog'], { env });
    assert.equal(u.code, 3, u.stderr);
    assert.match(u.stderr, /BELOW_FLOOR: price 9\.90 is below the floor 10\.00 \(catalog minimum 10\.00\)/);
    const v = await svc(
      ['products', 'variants', 'set', String(ids.points), '--index', '2', '--price', '10', '--floor', 'cost+5%'],
      { env },
    );
    assert.equal(v.code, 3, v.stderr);
    assert.match(v.stderr, /below the floor 14\.59 \(cost 12\.50 \+ fee 10% \+ margin 5%\)/);
    assert.equal(await price(ids.genshin), 1000);
  });

  test('bad rules: unknown listing, unknown game, unknown key, floor above ceiling, margin -100% → exit 2 FILE:LINE, nothing sent', async () => {
    await sb.control('DELETE', 'requests');
    const unknown = rulesFile(
      'rules:\n  - match: { listing: 987654 }\n    margin: 10%\n  - match: { game: tetris }\n    margin: 10%\n',
    );
    const a = await svc(['products', 'reprice', '--rules', unknown], { env });
    assert.equal(a.code, 2, a.stderr);
    assert.match(a.stderr, /rules-\w+\.yaml:2: unknown listing 987654/);
    assert.match(a.stderr, /rules-\w+\.yaml:4: unknown game "tetris"/);
    const bad = rulesFile(
      'rules:\n  - match: all\n    margin: -100%\n    colour: red\n    ceiling: "5,00"\n    floor: "6,00"\n',
    );
    const b = await svc(['products', 'reprice', '--rules', bad], { env });
    assert.equal(b.code, 2, b.stderr);
    assert.match(b.stderr, /:3: margin: a margin is from -90% to 1000%/);
    assert.match(b.stderr, /:4: unknown key "colour"/);
    assert.match(b.stderr, /:6: floor: the floor is above the ceiling/);
    assert.deepEqual(await sb.writeRequests(), []);
  });

  test('an upload file moved since (absence): its cost is no longer trusted, the plan says so and leaves the row alone', async () => {
    renameSync(join(dir, `stock-${ids.points}.csv`), join(dir, 'moved.csv'));
    const r = await svc(['products', 'reprice', '--rules', rulesFile(), '--dry-run', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`listing ${ids.points} variant 2: latest upload: .*stock-${ids.points}\\.csv moved or changed since`),
    );
    const row = JSON.parse(r.stdout).rows.find((p: any) => p.id === ids.points && p.variant === 2);
    assert.deepEqual([row.action, row.cost, row.new], ['unknown-cost', null, row.current]);
  });

  test('costs from a pool refill count as an upload (the pool ledger, entries found by keyed hash)', async () => {
    const held = (await sb.api('GET', `/api/v2/products/${ids.cs2}`)).body.data.autoDeliveryStock;
    const pool = writeFile(
      dir,
      'pool.csv',
      'credential,ref,cost\ncs2-pool-1:pw,CS2-P1,"3,20"\ncs2-pool-2:pw,CS2-P2,"3,40"\n',
    );
    const refill = await svc(['stock', 'refill', String(ids.cs2), '--pool', pool, '--target', String(held + 2)], {
      env,
    });
    assert.equal(refill.code, 0, refill.stderr);
    const r = await svc(['products', 'reprice', '--rules', rulesFile(), '--dry-run', '-o', 'json'], { env });
    assert.equal(r.code, 0, r.stderr);
    const row = JSON.parse(r.stdout).rows.find((p: any) => p.id === ids.cs2);
    // the dearest of the pool's 3,20 and 3,40 and the sale's 3,00: 3,40 × 1.1 / 0.9 = 4,155… → 4,16
    assert.deepEqual([row.cost, row.costBasis, row.new], [340, 'upload 2 + sales 1 (max)', 416]);
  });
});
