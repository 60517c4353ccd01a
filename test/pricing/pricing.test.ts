// the pricing core, exact figures (integer cents, rates in basis points).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mulDivCeil, parsePercentBp, formatBp } from '../../src/pricing/arith.js';
import { CostBook, FeeSampler, addSale } from '../../src/pricing/cost-basis.js';
import { floorOf, floorVerdict } from '../../src/pricing/floor.js';
import { marginOf, planRow, type PriceTarget } from '../../src/pricing/plan.js';
import { roundDown, roundUp } from '../../src/pricing/rounding.js';
import type { PricingRule } from '../../src/pricing/rule-types.js';

const rule = (over: Partial<PricingRule> = {}): PricingRule => ({
  line: 3,
  lines: {},
  match: { all: true },
  pricing: { kind: 'margin', tiers: [{ upToCents: 1000, marginBp: 4000 }, { marginBp: 2000 }] },
  minMarginBp: 0,
  rounding: '.90',
  cost: 'max',
  ...over,
});
const target = (over: Partial<PriceTarget> = {}): PriceTarget => ({
  id: 1,
  title: 't',
  game: 'valorant',
  currentCents: 1500,
  ...over,
});
const cost = (cents: number) => ({ cents, method: 'max' as const, uploadItems: 1, saleItems: 0 });

describe('rounding (DECISIONS: Pricing from cost)', () => {
  test('0,29 and 1,15 round up to the next .90, .99 and whole', () => {
    assert.deepEqual(
      [29, 115].map((c) => [roundUp(c, '.90'), roundUp(c, '.99'), roundUp(c, 'whole'), roundUp(c, 'none')]),
      [
        [90, 99, 100, 29],
        [190, 199, 200, 115],
      ],
    );
  });
  test('19,90 × 1.15 is 2289 cents (22,885 rounded up), then 22,90 | 22,99 | 23,00', () => {
    const c = mulDivCeil(1990, 11_500, 10_000);
    assert.equal(c, 2289);
    assert.deepEqual([roundUp(c, '.90'), roundUp(c, '.99'), roundUp(c, 'whole')], [2290, 2299, 2300]);
  });
  test('a price already on its ending stays; a ceiling rounds down', () => {
    assert.equal(roundUp(1990, '.90'), 1990);
    assert.equal(roundUp(2000, 'whole'), 2000);
    assert.equal(roundDown(1050, '.90'), 990);
    assert.equal(roundDown(1099, '.99'), 1099);
  });
});

describe('percentages', () => {
  test('read from the text, never a float', () => {
    assert.deepEqual(['25%', '12.5%', '12,5%', '-5%', '+10%', '0.01%', '12', '1e2%'].map(parsePercentBp), [
      2500,
      1250,
      1250,
      -500,
      1000,
      1,
      undefined,
      undefined,
    ]);
    assert.deepEqual([1000, 1250, -500, 1].map(formatBp), ['10%', '12.5%', '-5%', '0.01%']);
  });
});

describe('floor = max(catalog minimum, cost / (1 − fee) × (1 + minimum margin))', () => {
  test('cost 7,00 at a 10% fee: 7,78; with a 5% minimum margin: 8,17', () => {
    assert.equal(floorOf({ costCents: 700, feeBp: 1000, minMarginBp: 0 }).cents, 778);
    const f = floorOf({ catalogMinCents: 500, costCents: 700, feeBp: 1000, minMarginBp: 500 });
    assert.deepEqual([f.cents, f.by], [817, 'cost']);
  });
  test('rounded up, never to nearest: cost 10,00 at 12% is 11,3636… → 11,37', () => {
    assert.equal(floorOf({ costCents: 1000, feeBp: 1200, minMarginBp: 0 }).cents, 1137);
  });
  test('the catalog minimum wins when the cost is low; unknown cost leaves the catalog', () => {
    assert.deepEqual(
      [floorOf({ catalogMinCents: 500, costCents: 300, feeBp: 1000, minMarginBp: 0 })].map((f) => [f.cents, f.by]),
      [[500, 'catalog']],
    );
    assert.equal(floorOf({ catalogMinCents: 500, feeBp: 1000, minMarginBp: 0 }).cents, 500);
  });
  test('the guard skips with BELOW_FLOOR and the floor, or raises to it', () => {
    const f = floorOf({ catalogMinCents: 500, costCents: 1500, feeBp: 1000, minMarginBp: 0 });
    assert.deepEqual(floorVerdict(199, f, 'skip'), {
      ok: false,
      code: 'BELOW_FLOOR',
      message: 'price 1.99 is below the floor 16.67 (cost 15.00 + fee 10% + margin 0%)',
    });
    assert.deepEqual(floorVerdict(199, f, 'raise'), { ok: true, priceCents: 1667, raised: true });
    assert.deepEqual(floorVerdict(1990, f, 'skip'), { ok: true, priceCents: 1990, raised: false });
  });
});

