// bench/orders-mirror: `orders profit` over 100,000 sales, first run (makes the
// mirror) and second run (syncs it): requests, wall, peak RSS (goal second run <= 5 requests and
// <= 100 MB); `stock status` over 1000 auto-delivery listings with 100,000 sales in the week,
// second run (goal <= 15 requests). Peak RSS from GNU time (`/usr/bin/time -v`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { cliEnv, control, ensureBuilt, run, tempDir } from './lib.js';

const LIMITS = { v2PerMinute: 1_000_000, v2PerDay: 100_000_000, v1PerMinute: 1_000_000, v1PerDay: 100_000_000 };

interface Measured {
  requests: number;
  seconds: number;
  mb: number;
}

async function measured(url: string, args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  await control(url, 'DELETE', 'requests');
  const r = await run(args, env, { prefix: ['/usr/bin/time', '-v'] });
  if (r.code !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.code}: ${r.stderr.slice(-500)}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]);
  const requests = ((await control(url, 'GET', 'requests')) as unknown[]).length;
  return { requests, seconds: r.ms / 1000, mb: Math.round(kb / 1024) };
}

const line = (what: string, m: Measured) =>
  console.log(
    `${what.padEnd(44)} ${String(m.requests).padStart(5)} requests  ${m.seconds.toFixed(1).padStart(6)} s  peak RSS ${m.mb} MB`,
  );

async function profit(): Promise<Record<string, number>> {
  const sb = await startSandbox({ port: 0, rateLimit: LIMITS });
  try {
    await control(sb.url, 'POST', 'orders', { count: 100_000, days: 365, quantity: 2, costCents: 150 });
    const env = cliEnv(sb.url, sb.keys.v2, tempDir());
    const args = ['orders', 'profit', '-o', 'json'];
    const first = await measured(sb.url, args, env);
    line('orders profit, 100,000 sales, first run', first);
    const second = await measured(sb.url, args, env);
    line('orders profit, 100,000 sales, second run', second);
    const byDay = await measured(sb.url, [...args, '--by', 'day'], env);
    line('orders profit --by day, second run', byDay);
    const ok = second.requests <= 5 && second.mb <= 100;
    console.log(`second run: goal <= 5 requests and <= 100 MB${ok ? '' : '  MISSED'}`);
    return {
      'profit first requests': first.requests,
      'profit first s': first.seconds,
      'profit first MB': first.mb,
      'profit second requests': second.requests,
      'profit second s': second.seconds,
      'profit second MB': second.mb,
    };
  } finally {
    await sb.close();
  }
}

async function stockStatus(): Promise<Record<string, number>> {
  const sb = await startSandbox({ port: 0, rateLimit: LIMITS });
  try {
    const { ids } = await control(sb.url, 'POST', 'listings', { count: 1000, autoDelivery: true });
    await control(sb.url, 'POST', 'orders', { count: 100_000, days: 7, productId: ids[0] });
    const env = cliEnv(sb.url, sb.keys.v2, tempDir());
    const first = await measured(sb.url, ['stock', 'status', '-o', 'json'], env);
    line('stock status, 1000 listings, first run', first);
    const second = await measured(sb.url, ['stock', 'status', '-o', 'json'], env);
    line('stock status, 1000 listings, second run', second);
    console.log(`second run: goal <= 15 requests${second.requests <= 15 ? '' : '  MISSED'}`);
    return {
      'stock first requests': first.requests,
      'stock second requests': second.requests,
      'stock second s': second.seconds,
    };
  } finally {
    await sb.close();
  }
}

export async function benchOrdersMirror(): Promise<Record<string, number>> {
  if (!existsSync('/usr/bin/time')) throw new Error('needs GNU time at /usr/bin/time (apt-get install time)');
  ensureBuilt();
  return { ...(await profit()), ...(await stockStatus()) };
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) await benchOrdersMirror();
