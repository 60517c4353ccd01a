// A text built from texts: a refusal carries its reason, which carries the floor's; the request
// core's failure carries how it failed and how many attempts it made. Each value that is a
// message of its own is said in pt-BR too, and a value that is data (a price, a count) stays.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setLanguage, t } from '../../src/i18n/index.js';
import { PT_BR } from '../../src/i18n/pt-BR/index.js';

describe('values that are messages', () => {
  test('a value of a value is translated, data stays as it is', (tc) => {
    tc.after(() => setLanguage('en'));
    setLanguage('pt-BR', PT_BR);
    assert.equal(
      t('BELOW_FLOOR: price 9.90 is below the floor 10.00 (catalog minimum 10.00); nothing was sent'),
      'BELOW_FLOOR: o preço 9.90 está abaixo do piso 10.00 (mínimo do catálogo 10.00); nada foi enviado',
    );
    assert.equal(
      t('connection dropped by the other side (gave up after 3 attempts)'),
      'conexão derrubada pelo outro lado (desistiu depois de 3 tentativas)',
    );
    assert.equal(
      t('no answer within 1 s (gave up after 2 attempts)'),
      'sem resposta em 1 s (desistiu depois de 2 tentativas)',
    );
  });
});
