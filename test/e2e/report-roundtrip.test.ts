// `--report` mirrors its input. A pt-BR Excel export (`;` delimiter, decimal comma,
// UTF-8 BOM) gets a `;` report with a BOM and its own cells unchanged, so the spreadsheet that
// made the file opens the report in columns; a plain `,` file gets a plain `,` report. Messages
// in reports use ASCII punctuation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

describe('--report mirrors the input file', () => {
  test('a ; file with a BOM and decimal commas: a ; report with a BOM, cells as written', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'precos.csv', '\ufeffid;price\r\n101;1.234,50\r\n999999;12,00\r\n');
    const report = join(dirs.dir, 'relatorio.csv');
    const r = await svc(['products', 'bulk-price', file, '--report', report, '--yes'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 3, r.stderr); // the unknown listing is refused
    const bytes = readFileSync(report);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the report starts with a BOM');
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    assert.equal(lines[0], 'id;price;status;code;message');
    assert.match(lines[1]!, /^101;1\.234,50;ok;;/);
    assert.match(lines[2]!, /^999999;12,00;failed;[A-Z_]+;/);
    for (const l of lines) assert.equal(l.split(';').length >= 5, true, l);
    assert.match(bytes.toString('utf8'), /^[\u0000-\u007f\ufeff]*$/, 'ASCII punctuation only');
  });

  test('a , file without a BOM: a , report without one', async () => {
    const dirs = tempDirs();
    const file = writeFile(dirs.dir, 'prices.csv', 'id,price\n101,12.50\n');
    const report = join(dirs.dir, 'report.csv');
    const r = await svc(['products', 'bulk-price', file, '--report', report, '--yes'], { env: svcEnv(sb, dirs) });
    assert.equal(r.code, 0, r.stderr);
    const text = readFileSync(report, 'utf8');
    assert.equal(text.charCodeAt(0), 'i'.charCodeAt(0));
    assert.match(text, /^id,price,status,code,message\r\n101,12\.50,ok,,/);
  });
});
