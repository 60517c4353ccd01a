// cli-spec 1 exit codes of a bulk job.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuthError, NetworkError, PermissionError, RateLimitError } from '../../src/api/errors.js';
import { exitCodeFor } from '../../src/jobs/exit-code.js';
import type { JobResult } from '../../src/jobs/types.js';

const counts = (c: Partial<JobResult['counts']>): JobResult['counts'] => ({
  ok: 0,
  unchanged: 0,
  failed: 0,
  skipped: 0,
  ...c,
});

test('exits 0 when every item is ok, unchanged or a skipped duplicate', () => {
  assert.equal(exitCodeFor({ state: 'done', counts: counts({ ok: 5, unchanged: 2, skipped: 3 }) }), 0);
});

test('exits 3 when at least one item was refused', () => {
  assert.equal(exitCodeFor({ state: 'done', counts: counts({ ok: 99, failed: 1 }) }), 3);
});

test("exits with the stopping error's code when the job was aborted", () => {
  const aborted = (error: unknown) => exitCodeFor({ state: 'aborted', error, counts: counts({ ok: 1, failed: 1 }) });
  assert.equal(aborted(new AuthError({ status: 401, message: 'x' })), 4);
  assert.equal(aborted(new PermissionError({ status: 403, code: 'SELLER_IN_DEBT', message: 'x' })), 4);
  assert.equal(aborted(new RateLimitError({ status: 429, message: 'x' })), 5);
  assert.equal(aborted(new NetworkError({ message: 'x' })), 1);
  assert.equal(aborted(new TypeError('bug')), 1);
});

test('exits 130 when interrupted', () => {
  assert.equal(exitCodeFor({ state: 'interrupted', counts: counts({ ok: 3 }) }), 130);
});
