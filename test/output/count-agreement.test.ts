// A bulk-price summary in pt-BR agrees in number: `1 recusada`, `2 recusadas` (style.md: counts read right).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setLanguage, t } from '../../src/i18n/index.js';
import { PT_BR } from '../../src/i18n/pt-BR/index.js';
import { count } from '../../src/output/plural.js';

describe('bulk-price summary counts agree in number in pt-BR', () => {
  after(() => setLanguage('en'));
  test('one and many', () => {
    setLanguage('pt-BR', PT_BR);
    assert.equal(count(1, 'refused', 'refused'), '1 recusada');
    assert.equal(count(2, 'refused', 'refused'), '2 recusadas');
    assert.equal(count(1, 'applied', 'applied'), '1 aplicada');
    assert.equal(count(3, 'applied', 'applied'), '3 aplicadas');
  });
  test("a refill's dry run: the pool's counts, one and many", () => {
    setLanguage('pt-BR', PT_BR);
    const line = (used: number, sold: number, left: number) =>
      t('pool {pool}: {entries}, {used} (any pool of this account), {sold}, {refused}, {left}', {
        pool: 'p.csv',
        entries: count(6, 'entry', 'entries'),
        used: count(used, 'sent before', 'sent before'),
        sold: count(sold, 'of them sold', 'of them sold'),
        refused: count(1, 'refused', 'refused'),
        left: count(left, 'left after this refill', 'left after this refill'),
      });
    assert.equal(
      line(1, 1, 1),
      'pool p.csv: 6 entradas, 1 enviada antes (qualquer pool desta conta), 1 delas vendida, 1 recusada, 1 resta depois desta reposição',
    );
    assert.match(line(2, 2, 4), /2 enviadas antes .*, 2 delas vendidas, 1 recusada, 4 restam depois desta reposição$/);
  });
});
