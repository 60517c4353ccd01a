// svc's clock at a rate (tests only: SVC_CLOCK_RATE from SVC_CLOCK_ANCHOR_MS): its time runs R
// times as fast and every wait scheduled on it lasts R times less, so a day of `shop run` is
// lived in seconds against a sandbox clock at the same rate (spec 8: the reset at 00:00 UTC).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nowMs, realDelayMs, setClockOffsetForTests } from '../../src/api/clock.js';

function withEnv(t: { after(fn: () => void): void }, vars: Record<string, string>): void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  setClockOffsetForTests(undefined); // read the environment again
  t.after(() => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    setClockOffsetForTests(undefined);
  });
}

test('at rate 1000 from an anchor a second ago, svc is 1000 s past the anchor plus the offset', (t) => {
  const anchor = Date.now() - 1_000;
  withEnv(t, { SVC_CLOCK_RATE: '1000', SVC_CLOCK_ANCHOR_MS: String(anchor), SVC_CLOCK_OFFSET_MS: '86400000' });
  const past = nowMs() - anchor - 86_400_000;
  assert.ok(past >= 1_000_000 && past < 1_200_000, `${past} ms of svc's clock in about a second`);
  assert.equal(realDelayMs(3_600_000), 3_600, 'an hour of svc is 3.6 s of the machine');
});

test('without a rate the clock is the machine’s plus the offset and waits are unchanged', (t) => {
  withEnv(t, { SVC_CLOCK_RATE: '', SVC_CLOCK_OFFSET_MS: '5000' });
  assert.ok(Math.abs(nowMs() - Date.now() - 5_000) < 50);
  assert.equal(realDelayMs(1_234), 1_234);
});
