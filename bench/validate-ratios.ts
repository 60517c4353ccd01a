// bench/validate-ratios: validation against its floor, as interleaved pairs in one run
// (svc, floor, svc, floor...), medians of wall time and of CPU time (user + sys, GNU time):
//   1,000,000 price rows `bulk-price --dry-run` / csv-parse alone                goal <= 2.0
//   1,000,000 quoted pt-BR rows ("id";"19,90") `--dry-run` / csv-parse with ';'   goal <= 2.5
//   `stock add --dry-run`, 1,000,000 credential lines / a readline pass (CPU)    goal <= 4
// `node --import tsx bench/validate-ratios.ts [pairs]` (default 3). A report, not a test.
// BENCH_ONLY=TEXT runs only the figures whose name contains TEXT (e.g. `BENCH_ONLY=stock`).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, control, ensureBuilt, median, ROOT, tempDir } from './lib.js';
import { writeLines } from './validate.js';

const N = 1_000_000;

interface Time {
  wall: number;
  cpu: number;
}

/** One run under GNU time: wall and CPU seconds. */
function timed(argv: string[], env: NodeJS.ProcessEnv, expectCode: number): Promise<Time> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', 'CPU %U %S', ...argv], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (code !== expectCode || !m) reject(new Error(`${argv.join(' ')} exited ${code}: ${stderr.slice(-600)}`));
      else resolve({ wall, cpu: Number(m[1]) + Number(m[2]) });
    });
  });
}

const CSV_PARSE = join(ROOT, 'node_modules', 'csv-parse', 'dist', 'cjs', 'index.cjs');
const csvFloor = (delimiter: string) =>
  `const {parse}=require(${JSON.stringify(CSV_PARSE)});require('fs').createReadStream(process.argv[1]).pipe(parse({relax_column_count:true,delimiter:${JSON.stringify(delimiter)}})).on('data',()=>{});`;
const READLINE_FLOOR =
  "const rl=require('readline').createInterface({input:require('fs').createReadStream(process.argv[1]),crlfDelay:Infinity});rl.on('line',()=>{});";

export async function benchValidateRatios(pairs = 3): Promise<Record<string, number>> {
  if (!existsSync('/usr/bin/time')) throw new Error('needs GNU time at /usr/bin/time (apt-get install time)');
  if (process.env.BENCH_NO_BUILD !== '1') ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    rateLimit: { v2PerMinute: 100_000, v2PerDay: 1_000_000, v1PerMinute: 100_000, v1PerDay: 1_000_000 },
  });
  const dir = tempDir();
  const env = cliEnv(sb.url, sb.keys.v2, dir);
  const out: Record<string, number> = {};
  try {
    const { ids } = await control(sb.url, 'POST', 'listings', { count: 1, autoDelivery: true });
    const prices = join(dir, 'prices.csv');
    const ptBr = join(dir, 'precos.csv');
    const creds = join(dir, 'creds.txt');
    await writeLines(
      prices,
      'id,price,variant',
      N,
      (i) => `${i + 1},${(i % 9000) + 1}.${String(i % 100).padStart(2, '0')},${i % 7 === 0 ? '0' : ''}`,
    );
    await writeLines(
      ptBr,
      '"id";"price"',
      N,
      (i) => `"${i + 1}";"${(i % 9000) + 1},${String(i % 100).padStart(2, '0')}"`,
    );
    await writeLines(creds, undefined, N, (i) => `user${i}@example.com:Pw-${(i * 2654435761) % 1e9}`);
    const node = process.execPath;
    const figures: [string, string[], number, string[], number][] = [
      [
        '1M price rows --dry-run / csv-parse',
        [node, BIN, 'products', 'bulk-price', prices, '--dry-run', '-q'],
        0,
        [node, '-e', csvFloor(','), prices],
        2.0,
      ],
      [
        '1M quoted pt-BR rows / csv-parse ";"',
        [node, BIN, 'products', 'bulk-price', ptBr, '--dry-run', '-q'],
        0,
        [node, '-e', csvFloor(';'), ptBr],
        2.5,
      ],
      // spec 8: over 10,000 per variant, so the run reads and judges every line, then exits 2
      [
        'stock add --dry-run 1M lines / readline',
        [node, BIN, 'stock', 'add', String(ids[0]), '--file', creds, '--dry-run', '-q'],
        2,
        [node, '-e', READLINE_FLOOR, creds],
        4,
      ],
    ];
    console.log(`bench/validate-ratios: medians of ${pairs} interleaved pairs (svc, floor)`);
    console.log('| figure | floor wall | svc wall | ratio wall | floor CPU | svc CPU | ratio CPU | goal |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [name, svcArgv, code, floorArgv, goal] of figures) {
      if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
      const s: Time[] = [];
      const f: Time[] = [];
      for (let i = 0; i < pairs; i++) {
        s.push(await timed(svcArgv, env, code));
        f.push(await timed(floorArgv, env, 0));
      }
      const sw = median(s.map((t) => t.wall));
      const fw = median(f.map((t) => t.wall));
      const sc = median(s.map((t) => t.cpu));
      const fc = median(f.map((t) => t.cpu));
      out[`${name} wall`] = Math.round((sw / fw) * 100) / 100;
      out[`${name} cpu`] = Math.round((sc / fc) * 100) / 100;
      console.log(
        `| ${name} | ${fw.toFixed(2)} s | ${sw.toFixed(2)} s | ${(sw / fw).toFixed(2)} | ${fc.toFixed(2)} s | ${sc.toFixed(2)} s | ${(sc / fc).toFixed(2)} | <= ${goal} |`,
      );
    }
  } finally {
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) {
  await benchValidateRatios(Number(process.argv[2] ?? 3));
}
