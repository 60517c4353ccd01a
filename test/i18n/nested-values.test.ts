// A text built from texts: a refusal carries its reason, which carries the floor's; a key's
// plan carries the key it creates. Each value that is a message of its own is said in pt-BR too,
// two levels below the line, and a value that is data (a price, a file, a key's name) stays.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setLanguage, t } from '../../src/i18n/index.js';
import { PT_BR } from '../../src/i18n/pt-BR/index.js';

describe('values that are messages', () => {
  test('a value of a value is translated (two levels), data stays as it is', (tc) => {
    tc.after(() => setLanguage('en'));
    setLanguage('pt-BR', PT_BR);
    assert.equal(
      t('BELOW_FLOOR: price 9.90 is below the floor 10.00 (catalog minimum 10.00); nothing was sent'),
      'BELOW_FLOOR: o preço 9.90 está abaixo do piso 10.00 (mínimo do catálogo 10.00); nada foi enviado',
    );
    assert.equal(
      t(
        'rotate: create v2 key "ci (rotated 2026-11-28)", store it in profile "default", check it with GET /api/v2/me, then revoke key #2 (svc_v2_sk_ab…6789)',
      ),
      'trocar: criar a chave v2 "ci (rotated 2026-11-28)", guardá-la no perfil "default", verificá-la com GET /api/v2/me e então revogar a chave #2 (svc_v2_sk_ab…6789)',
    );
    assert.equal(
      t('no answer within 1 s (gave up after 2 attempts)'),
      'sem resposta em 1 s (desistiu depois de 2 tentativas)',
    );
  });
});
