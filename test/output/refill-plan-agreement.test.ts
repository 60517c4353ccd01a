// The stock refill dry run's counts agree in number in pt-BR ("1 recusada", "2 recusadas";
// "falta 1", "faltam 2"), and its English lines read as before (docs/guides/stock.md).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { planLines } from '../../src/cli/stock/refill-dry.js';
import type { Pool } from '../../src/cli/stock/refill-pool.js';
import { setLanguage } from '../../src/i18n/index.js';
import { PT_BR } from '../../src/i18n/pt-BR/index.js';

const target = { id: 7, arg: '7' };
const pool = { name: 'accounts.csv', entries: [{}, {}] } as unknown as Pool;

function lines(n: number): string[] {
  const plan = {
    held: 0,
    target: n,
    needed: n,
    wouldSend: n,
    requests: 1,
    unfinishedJobs: [],
    dryRunRequests: 2,
    poolUsed: n,
    poolSold: n,
    poolRefused: n,
    poolLeftAfter: n,
    identityRequests: 0,
    dayRemaining: 100,
    dayRemainingSource: 'usage',
  };
  return planLines(target, pool, plan, 0, 3);
}

describe('stock refill dry-run counts agree in number', () => {
  after(() => setLanguage('en'));
  test('pt-BR: one and many', () => {
    setLanguage('pt-BR', PT_BR);
    const one = lines(1).join('\n');
    assert.match(one, /: falta 1$/m);
    assert.match(one, /1 enviada antes \(qualquer pool desta conta\), 1 delas vendida, 1 recusada, 1 resta depois/);
    const two = lines(2).join('\n');
    assert.match(two, /: faltam 2$/m);
    assert.match(two, /2 enviadas antes \(qualquer pool desta conta\), 2 delas vendidas, 2 recusadas, 2 restam depois/);
  });
  test('English reads as before', () => {
    setLanguage('en');
    const one = lines(1).join('\n');
    assert.match(one, /target 1: 1 needed$/m);
    assert.match(
      one,
      /pool accounts\.csv: 2 entries, 1 sent before \(any pool of this account\), 1 of them sold, 1 refused, 1 left after this refill/,
    );
  });
});
