// bench/startup (issue 2): start-up time of svc as a ratio to `node -e 0`.
//   svc --version, svc --help          goal <= 1.25
//   svc products list --json           against a local sandbox, goal <= 2.0
// Runs are interleaved (node, svc, node, svc, ...) so machine noise hits both alike; medians.
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, ensureBuilt, median, tempDir, timeRun } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

export async function benchStartup(): Promise<Record<string, number>> {
  ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    seed: true,
    rateLimit: { v2PerMinute: 1_000_000, v2PerDay: 10_000_000, v1PerMinute: 1_000_000, v1PerDay: 10_000_000 },
  });
  const dir = tempDir();
  const env = cliEnv(sb.url, sb.keys.v2, dir);
  // A profile read from the config file (conf), as a seller at a terminal has it.
  const profileEnv = { ...env, SVC_API_KEY: undefined, SVC_BASE_URL: undefined, SVC_PROFILE: 'bench' };
  await loginProfile(sb.url, sb.keys.v2, env);
  const cases: [string, string[], NodeJS.ProcessEnv][] = [
    ['svc --version', ['--version'], env],
    ['svc --help', ['--help'], env],
    ['svc products list --help', ['products', 'list', '--help'], env],
    ['svc products list --json (SVC_API_KEY)', ['products', 'list', '--json'], env],
    ['svc products list --json (profile)', ['products', 'list', '--json'], profileEnv],
    ['svc products list (piped tsv)', ['products', 'list'], env],
    // issue 27: the same with the language on (the pt-BR catalogue is loaded, tsv headers stay)
    ['svc --help (pt-BR)', ['--help'], { ...env, LANG: 'pt_BR.UTF-8' }],
    ['svc products list --json (pt-BR)', ['products', 'list', '--json'], { ...env, LANG: 'pt_BR.UTF-8' }],
    ['svc products list (piped tsv, pt-BR)', ['products', 'list'], { ...env, LANG: 'pt_BR.UTF-8' }],
  ];
  const base: number[] = [];
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) await timeRun(process.execPath, ['-e', '0']); // warm the file cache
  for (let i = 0; i < RUNS; i++) {
    base.push(await timeRun(process.execPath, ['-e', '0']));
    for (const [j, [, args, e]] of cases.entries()) times[j]!.push(await timeRun(process.execPath, [BIN, ...args], e));
  }
  await sb.close();
  const nodeMs = median(base);
  const out: Record<string, number> = { 'node -e 0 (ms)': round(nodeMs) };
  console.log(`node -e 0: ${nodeMs.toFixed(1)} ms (median of ${RUNS})`);
  cases.forEach(([name], j) => {
    const ms = median(times[j]!);
    const ratio = ms / nodeMs;
    out[`${name} ratio`] = round(ratio, 2);
    const goal = name.includes('--json') || name.includes('tsv') ? 2.0 : 1.25;
    console.log(
      `${name.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms  ratio ${ratio.toFixed(2)}  (goal <= ${goal})${ratio <= goal ? '' : '  MISSED'}`,
    );
  });
  return out;
}

function loginProfile(url: string, key: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'auth', 'login', '--profile', 'bench', '--base-url', url], {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`auth login exited ${code}`))));
    child.stdin.end(key);
  });
}

function round(x: number, d = 1): number {
  return Math.round(x * 10 ** d) / 10 ** d;
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) await benchStartup();
