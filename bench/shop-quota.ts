// bench/shop-quota: what the shop spends of the account's day (spec 8: 5,000 requests per
// account). Counted on the sandbox's request log, never estimated:
// - one `shop sync` pass with nothing to do over 1, 12 and 100 rules (goal: flat, <= 8 for 12);
// - one confirmed sale in `shop run`, from the purchase to its listing's pass done (confirmation,
//   refill, the lot; goal <= 5);
// - a day of `shop run` over 12 rules at the defaults (every: 300, budget 20%): the plan svc makes
//   at start (src/shop/budget.ts planDay, `every` stretched to fit) with the measured costs of a
//   pass and of a sale put in, idle and with 200 sales (goals <= 10% and <= 25% of 5,000); the
//   same day lived on the clock and counted on the wire is bench/shop-day.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { planDay } from '../src/shop/budget.js';
import { cliEnv, control, ensureBuilt, run, startShopRun, tempDir, until } from './lib.js';

const LIMITS = { v2PerMinute: 1_000_000, v2PerDay: 100_000_000, v1PerMinute: 1_000_000, v1PerDay: 100_000_000 };
const POOL_SECRET = 'bench-pool-secret-0123456789abcdef0123456789';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

async function wire(url: string): Promise<number> {
  return ((await control(url, 'GET', 'requests')) as unknown[]).length;
}

/** A shop of `n` auto-delivery listings, a pool of 4 keys each, target 2; refilled once. */
async function shop(
  sb: Sandbox,
  n: number,
  extra = '',
): Promise<{ env: NodeJS.ProcessEnv; file: string; ids: number[] }> {
  const dir = tempDir();
  const env = { ...cliEnv(sb.url, sb.keys.v2, dir), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET };
  const { ids } = (await control(sb.url, 'POST', 'listings', { count: n, autoDelivery: true })) as { ids: number[] };
  const rules = ids.map((id, i) => {
    writeFileSync(join(dir, `p${i}.csv`), `credential\n${[1, 2, 3, 4].map((k) => `key-${id}-${k}`).join('\n')}\n`);
    return `  - listing: ${id}\n    pool: p${i}.csv\n    target: 2\n`;
  });
  const file = join(dir, 'shop.yaml');
  writeFileSync(file, `rules:\n${rules.join('')}notify: []\n${extra}`);
  const first = await run(['shop', 'sync', '--config', file, '-q'], env);
  if (first.code !== 0) throw new Error(`first pass: ${first.stderr.slice(-400)}`);
  return { env, file, ids };
}

async function idlePass(sb: Sandbox, n: number): Promise<number> {
  const { env, file } = await shop(sb, n);
  await control(sb.url, 'DELETE', 'requests');
  const r = await run(['shop', 'sync', '--config', file, '-q'], env);
  if (r.code !== 0) throw new Error(`idle pass: ${r.stderr.slice(-400)}`);
  return wire(sb.url);
}

/** Requests from a purchase to the end of its listing's pass in `shop run` (12 rules). */
async function perSale(sb: Sandbox): Promise<number> {
  const { env, file, ids } = await shop(sb, 12, 'every: 86400\n');
  const resident = await startShopRun(sb.url, file, env);
  try {
    await control(sb.url, 'DELETE', 'requests');
    await control(sb.url, 'POST', 'purchase', { productId: ids[0] });
    await until(() => /sale pass: shop:/.test(resident.stderr()));
    return await wire(sb.url);
  } finally {
    await control(sb.url, 'POST', 'webhooks', { urls: [] });
    resident.stop();
  }
}

export async function benchShopQuota(): Promise<Record<string, number>> {
  ensureBuilt();
  const out: Record<string, number> = {};
  const sb = await startSandbox({ port: 0, rateLimit: LIMITS });
  try {
    for (const n of [1, 12, 100]) {
      out[`idle pass ${n} rules`] = await idlePass(sb, n);
      console.log(`idle shop sync pass, ${String(n).padStart(3)} rules: ${out[`idle pass ${n} rules`]} requests`);
    }
    out['per sale'] = await perSale(sb);
    console.log(`one confirmed sale in shop run (confirmation included): ${out['per sale']} requests (goal <= 5)`);
  } finally {
    await sb.close();
  }
  for (const sales of [0, 200]) {
    const p = planDay({ everyS: 300, budgetPercent: 20, rules: 12, salesPerDay: sales, resident: true });
    const day = Math.ceil((86_400 / p.everyS) * out['idle pass 12 rules']!) + sales * out['per sale']!;
    const pct = (100 * day) / 5000;
    out[`day ${sales} sales %`] = Number(pct.toFixed(1));
    console.log(
      `a day of shop run, 12 rules, ${sales} sales: passes every ${p.everyS} s, ${day} requests, ${pct.toFixed(1)}% of 5,000 (goal <= ${sales ? 25 : 10}%)`,
    );
  }
  return out;
}
