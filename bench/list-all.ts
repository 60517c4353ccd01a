// bench/list-all: `svc products list --all -o json` over 50,000 listings, CPU time
// (user + sys, GNU time) against its floor in the same run: a keep-alive script that pages the
// same list with node:http and writes each page's items as one JSON array (bench/floor-pages.cjs).
// Interleaved pairs, medians. Goal: <= 1.5. A report, not a test.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, control, ensureBuilt, median, ROOT, tempDir } from './lib.js';

function cpu(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'CPU %U %S', ...argv], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => {
      const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (code !== 0 || !m) reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.slice(-400)}`));
      else resolve(Number(m[1]) + Number(m[2]));
    });
  });
}

export async function benchListAll(pairs = 3, listings = 50_000): Promise<Record<string, number>> {
  if (process.env.BENCH_NO_BUILD !== '1') ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    seed: false,
    rateLimit: { v2PerMinute: 1_000_000, v2PerDay: 10_000_000, v1PerMinute: 1_000_000, v1PerDay: 10_000_000 },
  });
  try {
    for (let made = 0; made < listings; made += 10_000) await control(sb.url, 'POST', 'listings', { count: 10_000 });
    const env = cliEnv(sb.url, sb.keys.v2, tempDir());
    const node = process.execPath;
    const s: number[] = [];
    const f: number[] = [];
    for (let i = 0; i < pairs; i++) {
      s.push(await cpu([node, BIN, 'products', 'list', '--all', '-o', 'json'], env));
      f.push(await cpu([node, join(ROOT, 'bench', 'floor-pages.cjs')], env));
    }
    const ratio = median(s) / median(f);
    console.log(
      `products list --all -o json, ${listings} listings: svc ${median(s).toFixed(2)} s CPU, paging script ${median(f).toFixed(2)} s CPU, ratio ${ratio.toFixed(2)} (goal <= 1.5; medians of ${pairs} pairs)`,
    );
    return { 'list-all cpu ratio': Math.round(ratio * 100) / 100 };
  } finally {
    await sb.close();
  }
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) {
  await benchListAll(Number(process.argv[2] ?? 3));
}
