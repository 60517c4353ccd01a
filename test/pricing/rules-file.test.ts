// the rules file, read whole and refused with FILE:LINE.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RulesFileError, parseRules } from '../../src/pricing/rules-file.js';
import { rulesProblems } from '../../src/pricing/reprice-plan.js';

async function problems(text: string): Promise<string[]> {
  try {
    await parseRules(text, 'rules.yaml');
  } catch (err) {
    if (err instanceof RulesFileError) return err.problems;
    throw err;
  }
  return [];
}

describe('rules file', () => {
  test('a good file: tiers, rounding, ceiling, prices and percents read exactly', async () => {
    const r = await parseRules(
      [
        'fee: 12,5%',
        'rules:',
        '  - name: points',
        '    match: { listing: [109, 111], variant: 0 }',
        '    margin:',
        '      - { upTo: "10,00", margin: 40% }',
        '      - { margin: 20% }',
        '    round: .90',
        '    ceiling: 99.90',
        '  - match: all',
        '    catalog: +10%',
      ].join('\n'),
      'rules.yaml',
    );
    assert.equal(r.feeBp, 1250);
    assert.equal(r.salesDays, 30);
    assert.deepEqual(r.rules[0]!.match, { listings: [109, 111], variant: 0 });
    assert.deepEqual(r.rules[0]!.pricing, {
      kind: 'margin',
      tiers: [{ upToCents: 1000, marginBp: 4000 }, { marginBp: 2000 }],
    });
    assert.deepEqual([r.rules[0]!.line, r.rules[0]!.rounding, r.rules[0]!.ceilingCents], [3, '.90', 9990]);
    assert.deepEqual(r.rules[1]!.pricing, { kind: 'catalog', bp: 1000, cents: 0 });
    assert.deepEqual(r.rules[0]!.lines.listings, [4, 4]);
  });

  test('unknown keys, a margin of -100%, a floor above the ceiling: each FILE:LINE', async () => {
    const text = [
      'rules:',
      '  - match: all',
      '    margin: -100%',
      '    colour: red',
      '  - match: { gmae: cs2 }',
      '    catalog: +0%',
      '  - match: all',
      '    margin: 10%',
      '    ceiling: "10,00"',
      '    floor: "12,00"',
    ].join('\n');
    assert.deepEqual((await problems(text)).sort(), [
      'rules.yaml:10: floor: the floor is above the ceiling',
      'rules.yaml:3: margin: a margin is from -90% to 1000%',
      'rules.yaml:4: unknown key "colour" (known: name, match, margin, catalog, minMargin, round, ceiling, floor, cost)',
      'rules.yaml:5: match: say what it selects (listing, variant, game, category), or match: all',
      'rules.yaml:5: unknown key "gmae" (known: listing, variant, game, category; or match: all)',
    ]);
  });

  test('an empty match is refused: a rule for everything says match: all', async () => {
    assert.deepEqual(await problems('rules:\n  - match: {}\n    margin: 10%\n'), [
      'rules.yaml:2: match: say what it selects (listing, variant, game, category), or match: all',
    ]);
  });

  test('YAML errors and a missing rules list are FILE:LINE too', async () => {
    assert.match((await problems('rules:\n  - match: all\n   bad: [\n'))[0]!, /^rules\.yaml:\d+: /);
    assert.deepEqual(await problems('fee: 10%\n'), ['rules.yaml:1: rules: a list of rules']);
  });

  test('a listing or game the account does not have', async () => {
    const r = await parseRules(
      'rules:\n  - match: { listing: 404 }\n    margin: 10%\n  - match: { game: tetris }\n    margin: 10%\n',
      'r.yaml',
    );
    assert.deepEqual(rulesProblems(r, { listings: new Map([[1, []]]), catalog: new Map([['cs2', 100]]) }), [
      "r.yaml:2: unknown listing 404 (not one of this account's listings)",
      'r.yaml:4: unknown game "tetris" (not in GET /api/v2/catalog/games)',
    ]);
  });
  test('a YAML bomb is a FILE:LINE problem, not a crash', async () => {
    assert.deepEqual(
      await problems(
        [
          'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
          'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]',
          'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]',
          'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
          'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]',
          'rules: [*e]',
        ].join('\n'),
      ),
      ['rules.yaml:2: too many aliases (more than 100 expansions): not read'],
    );
  });

  test('a fee or a margin past sane bounds is refused at its line (fee: 99.99% priced a listing at R$ 33,000.00)', async () => {
    assert.deepEqual(await problems(['fee: 99.99%', 'rules:', '  - match: all', '    margin: 2000%'].join('\n')), [
      'rules.yaml:1: fee: a fee is from 0% to 50%',
      'rules.yaml:4: margin: a margin is from -90% to 1000%',
    ]);
    assert.deepEqual(await problems(['fee: 12%', 'rules:', '  - match: all', '    margin: 25%'].join('\n')), []);
  });
});
