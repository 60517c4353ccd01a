// shop.yaml validated whole, every problem at its line; the planner's on/off rule.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadShopConfig } from '../../src/shop/config.js';
import { needsRefill, statusFor } from '../../src/shop/plan.js';
import type { ShopRule } from '../../src/shop/config.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-shop-config-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('shop.yaml', () => {
  test('a YAML syntax error: FILE:LINE', async () => {
    const p = file('syntax.yaml', 'rules:\n  - listing: 1\n    pool: [a\n');
    const r = await loadShopConfig(p);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.problems[0]! : '', new RegExp(`^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: `));
  });

  test('a YAML bomb (aliases expanding to millions of nodes): a config error at the first alias, FILE:LINE', async () => {
    const p = file(
      'bomb.yaml',
      [
        'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
        'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
        'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
        'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
        'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]',
        'rules: [*e]',
      ].join('\n'),
    );
    const r = await loadShopConfig(p);
    assert.equal(r.ok, false);
    assert.deepEqual(!r.ok ? r.problems : [], [`${p}:2: too many aliases (more than 100 expansions): not read`]);
  });

  test('every problem of the file at its own line: unknown key, bad number, min above target, duplicate rule, unknown event', async () => {
    const p = file(
      'bad.yaml',
      [
        'rules:', // 1
        '  - listing: 5', // 2
        '    pool: a.csv', // 3
        '    target: 10', // 4
        '    min: 20', // 5
        '  - listing: 5', // 6
        '    pool: b.csv', // 7
        '    target: 2', // 8
        'notify:', // 9
        '  - name: x', // 10
        '    type: discord', // 11
        '    events: [sale, sales]', // 12
        'colour: red', // 13
      ].join('\n'),
    );
    const r = await loadShopConfig(p);
    assert.equal(r.ok, false);
    const lines = !r.ok ? r.problems.map((x) => Number(/:(\d+): /.exec(x)![1])).sort((a, b) => a - b) : [];
    assert.ok(lines.includes(5), `min above target at line 5: ${!r.ok && r.problems.join('\n')}`);
    assert.ok(lines.includes(12), 'the unknown event at its line');
    assert.ok(lines.includes(1), 'the unknown top-level key');
  });

  test('pool paths are relative to the config file, wherever svc runs from', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'pools'), { recursive: true });
    file('pools/a.csv', 'credential\n');
    const p = file('ok.yaml', 'rules:\n  - listing: 5\n    pool: pools/a.csv\n    target: 10\n');
    const r = await loadShopConfig(p);
    assert.ok(r.ok);
    assert.equal(r.ok && r.config.rules[0]!.pool, join(dir, 'pools', 'a.csv'));
    assert.equal(r.ok && r.config.rules[0]!.min, 10, 'min defaults to the target');
  });

  test('a pool file that is not there: at the line of its path', async () => {
    const p = file('nopool.yaml', 'rules:\n  - listing: 5\n    target: 1\n    pool: missing.csv\n');
    const r = await loadShopConfig(p);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.problems[0]! : '', /nopool\.yaml:4: rules\.0\.pool: no file missing\.csv/);
  });

  test('the same listing twice is refused at the second rule', async () => {
    file('a', '');
    file('b', '');
    const p = file(
      'dup.yaml',
      'rules:\n  - listing: 5\n    pool: a\n    target: 1\n  - listing: 5\n    pool: b\n    target: 1\n',
    );
    const r = await loadShopConfig(p);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.problems[0]! : '', /dup\.yaml:5: .*already has a rule/);
  });
});

describe('the planner (spec 3)', () => {
  const rule = (over: Partial<ShopRule> = {}): ShopRule => ({
    key: '5',
    listing: 5,
    pool: '/p',
    target: 10,
    min: 4,
    reactivate: true,
    deactivateWhenEmpty: true,
    ...over,
  });
  const view = (over = {}) => ({
    listing: 5,
    title: 't',
    held: 0,
    isActive: false,
    status: 'approved',
    pausedByOfflineMode: false,
    ...over,
  });
  test('refill only below min', () => {
    assert.equal(needsRefill(rule(), 3), true);
    assert.equal(needsRefill(rule(), 4), false);
  });
  test('reactivation: sent when it can work; each spec-3 block with its code, not sent', () => {
    const stocked = [{ rule: rule(), inStock: 3, poolLeft: 0 }];
    assert.equal(statusFor(view(), stocked).action, 'activate');
    const cases: [object, string][] = [
      [{ pausedByOfflineMode: true }, 'OFFLINE_PAUSED'],
      [{ status: 'em_analise' }, 'NOT_APPROVED'],
      [{ status: 'taken_down' }, 'LISTING_TAKEN_DOWN'],
      [{ status: 'permanently_rejected' }, 'LISTING_PERMANENTLY_REJECTED'],
    ];
    for (const [v, code] of cases) {
      const d = statusFor(view(v), stocked);
      assert.equal(d.action, null);
      assert.equal(d.blocked?.code, code);
    }
    assert.match(
      statusFor(view({ pausedByOfflineMode: true }), stocked).blocked!.message,
      /turn Offline Mode off in the seller panel/,
    );
  });
  test('deactivation only when the listing and its pool are both empty and every rule asks', () => {
    assert.equal(statusFor(view({ isActive: true }), [{ rule: rule(), inStock: 0, poolLeft: 0 }]).action, 'deactivate');
    assert.equal(statusFor(view({ isActive: true }), [{ rule: rule(), inStock: 0, poolLeft: 1 }]).action, null);
    assert.equal(
      statusFor(view({ isActive: true }), [{ rule: rule({ deactivateWhenEmpty: false }), inStock: 0, poolLeft: 0 }])
        .action,
      null,
    );
  });
});