describe('plan rows', () => {
  test('margin tiers: cost 7,00 takes 40% → 10,89 → 10,90; cost 15,00 takes 20% → 20,00 → 20,90', () => {
    const a = planRow({
      target: target(),
      rule: rule(),
      catalogMinCents: 500,
      cost: cost(700),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual([a.new, a.floor, a.cost, a.marginBp, a.action], [1090, 778, 700, 4014, 'change']);
    assert.equal(a.reason, 'margin 40% (tier cost ≤ 10.00), rounded .90');
    const b = planRow({
      target: target(),
      rule: rule(),
      catalogMinCents: 500,
      cost: cost(1500),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual([b.new, b.floor, b.reason], [2090, 1667, 'margin 20% (tier above), rounded .90']);
  });
  test('a target below the catalog minimum is priced at the floor', () => {
    const r = planRow({
      target: target({ currentCents: 400 }),
      rule: rule({ pricing: { kind: 'margin', tiers: [{ marginBp: 1000 }] }, rounding: 'none' }),
      catalogMinCents: 500,
      cost: cost(200),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual([r.new, r.floor, r.action], [500, 500, 'change']);
    assert.match(r.reason, /priced at the floor \(catalog minimum 5\.00\)/);
  });
  test('the ceiling holds the price, rounded down to the ending, never under the floor', () => {
    const r = planRow({
      target: target(),
      rule: rule({ ceilingCents: 1050 }),
      catalogMinCents: 500,
      cost: cost(700),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual(
      [r.new, r.reason],
      [990, 'margin 40% (tier cost ≤ 10.00), under the ceiling 10.50, rounded .90 down'],
    );
    const low = planRow({
      target: target(),
      rule: rule({ ceilingCents: 700 }),
      catalogMinCents: 500,
      cost: cost(700),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.equal(low.new, 778);
  });
  test('unknown cost: left alone; with --allow-unknown-cost only the catalog floor applies', () => {
    const left = planRow({
      target: target({ currentCents: 400 }),
      rule: rule(),
      catalogMinCents: 500,
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual([left.new, left.action], [400, 'unknown-cost']);
    const raised = planRow({
      target: target({ currentCents: 400 }),
      rule: rule(),
      catalogMinCents: 500,
      feeBp: 1000,
      allowUnknownCost: true,
    });
    assert.deepEqual([raised.new, raised.action], [500, 'change']);
    const kept = planRow({
      target: target({ currentCents: 900 }),
      rule: rule(),
      catalogMinCents: 500,
      feeBp: 1000,
      allowUnknownCost: true,
    });
    assert.deepEqual([kept.new, kept.action], [900, 'unchanged']);
  });
  test('a price already at its target is unchanged', () => {
    const r = planRow({
      target: target({ currentCents: 1090 }),
      rule: rule(),
      catalogMinCents: 500,
      cost: cost(700),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.equal(r.action, 'unchanged');
  });
  test('a catalog position: minimum 5,00 + 10% = 5,50, rounded .99 → 5,99', () => {
    const r = planRow({
      target: target(),
      rule: rule({ pricing: { kind: 'catalog', bp: 1000, cents: 0 }, rounding: '.99' }),
      catalogMinCents: 500,
      cost: cost(300),
      feeBp: 1000,
      allowUnknownCost: false,
    });
    assert.deepEqual([r.new, r.floor], [599, 500]);
  });
  test('the margin a price leaves: fee rounded half up, margin floored', () => {
    assert.equal(marginOf(1090, 700, 1000), 4014);
    assert.equal(marginOf(778, 700, 1000), 0); // fee 77.8 rounds to 78: net 700, exactly the cost
    assert.equal(marginOf(500, 0, 1000), undefined);
  });
});

describe('cost basis and fee', () => {
  test('max of the known items by default, average rounded up; sources counted', () => {
    const book = new CostBook();
    book.add(1, null, 700, 'upload');
    book.add(1, null, 710, 'upload');
    book.add(1, null, 690, 'sale');
    assert.deepEqual(book.basis(1, null, 'max'), { cents: 710, method: 'max', uploadItems: 2, saleItems: 1 });
    assert.equal(book.basis(1, null, 'average')!.cents, 700);
    assert.equal(book.basis(1, 0, 'max'), undefined);
  });
  test('the fee is Σfee/Σprice of delivered and completed sales, rounded up to a basis point', () => {
    const book = new CostBook();
    const fees = new FeeSampler();
    addSale(book, fees, {
      status: 'delivered',
      price: 1600,
      fee: 160,
      productId: 9,
      deliveredItems: [{ costCents: 300 }, {}],
    });
    addSale(book, fees, {
      status: 'completed',
      price: 1001,
      fee: 101,
      productId: 9,
      variantIndex: 0,
      deliveredItems: [],
    });
    addSale(book, fees, { status: 'cancelled', price: 5000, fee: 0, productId: 9 });
    assert.deepEqual(fees.rate(), { bp: 1004, source: 'inferred', sales: 2 }); // 261/2601 = 10.0346% → up
    assert.equal(book.basis(9, null, 'max')!.cents, 300);
    assert.equal(new FeeSampler().rate(), undefined);
  });
});

describe('scale', () => {
  test('10,000 listings and 100,000 sales: one pass, memory per listing, not per sale', async () => {
    const { repricePlan } = await import('../../src/pricing/reprice-plan.js');
    const book = new CostBook();
    const fees = new FeeSampler();
    for (let i = 0; i < 100_000; i++)
      addSale(book, fees, {
        status: 'completed',
        price: 2000,
        fee: 200,
        productId: i % 10_000,
        deliveredItems: [{ costCents: 500 + (i % 7) }],
      });
    const targets = Array.from({ length: 10_000 }, (_, id) => ({ id, title: 't', game: 'g', currentCents: 1000 }));
    const started = performance.now();
    const plan = repricePlan({
      rules: { file: 'r.yaml', salesDays: 30, rules: [rule()] },
      targets,
      catalog: new Map([['g', 500]]),
      costs: book,
      feeBp: fees.rate()!.bp,
      allowUnknownCost: false,
    });
    assert.equal(plan.rows.length, 10_000);
    // cost 5,06 (the dearest of 500..506) × 1.4 / 0.9 = 7,871 → 7,88 → 7,90
    assert.deepEqual([plan.rows[6]!.cost, plan.rows[6]!.new], [506, 790]);
    assert.ok(performance.now() - started < 5000);
  });
});
