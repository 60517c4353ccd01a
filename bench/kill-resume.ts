// bench/kill-resume: kill -9 at a random point of a 10,000-credential stock import or
// a 1,000-row bulk-price (alternating), then resume with the same command and --yes; the end
// state must be exact every time: 10,000 credentials in stock (nothing lost, nothing twice),
// every price as in the file and every chunk applied once. Prints `N/20 exact`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { cliEnv, control, ensureBuilt, run, tempDir } from './lib.js';

const RUNS = Number(process.env.BENCH_KILL_RUNS ?? 20);
const DELAY_MS = 120; // each write waits this long in the sandbox, so a kill lands mid-job

async function api(url: string, key: string, path: string): Promise<any> {
  return ((await (await fetch(`${url}${path}`, { headers: { 'x-api-key': key } })).json()) as any).data;
}

export async function benchKillResume(): Promise<{ exact: number; runs: number }> {
  ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    rateLimit: { v2PerMinute: 100_000, v2PerDay: 10_000_000, v1PerMinute: 100_000, v1PerDay: 10_000_000 },
  });
  let exact = 0;
  for (let i = 0; i < RUNS; i++) {
    const dir = tempDir();
    const env = cliEnv(sb.url, sb.keys.v2, dir);
    const stock = i % 2 === 0;
    await control(sb.url, 'DELETE', 'requests');
    await control(sb.url, 'DELETE', 'faults');
    await control(sb.url, 'POST', 'faults', {
      match: { route: stock ? 'addStock' : 'bulkPrice' },
      fault: { type: 'delay', ms: DELAY_MS },
      times: 1000,
    });
    let args: string[];
    let check: () => Promise<string | undefined>;
    if (stock) {
      const { ids } = await control(sb.url, 'POST', 'listings', { count: 1, autoDelivery: true });
      const file = join(dir, 'creds.txt');
      writeFileSync(file, Array.from({ length: 10_000 }, (_, n) => `run${i}-user${n}:pw${n}`).join('\n'));
      args = ['stock', 'add', String(ids[0]), '--file', file];
      check = async () => {
        const n = (await api(sb.url, sb.keys.v2, `/api/v2/products/${ids[0]}`)).autoDeliveryStock;
        return n === 10_000 ? undefined : `stock ${n} instead of 10000`;
      };
    } else {
      const { ids } = await control(sb.url, 'POST', 'listings', { count: 1000, price: 100 });
      const file = join(dir, 'prices.csv');
      writeFileSync(file, ['id,price_cents', ...ids.map((id: number, n: number) => `${id},${1000 + n}`)].join('\n'));
      args = ['products', 'bulk-price', file];
      check = async () => {
        for (const n of [0, 499, 999]) {
          const p = (await api(sb.url, sb.keys.v2, `/api/v2/products/${ids[n]}`)).price;
          if (p !== 1000 + n) return `listing ${ids[n]} has price ${p}, not ${1000 + n}`;
        }
        const log = (await control(sb.url, 'GET', 'requests')) as {
          route: string;
          applied: boolean;
          idempotencyKey: string;
        }[];
        const applied = log.filter((e) => e.route === 'bulkPrice' && e.applied);
        if (applied.length !== 10) return `${applied.length} chunks applied instead of 10`;
        return undefined;
      };
    }
    const killAt = 150 + Math.floor(Math.random() * (stock ? 700 : 1200));
    const first = await run(args, env, { timeoutMs: killAt });
    await new Promise((r) => setTimeout(r, DELAY_MS * 3)); // a write in flight at the kill lands
    await control(sb.url, 'DELETE', 'faults');
    // A run that finished before the kill is complete: running it again would be a new job
    // (the same edit made again later is a new operation), so only a killed run is resumed.
    const resumed = first.code === null ? await run([...args, '--yes'], env) : first;
    const problem = resumed.code !== 0 ? `resume exited ${resumed.code}: ${resumed.stderr.slice(-300)}` : await check();
    const how = first.code === null ? `killed at ${killAt} ms` : `finished before the kill (${first.ms} ms)`;
    if (!problem) exact++;
    console.log(
      `${String(i + 1).padStart(2)} ${stock ? 'stock add 10000 ' : 'bulk-price 1000 '} ${how.padEnd(32)} ${problem ? `NOT EXACT: ${problem}` : 'exact'}`,
    );
  }
  await sb.close();
  console.log(`${exact}/${RUNS} exact`);
  return { exact, runs: RUNS };
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) {
  const r = await benchKillResume();
  process.exit(r.exact === r.runs ? 0 : 1);
}
