// The sandbox's day on a clock (spec 8: the day's quota resets at 00:00 UTC; A8 DAILY_LIMIT):
// `POST /_sandbox/clock {rate, anchorMs}` runs its clock R times as fast from a real instant (as
// svc's SVC_CLOCK_RATE does), and `POST /_sandbox/rate/spend-day` is another tool of the account
// spending what is left of the day, without a request sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERROR_CODES } from '../../src/api/assumptions.js';
import type { SandboxHandle } from '../../src/sandbox/index.js';
import { type Client, control, useSandbox } from './helpers.js';

const DAY = 86_400_000;

describe('the sandbox day on a clock', () => {
  let sb: SandboxHandle;
  let v2: Client;
  useSandbox((s) => ({ sb, v2 } = s));

  it('runs R times as fast from the anchor, the offset added', { timeout: 10_000 }, async () => {
    const real = Date.now();
    const t0 = (Math.floor(real / DAY) + 2) * DAY;
    const r = await control(sb, 'POST', 'clock', { advanceMs: t0 - real, rate: 1000, anchorMs: real });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // Wait for the state (a simulated minute has passed), never a fixed time.
    let now = t0;
    while (now < t0 + 60_000) now = Date.parse((await control(sb, 'POST', 'clock', {})).body.data.now);
    const realSpent = Date.now() - real;
    assert.ok(now - t0 >= 60_000 && now - t0 <= (realSpent + 50) * 1000, `${now - t0} ms simulated in ${realSpent} ms`);
    await control(sb, 'POST', 'reset', {});
    const back = Date.parse((await control(sb, 'POST', 'clock', {})).body.data.now);
    assert.ok(Math.abs(back - Date.now()) < 1000, 'a reset puts the clock back to real time');
  });

  it("spend-day leaves the account nothing: the next request is DAILY_LIMIT until the day's end", async () => {
    const me = await v2.get('/api/v2/me');
    const spent = await control(sb, 'POST', 'rate/spend-day', { accountId: me.body.data.accountId });
    assert.equal(spent.status, 200);
    assert.ok(spent.body.data.spent > 0);
    const refused = await v2.get('/api/v2/me');
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code ?? refused.body.error?.code, ERROR_CODES.DAILY_LIMIT);
    const toMidnight = (DAY - (Date.now() % DAY)) / 1000;
    assert.ok(
      Math.abs(Number(refused.headers.get('retry-after')) - toMidnight) <= 2,
      refused.headers.get('retry-after')!,
    );
  });
});
