// bench/sea: the one-file executable against the npm install, on this machine's target: size on
// disk, and start-up of `--version` and of a `products list --json` read against the sandbox, as
// medians of interleaved runs (node -e 0, npm, binary, ...) with `node -e 0` as the floor, plus the
// binary's very first run (its files unpacked into an empty cache folder). A report, not a test.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, ensureBuilt, median, ROOT, tempDir, timeRun } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);

function size(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((n, f) => n + size(join(path, f)), 0);
}

const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

export async function benchSea(): Promise<Record<string, number>> {
  ensureBuilt();
  const out = tempDir();
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'sea.mjs'), '--out', out], { stdio: 'inherit' });
  const exe = join(out, `svc-${process.platform}-${process.arch}`);
  const sb = await startSandbox({
    port: 0,
    seed: true,
    rateLimit: { v2PerMinute: 1_000_000, v2PerDay: 10_000_000, v1PerMinute: 1_000_000, v1PerDay: 10_000_000 },
  });
  const dir = tempDir();
  const env = { ...cliEnv(sb.url, sb.keys.v2, dir), XDG_CACHE_HOME: join(dir, 'cache') };
  let cold = 0;
  const coldEnv = () => ({ ...env, XDG_CACHE_HOME: join(dir, `cold-${cold++}`) });
  const cases: [string, string, string[], () => NodeJS.ProcessEnv][] = [
    ['node -e 0 (floor)', process.execPath, ['-e', '0'], () => env],
    ['npm package: svc --version', process.execPath, [BIN, '--version'], () => env],
    ['binary: svc --version', exe, ['--version'], () => env],
    ['npm package: products list --json', process.execPath, [BIN, 'products', 'list', '--json'], () => env],
    ['binary: products list --json', exe, ['products', 'list', '--json'], () => env],
    ['binary: first run (unpack, no code cache)', exe, ['products', 'list', '--json'], coldEnv],
  ];
  try {
    // Warm both: the code cache of each is made by a first read.
    for (const [, cmd, args, e] of cases.slice(1, 5)) await timeRun(cmd, args, e());
    const times = cases.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i++)
      for (const [j, [, cmd, args, e]] of cases.entries()) times[j]!.push(await timeRun(cmd, args, e()));
    const floor = median(times[0]!);
    const result: Record<string, number> = {};
    console.log(`| case | median ms | ratio to node -e 0 |\n|---|---|---|`);
    for (const [j, [name]] of cases.entries()) {
      const m = median(times[j]!);
      result[name] = m;
      console.log(`| ${name} | ${m.toFixed(1)} | ${(m / floor).toFixed(2)} |`);
    }
    const npmSize =
      size(join(ROOT, 'bin')) +
      size(join(ROOT, 'dist')) +
      size(join(ROOT, 'node_modules', 'jq-wasm')) +
      size(join(ROOT, 'node_modules', '@napi-rs'));
    console.log(
      `\nsize: binary ${mib(size(exe))}; npm install ${mib(npmSize)} (bin, dist, jq-wasm, keyring) + Node ${mib(size(process.execPath))}`,
    );
    return result;
  } finally {
    await sb.close();
  }
}
