// bench/ink-table: a table on a real terminal (script(1), 80x40), the plain printer
// against the Ink table (the default; SVC_INK_TABLE=0 is the plain printer), same build: `svc products list --all`, 71 listings of
// the sandbox (the demo data and 60 with long titles, cut with …). Interleaved pairs, warm code
// cache (each side runs 3 times first), then cold pairs (a fresh cache folder for each run).
// Wall (GNU time %e), CPU (user + sys) and peak memory (%M) of the svc process; medians. Goal:
// Ink - plain < 100 ms; with `bench/ink-table.ts N COLD 5000`, Ink <= 1.3x plain.
// A report, not a test; the load average is printed with it (the machine is shared).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, ensureBuilt, median, tempDir } from './lib.js';

interface Sample {
  wall: number;
  cpu: number;
  /** Peak resident memory, MB. */
  rss: number;
}

function inTerminal(env: NodeJS.ProcessEnv): Promise<Sample> {
  const cmd = `stty cols 80 rows 40; /usr/bin/time -f 'T %e %U %S %M' '${process.execPath}' '${BIN}' products list --all`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', cmd, '/dev/null'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      const m = /T ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
      if (code !== 0 || !m || !out.includes('740.40')) reject(new Error(`exited ${code}: ${out.slice(-400)}`));
      else resolve({ wall: Number(m[1]) * 1000, cpu: (Number(m[2]) + Number(m[3])) * 1000, rss: Number(m[4]) / 1024 });
    });
  });
}

async function pairs(n: number, env: (ink: boolean) => NodeJS.ProcessEnv) {
  const s = { plain: [] as Sample[], ink: [] as Sample[] };
  for (let i = 0; i < n; i++)
    for (const ink of i % 2 ? [true, false] : [false, true]) s[ink ? 'ink' : 'plain'].push(await inTerminal(env(ink)));
  const m = (xs: Sample[], k: keyof Sample) => Math.round(median(xs.map((x) => x[k])));
  return {
    plain: { wall: m(s.plain, 'wall'), cpu: m(s.plain, 'cpu'), rss: m(s.plain, 'rss') },
    ink: { wall: m(s.ink, 'wall'), cpu: m(s.ink, 'cpu'), rss: m(s.ink, 'rss') },
  };
}

/**
 * `rows` listings in all (the sandbox's 11 and the benchmark's): 71 by default; 5,000 for the
 * large table, whose goal is Ink <= 1.3x the plain printer in CPU time and peak memory.
 */
export async function benchInkTable(n = 20, cold = 5, rows = 71): Promise<Record<string, number>> {
  if (process.env.BENCH_NO_BUILD !== '1') ensureBuilt();
  const rate = { v2PerMinute: 1_000_000, v2PerDay: 10_000_000, v1PerMinute: 1_000_000, v1PerDay: 10_000_000 };
  const sb = await startSandbox({ port: 0, rateLimit: rate });
  try {
    for (let i = 1; i <= rows - 11; i++) {
      const res = await fetch(`${sb.url}/api/v2/products`, {
        method: 'POST',
        headers: {
          'x-api-key': sb.keys.v2,
          'content-type': 'application/json',
          'idempotency-key': `bench-ink-table-${i}`,
        },
        body: JSON.stringify({
          title: `Tmuxtest account number ${i} with every agent, rare knife skins and a clean history`,
          description: 'A listing made by the benchmark.',
          price: 1234 * i,
          game: 'valorant',
          category: 'skin',
        }),
      });
      if (res.status !== 201) throw new Error(`POST /products: ${res.status}`);
    }
    const base = cliEnv(sb.url, sb.keys.v2, tempDir());
    delete base.NO_COLOR; // a colour terminal: the bold header
    const cache = mkdtempSync(join(tmpdir(), 'svc-bench-cache-'));
    const env = (ink: boolean, xdg = cache) => ({
      ...base,
      XDG_CACHE_HOME: xdg,
      SVC_INK_TABLE: ink ? '1' : '0', // Ink is the default; 0 is the plain printer
    });
    for (let i = 0; i < 3; i++) for (const ink of [false, true]) await inTerminal(env(ink));
    const load = loadavg()[0]!.toFixed(1);
    const warm = await pairs(n, (ink) => env(ink));
    const first = await pairs(cold, (ink) => env(ink, mkdtempSync(join(tmpdir(), 'svc-bench-cold-'))));
    console.log(`load average ${load} -> ${loadavg()[0]!.toFixed(1)}`);
    for (const [name, r] of [
      [`warm, ${n} pairs`, warm],
      [`cold (no code cache), ${cold} pairs`, first],
    ] as const)
      console.log(
        `${name}: plain ${r.plain.wall} ms wall / ${r.plain.cpu} ms CPU, Ink ${r.ink.wall} ms / ${r.ink.cpu} ms: ` +
          `+${r.ink.wall - r.plain.wall} ms wall, +${r.ink.cpu - r.plain.cpu} ms CPU (goal < 100 ms)`,
      );
    const ratio = (k: keyof Sample) => (warm.ink[k] / warm.plain[k]).toFixed(2);
    console.log(
      `${rows} rows, warm: Ink / plain = ${ratio('wall')} wall, ${ratio('cpu')} CPU, ${ratio('rss')} peak memory ` +
        `(plain ${warm.plain.rss} MB, Ink ${warm.ink.rss} MB; goal at 5,000 rows <= 1.3)`,
    );
    return {
      'ink-table warm wall +ms': warm.ink.wall - warm.plain.wall,
      'ink-table warm cpu +ms': warm.ink.cpu - warm.plain.cpu,
    };
  } finally {
    await sb.close();
  }
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) {
  await benchInkTable(Number(process.argv[2] ?? 20), Number(process.argv[3] ?? 5), Number(process.argv[4] ?? 71));
}
