// The shop's share of the day (spec 8: 5,000 requests per account): shop.yaml `budget:`, and the
// day's plan that stretches `every` to fit, never the other way.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadShopConfig } from '../../src/shop/config.js';
import { dayText, passEveryMs, planDay } from '../../src/shop/budget.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-shop-budget-'));
writeFileSync(join(dir, 'p.csv'), 'credential\nk1\n');
const config = async (extra: string) => {
  const p = join(dir, `shop-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(p, `rules:\n  - listing: 1\n    pool: p.csv\n    target: 1\n${extra}`);
  return loadShopConfig(p);
};

describe('the shop budget', () => {
  test('budget: a share of the day, 20% when absent; a bad one at its line', async () => {
    const none = await config('');
    assert.ok(none.ok && none.config.budgetPercent === 20);
    const pct = await config('budget: 12.5%\n');
    assert.ok(pct.ok && pct.config.budgetPercent === 12.5);
    const num = await config('budget: 30\n');
    assert.ok(num.ok && num.config.budgetPercent === 30);
    for (const bad of ['budget: 0%\n', 'budget: 150\n', 'budget: lots\n']) {
      const r = await config(bad);
      assert.equal(r.ok, false, bad);
      assert.match(!r.ok ? r.problems[0]! : '', /:5: budget: /, bad);
    }
  });

  test('a resident shop idle over 12 rules: every stretched to fit, at most 10% of the day', () => {
    const p = planDay({ everyS: 300, budgetPercent: 20, rules: 12, salesPerDay: 0, resident: true });
    assert.equal(p.stretched, true);
    assert.ok(p.everyS > 300, String(p.everyS));
    assert.ok(p.perDay <= 500, `${p.perDay} requests a day`);
    assert.match(dayText(p), /^about \d+ requests a day, \d+(\.\d)?% of 5,000$/);
  });

  test('200 sales a day: the sales come first, the whole at most 25% of the day; every is never shortened', () => {
    const p = planDay({ everyS: 30, budgetPercent: 20, rules: 12, salesPerDay: 200, resident: true });
    assert.ok(p.perDay <= 1250, `${p.perDay} requests a day`);
    const slow = planDay({ everyS: 86_400, budgetPercent: 20, rules: 12, salesPerDay: 0, resident: true });
    assert.equal(slow.everyS, 86_400, 'a slower every than the budget needs is kept');
    assert.equal(slow.stretched, false);
  });

  test('a cron pass every minute is not stretched (cron decides) but is told above the budget', () => {
    const p = planDay({ everyS: 60, budgetPercent: 20, rules: 12, salesPerDay: 50, resident: false });
    assert.equal(p.everyS, 60);
    assert.equal(p.stretched, false);
    assert.ok(p.perDay > p.budget, `${p.perDay} > ${p.budget}`);
  });

  test('during the day the passes give way to the sales seen so far, at least one pass a day', () => {
    const p = planDay({ everyS: 300, budgetPercent: 20, rules: 12, salesPerDay: 0, resident: true });
    assert.equal(Math.round(passEveryMs(p, 0, 0.5) / 1000), p.everyS, 'no sales: the plan at start');
    // 100 sales' work by noon (about 5 requests each): 1,000 projected, the whole budget.
    assert.equal(passEveryMs(p, 500, 0.5), 86_400_000, 'one pass a day left');
    const some = passEveryMs(p, 150, 0.5); // 300 projected: 700 left, the passes keep at most 45%
    assert.equal(Math.round(some / 1000), p.everyS, 'room enough: the plan holds');
    const busy = passEveryMs(p, 350, 0.5); // 700 projected: 300 left for the passes
    assert.equal(busy, (86_400_000 * p.perPass) / 300);
  });
});
