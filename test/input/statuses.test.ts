// The bulk-status file (cli-spec 3): id, active (true/false/1/0/yes/no), same CSV rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readStatusFile } from '../../src/input/statuses.js';
import { AS_FILE, fileWith } from './helpers.js';

const read = (content: string) => readStatusFile(fileWith('status.csv', content), AS_FILE);

test('active accepts true/false/1/0/yes/no in any case', async () => {
  const result = await read('id;active\n1;true\n2;FALSE\n3;1\n4;0\n5;Yes\n6;no\n');
  assert.deepEqual(result.problems, []);
  assert.deepEqual(
    result.rows.map((r) => r.isActive),
    [true, false, true, false, true, false],
  );
  assert.deepEqual(
    result.rows.map((r) => r.line),
    [2, 3, 4, 5, 6, 7],
  );
});

test('any other active value is a problem on its line', async () => {
  assert.deepEqual((await read('id,active\n\n1,on\n')).problems, [
    'FILE:3: active "on" is not one of true, false, 1, 0, yes, no',
  ]);
});

test('id and active are both required columns', async () => {
  assert.deepEqual((await read('id\n1\n')).problems, ['FILE:1: missing column active']);
});

test('unknown columns are a note naming them', async () => {
  assert.deepEqual((await read('id,active,note\n1,yes,x\n')).notes, [
    'FILE:1: 1 unknown column ignored: "note" (expected id, active; --strict-columns refuses them)',
  ]);
});

test('the same id twice names both lines', async () => {
  assert.deepEqual((await read('id,active\n4,yes\n# again\n4,no\n')).problems, [
    'FILE:4: duplicate of line 2 (id 4 appears twice)',
  ]);
});

test('a BOM and TAB delimiter are handled like the prices file', async () => {
  const result = await read('\ufeffID\tActive\n9\tyes\n');
  assert.deepEqual(result.rows, [{ line: 2, id: 9, isActive: true, raw: { id: '9', active: 'yes' } }]);
  assert.deepEqual(result.columns, ['id', 'active']);
});
