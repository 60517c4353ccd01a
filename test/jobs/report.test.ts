// cli-spec 4: `--report FILE.csv` = the input rows with status, code, message columns.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeReport } from '../../src/jobs/report.js';
import { tempStateDir } from './helpers.js';

test('writes the input columns plus status, code and message, quoting as CSV requires', (t) => {
  const file = path.join(tempStateDir(t), 'report.csv');
  writeReport(
    file,
    ['id', 'price'],
    [
      { raw: { id: '12', price: '19,90' }, outcome: { line: 2, id: 12, status: 'ok' } },
      {
        raw: { id: '13', price: '5.00' },
        outcome: { line: 3, id: 13, status: 'failed', code: 'NO_STOCK', message: 'no "stock"\nleft' },
      },
    ],
  );
  assert.equal(
    fs.readFileSync(file, 'utf8'),
    'id,price,status,code,message\r\n' + '12,"19,90",ok,,\r\n' + '13,5.00,failed,NO_STOCK,"no ""stock""\nleft"\r\n',
  );
});

test('the report file is readable by its owner only', (t) => {
  const file = path.join(tempStateDir(t), 'report.csv');
  fs.writeFileSync(file, 'old', { mode: 0o644 });
  writeReport(file, ['line'], [{ raw: { line: '1' }, outcome: { line: 1, status: 'ok' } }]);
  assert.equal(fs.statSync(file).mode & 0o777, 0o600);
});

test('service text cannot become a spreadsheet formula and loses control characters', (t) => {
  const file = path.join(tempStateDir(t), 'report.csv');
  writeReport(
    file,
    ['line'],
    [{ raw: { line: '2' }, outcome: { line: 2, status: 'failed', code: 'X', message: '=HYPERLINK("x")\u001b[31m' } }],
  );
  assert.equal(fs.readFileSync(file, 'utf8').split('\r\n')[1], '2,failed,X,"\'=HYPERLINK(""x"")[31m"');
});

test('an input column named status keeps its name; the result column is prefixed', (t) => {
  const file = path.join(tempStateDir(t), 'report.csv');
  writeReport(
    file,
    ['id', 'status'],
    [{ raw: { id: '1', status: 'true' }, outcome: { line: 2, status: 'unchanged' } }],
  );
  assert.deepEqual(fs.readFileSync(file, 'utf8').split('\r\n').slice(0, 2), [
    'id,status,result_status,code,message',
    '1,true,unchanged,,',
  ]);
});
