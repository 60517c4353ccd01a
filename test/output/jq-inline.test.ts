// --jq in the calling thread: jq-wasm's answer and jq's errors as the worker gives them, and every
// run it must not finish here (over its time, its output cap, an input too large, a second run)
// handed back undefined, for the worker to run under the full limits (jq.ts). jq's exit status
// never becomes the process's.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { JQ_INLINE, loadInlineJq } from '../../src/output/jq-inline.js';

const JQ_PATH = join(dirname(createRequire(import.meta.url).resolve('jq-wasm')), 'build', 'jq.js');
const FLAGS = ['-r', '-c'];
const limits = { timeMs: 60_000, outputBytes: 256 * 1024 * 1024 };

async function loaded(l = limits) {
  const jq = await loadInlineJq(JQ_PATH, l);
  assert.ok(jq, "jq-wasm's runtime took the patches");
  return jq;
}

// In a describe: the unit runner shares a process between files, and a top-level hook would
// set the budget for every other file's --jq too.
describe('--jq in the calling thread', () => {
  // The calling thread's time budget is wall time: on a loaded machine a first run can pass 500 ms.
  // The tests that check an answer give it room; the one that checks the stop sets its own limit.
  const savedTime = JQ_INLINE.timeMs;
  before(() => {
    JQ_INLINE.timeMs = 30_000;
  });
  after(() => {
    JQ_INLINE.timeMs = savedTime;
  });

  test("jq's output, strings raw and values compact", async () => {
    const jq = await loaded();
    assert.deepEqual(jq.run('[{"id":1,"t":"a b"},{"id":2,"t":[1, 2]}]', '.[] | .t', FLAGS), { out: 'a b\n[1,2]' });
  });

  test("jq's errors come back as jq said them, and jq's exit status is not the process's", async () => {
    const before = process.exitCode;
    const syntax = (await loaded()).run('[1]', '.[', FLAGS);
    assert.ok(syntax && 'error' in syntax && /syntax error/.test(syntax.error.message), JSON.stringify(syntax));
    const runtime = (await loaded()).run('[1]', '.[] | error("boom")', FLAGS);
    assert.ok(runtime && 'error' in runtime && /boom/.test(runtime.error.message), JSON.stringify(runtime));
    assert.equal(process.exitCode, before);
  });

  test('a run over the time is stopped (WebAssembly interrupted) and handed to the worker', async () => {
    const jq = await loaded({ ...limits, timeMs: 200 });
    const t0 = Date.now();
    assert.equal(jq.run('0', 'last(range(1e12))', FLAGS), undefined);
    assert.ok(Date.now() - t0 < 1_500, `stopped after ${Date.now() - t0} ms`);
  });

  test('output past the cap is handed to the worker, not cut', async () => {
    const jq = await loaded({ ...limits, outputBytes: 1024 });
    assert.equal(jq.run('[1]', '[range(2000)] | .[]', FLAGS), undefined);
  });

  test('an input past JQ_INLINE.maxInputChars, or a second run of one load, goes to the worker', async () => {
    assert.equal((await loaded()).run(' '.repeat(JQ_INLINE.maxInputChars + 1), '.', FLAGS), undefined);
    const jq = await loaded();
    assert.deepEqual(jq.run('1', '.', FLAGS), { out: '1' });
    assert.equal(jq.run('1', '.', FLAGS), undefined);
  });
});
