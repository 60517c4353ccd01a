// --jq bounded: jq-wasm runs in a worker thread, stopped by Ctrl-C/SIGTERM (the run's abort
// signal), by a time limit and an output limit, each with a clear error; and linear in its input
// (jq-wasm's own I/O copied the whole input per byte read: 4,005 rows took 123 s).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXIT, InterruptedError, UsageError } from '../../src/api/errors.js';
import { JQ_LIMITS, printThroughJq } from '../../src/output/jq.js';
import type { IO } from '../../src/output/io.js';

function sinkIO(): { io: IO; out: () => string } {
  const parts: string[] = [];
  const io = { stdout: { write: (c: string) => parts.push(c) > 0 } } as unknown as IO;
  return { io, out: () => parts.join('') };
}

const orders = (n: number) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      id: 7000 + i,
      orderCode: `ORD-${7000 + i}`,
      status: 'completed',
      price: 1990,
      fee: 199,
      productTitle: 'Conta Valorant Imortal com skins',
      createdAt: '2026-11-01T10:00:00.000Z',
      deliveredItems: [{ ref: `R-${i}`, costCents: 700 }],
    })),
  );

test("`repeat(1)` is stopped by the run's abort (Ctrl-C, SIGTERM) within 2 s", async () => {
  const { io } = sinkIO();
  const ac = new AbortController();
  const t0 = Date.now();
  const run = printThroughJq(io, '[1]', 'repeat(1)', ac.signal);
  setTimeout(() => ac.abort(new InterruptedError('interrupted')), 300);
  await assert.rejects(run, (err: unknown) => err instanceof InterruptedError && err.exitCode === EXIT.interrupted);
  assert.ok(Date.now() - t0 < 2_300, `stopped after ${Date.now() - t0} ms`);
});

test('a filter over its time limit stops with a usage error (exit 2)', async (t) => {
  const saved = JQ_LIMITS.timeMs;
  JQ_LIMITS.timeMs = 500;
  t.after(() => {
    JQ_LIMITS.timeMs = saved;
  });
  await assert.rejects(
    printThroughJq(sinkIO().io, '0', 'last(range(1e12))'),
    (err: unknown) => err instanceof UsageError && /stopped after 0.5 s/.test(err.message),
  );
});

test('a filter whose output passes the limit stops with a usage error (exit 2)', async (t) => {
  const saved = JQ_LIMITS.outputBytes;
  JQ_LIMITS.outputBytes = 1024 * 1024;
  t.after(() => {
    JQ_LIMITS.outputBytes = saved;
  });
  await assert.rejects(
    printThroughJq(sinkIO().io, '[1]', 'repeat(1)'),
    (err: unknown) => err instanceof UsageError && /output over 1 MB/.test(err.message),
  );
});

test('linear in the input: 20,000 orders take at most ~4x the time of 5,000, and under 5 s', async () => {
  const time = async (n: number) => {
    const { io, out } = sinkIO();
    const t0 = performance.now();
    await printThroughJq(io, orders(n), '.[] | select(.status == "completed") | [.orderCode, .price - .fee] | @tsv');
    assert.equal(out().trim().split('\n').length, n);
    return performance.now() - t0;
  };
  await time(100); // the runtime compiled once
  const small = await time(5_000);
  const large = await time(20_000);
  console.log(`# jq over 5,000 orders ${small.toFixed(0)} ms, 20,000 ${large.toFixed(0)} ms`);
  assert.ok(large < 5_000, `20,000 orders took ${large.toFixed(0)} ms`);
  assert.ok(large < small * 4 * 2 + 500, `not linear: ${small.toFixed(0)} ms then ${large.toFixed(0)} ms`);
});

test("a jq error is still jq's message: a syntax error is a usage error", async () => {
  await assert.rejects(
    printThroughJq(sinkIO().io, '[1]', '.['),
    (err: unknown) => err instanceof UsageError && /syntax error/.test(err.message),
  );
});
