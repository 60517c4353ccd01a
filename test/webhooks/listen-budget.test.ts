// What `webhooks listen` may spend of the account's day (spec 8: 5,000 requests): its catch-ups
// and confirmation lookups, fitted to --budget by the shop's own rule (one function, planDay):
// the interval is stretched to fit, never shortened.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SHOP_DAY } from '../../src/api/assumptions.js';
import { BudgetFlag, dayText, listenDay, planDay } from '../../src/shop/budget.js';

describe('the receiver within a budget', () => {
  test('the default share carries a catch-up every 10 minutes: 288 requests, not stretched', () => {
    const p = listenDay(600, 0);
    assert.deepEqual([p.everyS, p.stretched, p.perDay, p.budget], [600, false, 288, 1000]);
    assert.equal(dayText(p), 'about 288 requests a day, 5.8% of 5,000');
  });

  test('a catch-up every minute is stretched to fit, the catch-ups at most half of the budget', () => {
    const p = listenDay(60, 0);
    assert.equal(p.stretched, true);
    assert.equal(p.everyS, 346);
    assert.ok(p.perDay <= p.budget / 2, `${p.perDay} requests a day`);
    const wide = listenDay(1, 0, 100);
    assert.deepEqual([wide.everyS, wide.budget], [70, 5000], 'even the whole day carries no catch-up a second');
  });

  test('the sales come first; confirmations past the budget leave the catch-ups one a day', () => {
    const busy = listenDay(300, 200);
    assert.equal(busy.perDay - Math.ceil((86_400 / busy.everyS) * 2), 400, 'two lookups a sale');
    assert.ok(busy.perDay <= busy.budget, `${busy.perDay}`);
    const flood = listenDay(300, 2000);
    assert.equal(flood.everyS, 86_400);
    assert.ok(flood.perDay > flood.budget, 'the sales alone are past it: told, not held back');
  });

  test('never shortened; off is a catch-up at start only', () => {
    assert.deepEqual([listenDay(7200, 0).everyS, listenDay(7200, 0).stretched], [7200, false]);
    const off = listenDay(0, 10);
    assert.deepEqual([off.everyS, off.perDay], [0, 2 + 20]);
  });

  test('the same arithmetic as the shop: planDay with the receiver’s costs', () => {
    const shop = planDay({
      everyS: 60,
      budgetPercent: 20,
      rules: 0,
      salesPerDay: 50,
      resident: true,
      perPass: 2,
      perSale: 2,
      passShare: SHOP_DAY.catchUpShare,
    });
    assert.deepEqual(listenDay(60, 50), shop);
  });

  test('--budget: 20% or 20, a share above 0 and at most 100', () => {
    assert.equal(BudgetFlag.parse('20%'), 20);
    assert.equal(BudgetFlag.parse('12.5'), 12.5);
    for (const bad of ['0%', '150', 'lots', '-5%']) {
      const r = BudgetFlag.safeParse(bad);
      assert.equal(r.success, false, bad);
      assert.match(r.error?.issues[0]?.message ?? '', /^must be a share of the day above 0% and at most 100%/, bad);
    }
  });
});
