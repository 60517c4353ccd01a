// bench/shop-day: a whole UTC day of `shop run` over 12 rules at the defaults (every: 300, budget
// 20%), lived on the clock (svc's SVC_CLOCK_RATE and the sandbox's clock rate, from one instant):
// a quiet day and a day of 200 sales spread from 00:30 to 23:30, each sale confirmed through the
// receiver. Every request of the day is counted on the sandbox's request log (spec 8: 5,000 a day
// per account); goals <= 10% idle and <= 25% with 200 sales. The two days run side by side.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { cliEnv, control, ensureBuilt, startShopRun, tempDir, until } from './lib.js';

const RATE = 2400; // a day in 36 s
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POOL_KEYS = 30;
const POOL_SECRET = 'bench-pool-secret-0123456789abcdef0123456789';

/** Requests of one simulated day of `shop run` with `sales` purchases spread over it. */
async function day(sales: number): Promise<{ requests: number; plan: string }> {
  const sb = await startSandbox({
    port: 0,
    rateLimit: { v2PerMinute: 1_000_000, v1PerMinute: 1_000_000, v2PerDay: 5_000, v1PerDay: 3_000 },
  });
  const dir = tempDir();
  try {
    const { ids } = (await control(sb.url, 'POST', 'listings', { count: 12, autoDelivery: true })) as { ids: number[] };
    const rules = ids.map((id, i) => {
      const keys = Array.from({ length: POOL_KEYS }, (_, k) => `key-${id}-${k}`);
      writeFileSync(join(dir, `p${i}.csv`), `credential\n${keys.join('\n')}\n`);
      return `  - listing: ${id}\n    pool: p${i}.csv\n    target: 2\n`;
    });
    const file = join(dir, 'shop.yaml');
    writeFileSync(file, `rules:\n${rules.join('')}notify: []\nevery: 300\n`);
    const real = Date.now();
    const t0 = (Math.floor(real / DAY) + 2) * DAY;
    await control(sb.url, 'POST', 'clock', { advanceMs: t0 - real, rate: RATE, anchorMs: real });
    const now = () => t0 + (Date.now() - real) * RATE;
    const env = {
      ...cliEnv(sb.url, sb.keys.v2, dir),
      SVC_KEYRING: 'off',
      SVC_POOL_SECRET: POOL_SECRET,
      SVC_CLOCK_RATE: String(RATE),
      SVC_CLOCK_ANCHOR_MS: String(real),
      SVC_CLOCK_OFFSET_MS: String(t0 - real),
    };
    const shop = await startShopRun(sb.url, file, env);
    try {
      for (let i = 0; i < sales; i++) {
        await until(() => now() >= t0 + HOUR / 2 + (i * 23 * HOUR) / sales);
        await control(sb.url, 'POST', 'purchase', { productId: ids[i % ids.length] });
      }
      await until(() => now() >= t0 + DAY);
    } finally {
      shop.stop();
    }
    const log = (await control(sb.url, 'GET', 'requests')) as { path: string; at: string }[];
    const inDay = log.filter((r) => !r.path.startsWith('/_sandbox') && Date.parse(r.at) < t0 + DAY);
    return { requests: inDay.length, plan: /budget: about \d+ requests a day[^\n]*/.exec(shop.stderr())?.[0] ?? '?' };
  } finally {
    await sb.close();
  }
}

export async function benchShopDay(): Promise<Record<string, number>> {
  ensureBuilt();
  const out: Record<string, number> = {};
  const [idle, busy] = await Promise.all([day(0), day(200)]);
  for (const [sales, r] of [
    [0, idle],
    [200, busy],
  ] as const) {
    const pct = (100 * r.requests) / 5000;
    out[`day ${sales} sales requests`] = r.requests;
    out[`day ${sales} sales %`] = Number(pct.toFixed(1));
    console.log(
      `a day of shop run on the clock, 12 rules, ${sales} sales: ${r.requests} requests on the wire, ${pct.toFixed(1)}% of 5,000 (goal <= ${sales ? 25 : 10}%); said at start: ${r.plan}`,
    );
  }
  return out;
}
