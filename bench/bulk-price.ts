// bench/bulk-price: 10,000 rows against the sandbox with a raised rate limit.
// Goals: exactly 100 requests, 0 responses 429, wall time / rate-limit bound <= 1.05.
// The bound: with L requests per window of W seconds, 100 requests need ceil(100 / L)
// windows, so the last one cannot start before (ceil(100 / L) - 1) * W after the first.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { cliEnv, control, ensureBuilt, run, tempDir } from './lib.js';

const ROWS = 10_000;
const PER_MINUTE = Number(process.env.BENCH_RATE ?? 40);
const TIME_SCALE = Number(process.env.BENCH_TIME_SCALE ?? 0.25); // a "minute" of 15 s

export async function benchBulkPrice(): Promise<Record<string, number | string>> {
  ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    timeScale: TIME_SCALE,
    rateLimit: { v2PerMinute: PER_MINUTE, v2PerDay: 1_000_000, v1PerMinute: PER_MINUTE, v1PerDay: 1_000_000 },
  });
  const { ids } = await control(sb.url, 'POST', 'listings', { count: ROWS, price: 1000 });
  const dir = tempDir();
  const file = join(dir, 'prices.csv');
  writeFileSync(
    file,
    ['id,price_cents', ...ids.map((id: number, i: number) => `${id},${2000 + (i % 5000)}`)].join('\n'),
  );
  await control(sb.url, 'DELETE', 'requests');
  const r = await run(['products', 'bulk-price', file, '-o', 'json', '-q'], cliEnv(sb.url, sb.keys.v2, dir));
  const log = (await control(sb.url, 'GET', 'requests')) as {
    route: string | null;
    status: number | null;
    at: string;
  }[];
  await sb.close();
  if (r.code !== 0) throw new Error(`bulk-price exited ${r.code}: ${r.stderr}`);
  const writes = log.filter((e) => e.route === 'bulkPrice');
  const tooMany = log.filter((e) => e.status === 429).length;
  const windowS = Math.max(1, Math.ceil(60 * TIME_SCALE));
  const windows = Math.ceil(writes.length / PER_MINUTE);
  const boundS = (windows - 1) * windowS;
  const wallS = r.ms / 1000;
  const firstToLast = (Date.parse(writes.at(-1)!.at) - Date.parse(writes[0]!.at)) / 1000;
  const result = {
    rows: ROWS,
    requests: writes.length,
    'responses 429': tooMany,
    'rate limit': `${PER_MINUTE} per ${windowS} s`,
    'bound (s)': boundS,
    'wall time (s)': round(wallS),
    'wall / bound': round(wallS / boundS),
    'first to last request (s)': round(firstToLast),
  };
  for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(28)} ${v}`);
  console.log(
    `goals: 100 requests ${writes.length === 100 ? 'met' : 'MISSED'}; 0 x 429 ${tooMany === 0 ? 'met' : 'MISSED'}; ratio <= 1.05 ${wallS / boundS <= 1.05 ? 'met' : 'MISSED'}`,
  );
  return result;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) await benchBulkPrice();
