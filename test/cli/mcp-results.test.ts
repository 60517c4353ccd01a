// What svc mcp hands the model from a command's json (src/cli/mcp/results.ts): capped, cleaned,
// nothing private. In-process: the e2e file (test/e2e/mcp-server.test.ts) cannot make a page big
// enough to pass the cap, since a page holds at most 100 listings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MCP } from '../../src/api/assumptions.js';
import { outcomeOf } from '../../src/cli/mcp/results.js';

const KEY = `svc_v2_sk_${'a1'.repeat(20)}`;

test('a list past the size cap is cut to what fits, and says how many of how many', () => {
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, title: `listing ${i + 1} ${'x'.repeat(80)}` }));
  const out = outcomeOf('products_list', { code: 0, stdout: JSON.stringify(rows), stderr: '' }, 1, []);
  const data = out.content.data as unknown[];
  assert.ok(data.length > 100 && data.length < 2000, `${data.length}`);
  assert.ok(JSON.stringify(data).length <= MCP.resultMaxBytes);
  assert.deepEqual(out.content.truncated, {
    shown: data.length,
    of: 2000,
    hint: 'ask for a smaller limit or the next page',
  });
  const small = outcomeOf('products_list', { code: 0, stdout: JSON.stringify(rows.slice(0, 5)), stderr: '' }, 1, []);
  assert.equal(small.content.truncated, undefined);
  assert.equal((small.content.data as unknown[]).length, 5);
});

test('private fields are dropped, escapes removed and keys masked, at any depth', () => {
  const order = {
    id: 1,
    buyer: { name: 'ana', email: 'ana@example.com', phone: '+55 11 9999' },
    items: [{ ref: 'r1', credentials: 'user:pass' }],
    note: `\u001b[31mred\u001b[0m key ${KEY} \u202eexe.txt`,
  };
  const out = outcomeOf('orders_get', { code: 0, stdout: JSON.stringify(order), stderr: `warning: ${KEY}` }, 1, [KEY]);
  const text = JSON.stringify(out);
  for (const gone of ['ana@example.com', '+55 11 9999', 'user:pass', KEY, '\u001b', '\u202e'])
    assert.ok(!text.includes(gone), gone);
  assert.match(text, /"name":"ana"/);
  assert.match(text, /red key svc_v2_sk_…/);
});

test('a failure with no json is a tool error carrying the message of the command', () => {
  const out = outcomeOf('products_get', { code: 4, stdout: '', stderr: 'error: the key was refused\n' }, 1, []);
  assert.equal(out.isError, true);
  assert.match(out.text, /products_get failed \(exit 4\): error: the key was refused/);
  const partly = outcomeOf('products_bulk_price', { code: 3, stdout: '[{"status":"failed"}]', stderr: '' }, 1, []);
  assert.equal(partly.isError, false);
});
