// what `svc products list --json` loads, seen in the built CLI against the sandbox
// (bin/svc.js SVC_TRACE_CHUNKS=FILE lists the chunks a run loaded). A good answer is checked by
// the generated shapes: the chunk holding the response schemas (responses.ts, with zod's words
// for a bad answer, answer-explain.ts) is not loaded; a bad answer loads it. A read runs in the
// read lane (src/cli/lane: no commander, and option kinds without zod), so it loads no zod at all.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** The chunks one run loaded, each with its text (to know what it holds). */
async function tracedRun(
  args: string[],
): Promise<{ code: number | null; stderr: string; chunks: Map<string, string> }> {
  const trace = join(mkdtempSync(join(tmpdir(), 'svc-trace-')), 'chunks.txt');
  const r = await svc(args, { env: { ...svcEnv(sb, tempDirs()), SVC_TRACE_CHUNKS: trace } });
  const names = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
  return {
    code: r.code,
    stderr: r.stderr,
    chunks: new Map(names.map((n) => [n, readFileSync(join(ROOT, 'dist', n), 'latin1')])),
  };
}
// A line of responses.ts and one of zod's core, as they stand in the minified chunks.
const holdsResponses = (text: string) => text.includes('not an ISO 8601 time');
const holdsZod = (text: string) => text.includes('"$ZodObject"');

test('a read with a good answer does not load the response schemas; the trace sees what loads', async () => {
  const r = await tracedRun(['products', 'list', '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(r.chunks.has('lane.cjs'), 'the trace lists what bin/svc.js loaded (a read runs in the lane)');
  const responses = [...r.chunks].filter(([, text]) => holdsResponses(text)).map(([n]) => n);
  assert.deepEqual(responses, [], 'the response schemas were loaded on the success path');
});

test('a read loads no zod at all', async () => {
  const r = await tracedRun(['products', 'list', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const zod = [...r.chunks].filter(([, text]) => holdsZod(text)).map(([n]) => n);
  assert.deepEqual(zod, [], 'the zod chunk was loaded by a read');
});

// `import * as fs from 'node:fs'` bundles to an interop copy of every export of the module with
// a getter each (~100 for node:fs), made when the bundle loads: a read's sources import built-ins
// by name.
test('the read lane makes no interop copy of a built-in module when it loads', () => {
  const lane = readFileSync(join(ROOT, 'dist', 'lane.cjs'), 'latin1');
  const copies = lane.match(/[=,]\s*[\w$]+\(require\("node:[^"]+"\),1\)/g) ?? [];
  assert.deepEqual(copies, []);
});

test('a bad answer loads the response schemas and zod to name the field', async () => {
  // a 200 whose listing has a string price (an injected answer, cli-spec 5)
  const body = {
    success: true,
    data: [{ id: 1, price: '19,90' }],
    pagination: { page: 1, limit: 50, total: 1, totalPages: 1 },
  };
  await sb.control('POST', 'faults', {
    match: { route: 'listProducts' },
    fault: { type: 'status', status: 200, body },
  });
  const r = await tracedRun(['products', 'list', '--json']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /data\[0\]\.price is a string, expected a number/);
  assert.ok([...r.chunks.values()].some(holdsResponses), 'zod and the schemas explain the no');
});
