// A bulk-price summary in pt-BR agrees in number: `1 recusada`, `2 recusadas` (style.md: counts read right).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setLanguage } from '../../src/i18n/index.js';
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
});
