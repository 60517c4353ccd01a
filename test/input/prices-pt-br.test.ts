// A seller's pt-BR spreadsheet: `;` between cells, `R$ 1.234,50` prices, a `preço`/`preco`/`Preço`
// header: read as the English price column would be (cli-spec 3; the thousands decision in
// src/api/assumptions/stock.ts: the file's own `,` decimals make `1.234` a thousand).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readPriceFile } from '../../src/input/prices.js';
import { AS_FILE, fileWith } from './helpers.js';

for (const header of ['preço', 'preco', 'Preço']) {
  test(`a ; file with a ${header} header and R$ cells is read`, async () => {
    const path = fileWith('precos.csv', `id;${header}\n1;R$ 1.234,50\n2;R$ 19,90\n3;R$ 2.000\n`);
    const r = await readPriceFile(path, AS_FILE);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(
      r.rows.map((row) => [row.id, row.priceCents]),
      [
        [1, 123450],
        [2, 1990],
        [3, 200000],
      ],
    );
  });
}

test('1.234 in a file that does not show its decimal mark is refused, nothing read', async () => {
  const path = fileWith('precos.csv', 'id;preço\n1;R$ 1.234\n');
  const r = await readPriceFile(path, AS_FILE);
  assert.equal(r.rows.length, 0);
  assert.equal(r.problemCount, 1);
});
