// Small spec drifts, fixed, each shown against what the service or the sandbox says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sandboxRateLimits } from '../../src/cli/sandbox/start.js';
import { ok, REST, runStubbed, StubRegistry } from './httpmock.js';
import { Client, start } from '../sandbox/helpers.js';

const V1 = `svc_sk_${'ef'.repeat(32)}`;
const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`;

// spec 4.4 names no order for a key's last requests: --limit N keeps the newest N either way.
for (const [order, minutes] of [
  ['oldest first', [1, 2, 3, 4, 5]],
  ['shuffled', [3, 5, 1, 4, 2]],
] as const) {
  test(`keys usage --limit 2 keeps the newest two when the service lists them ${order}`, async () => {
    const entries = minutes.map((m) => ({ method: 'GET', path: `/api/v1/stats?m=${m}`, status: 200, at: at(m) }));
    const reg = new StubRegistry().register(REST('GET', '/api/api-keys/7/usage'), ok(entries));
    const r = await runStubbed(reg, ['keys', 'usage', '7', '--limit', '2', '-o', 'json'], { key: V1 });
    assert.equal(r.code, 0, r.stderr);
    reg.verify();
    const rows = JSON.parse(r.stdout) as { at: string }[];
    assert.deepEqual(
      rows.map((x) => x.at),
      [at(5), at(4)],
    );
  });
}

test("svc sandbox --rate-limit N sets the minute window and keeps the spec's day limits", async () => {
  assert.deepEqual(sandboxRateLimits(10), { v2PerMinute: 10, v1PerMinute: 5 });
  const sb = await start({ rateLimit: sandboxRateLimits(10) });
  try {
    const r = await new Client(sb, sb.keys.v2).get('/api/v2/usage');
    assert.equal(r.status, 200);
    assert.equal(r.body.data.minute.limit, 10);
    assert.equal(r.body.data.day.limit, 5000, 'spec 8: v2 requests per day, 5000 per account');
    assert.equal(r.headers.get('x-ratelimit-limit'), '10');
  } finally {
    await sb.close();
  }
});
