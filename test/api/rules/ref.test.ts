// The ref rule (spec 2.3, cli-spec 3): 1-64 of [A-Za-z0-9._-], not secret, not holding a
// login, e-mail or password. See src/input/ref-rule.ts for the rule as decided.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refProblem, secretParts } from '../../../src/api/rules/ref.js';

test('ordinary refs pass', () => {
  for (const ref of ['lot-42', 'supplier_A.2024-05', 'battlepass-s12', 'a', 'x'.repeat(64)]) {
    assert.equal(refProblem(ref, 'someone:s3cret'), undefined, ref);
  }
});

test('a ref must be 1-64 of letters, digits, dot, hyphen, underscore', () => {
  for (const ref of ['', 'x'.repeat(65), 'has space', 'ação', 'a/b']) {
    assert.equal(refProblem(ref), 'ref must be 1-64 letters, digits, dot, hyphen or underscore', ref);
  }
});

test('a ref with @ is refused as an e-mail', () => {
  assert.match(refProblem('joe@example.com')!, /e-mail/);
});

test('a ref naming a secret is refused (password, pwd, senha, login, email...)', () => {
  for (const ref of ['mypassword1', 'PWD-1', 'senha_lote', 'login2', 'email-list', 'lot.pass.3', 'user7', 'PW-9']) {
    assert.match(refProblem(ref) ?? '', /must not name a login or password/, ref);
  }
});

test('short secret words only count as whole words', () => {
  for (const ref of ['battlepass', 'passage-lot', 'superuser2x', 'gmailish', 'compass-9']) {
    assert.equal(refProblem(ref), undefined, ref);
  }
});

test('a ref equal to or containing the login or password of login:password is refused', () => {
  const why = "ref must not contain the credential's login, e-mail or password";
  assert.equal(refProblem('gamer99', 'gamer99:hunter2'), why);
  assert.equal(refProblem('lot-hunter22-a', 'gamer99:hunter22'), why);
  assert.equal(refProblem('joe', 'joe@example.com|pw'), why);
  assert.equal(refProblem('lot-1', 'gamer99:hunter22'), undefined);
});

test('labelled credentials expose their login and password to the rule', () => {
  const credential = 'Login: dragonslayer\nSenha - Tr0ub4dor\nRegion: EU';
  assert.deepEqual([...secretParts(credential)], ['dragonslayer', 'tr0ub4dor']);
  assert.notEqual(refProblem('dragonslayer-01', credential), undefined);
  assert.equal(refProblem('eu-01', credential), undefined);
});

test('a ref problem never quotes the ref', () => {
  const ref = 'Sup3rSecretValue';
  assert.ok(!(refProblem(ref, `x:${ref}`) ?? '').includes(ref));
});
