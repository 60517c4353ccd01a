// bench/startup: start-up time of svc on each Node line, as a ratio to
// `node -e 0` of the same line, side by side with the floor a read cannot beat: a bare
// `node:http` GET of the same page printed to stdout (bench/floor-get.cjs).
//   svc --version, svc --help, products list --help       goal <= 1.25
//   svc products list --json (key, profile), piped tsv     goal <= 1.5; each also as a ratio
//   to the floor (F, goal <= 1.2), and each --jq to its `--json | jq` pipeline (P, goal <= 2)
//   cold first read: an empty cache folder (no code cache on this line yet); reported only
// Runs are interleaved (node, floor, svc..., node, floor, svc...) so that machine noise hits all
// alike; figures are medians. Node lines: BENCH_NODES=DIR[,DIR...] (folders holding a `node`
// binary; .ci/run passes the registry binaries of .ci/node-bin.sh), else the running Node.
// BENCH_COMPARE=PATH/bin/svc.js adds the reads of another build (e.g. main before a change).
// A report, never a pass/fail: CI prints it (.ci/startup-report) and goes on.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startSandbox } from '../src/sandbox/index.js';
import { BIN, cliEnv, control, ensureBuilt, median, ROOT, tempDir, timeRun } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const FLOOR = join(ROOT, 'bench', 'floor-get.cjs');

interface Case {
  name: string;
  /** What is spawned: node by default; `/bin/sh` for a pipeline. */
  cmd?: (node: string) => string;
  args: (node: string) => string[];
  env: () => NodeJS.ProcessEnv;
  goal?: number;
  /** Also printed as a ratio to another case: a read to the floor (F), --jq to its pipeline (P). */
  vs?: 'floor' | 'pipeline';
}

export async function benchStartup(): Promise<Record<string, number>> {
  if (process.env.BENCH_NO_BUILD !== '1') ensureBuilt();
  const sb = await startSandbox({
    port: 0,
    seed: true,
    rateLimit: { v2PerMinute: 1_000_000, v2PerDay: 10_000_000, v1PerMinute: 1_000_000, v1PerDay: 10_000_000 },
  });
  await control(sb.url, 'POST', 'listings', { count: 2_000 });
  const dir = tempDir();
  const env = cliEnv(sb.url, sb.keys.v2, dir);
  // A profile read from the config file, as a seller at a terminal has it.
  const profileEnv = { ...env, SVC_API_KEY: undefined, SVC_BASE_URL: undefined, SVC_PROFILE: 'bench' };
  await loginProfile(sb.url, sb.keys.v2, env);
  // The cold first run: a cache folder no run has used (a new one each time).
  let cold = 0;
  const coldEnv = () => ({ ...env, XDG_CACHE_HOME: join(dir, `cold-${cold++}`) });
  const compare = process.env.BENCH_COMPARE;
  const cases: Case[] = [
    { name: 'node -e 0', args: () => ['-e', '0'], env: () => env },
    { name: 'bare node:http GET (floor)', args: () => [FLOOR], env: () => env },
    { name: 'svc --version', args: () => [BIN, '--version'], env: () => env, goal: 1.25 },
    { name: 'svc --help', args: () => [BIN, '--help'], env: () => env, goal: 1.25 },
    { name: 'svc products list --help', args: () => [BIN, 'products', 'list', '--help'], env: () => env, goal: 1.25 },
    {
      name: 'products list --json (key)',
      args: () => [BIN, 'products', 'list', '--json'],
      env: () => env,
      goal: 1.5,
      vs: 'floor',
    },
    {
      name: 'products list --json (profile)',
      vs: 'floor',
      args: () => [BIN, 'products', 'list', '--json'],
      env: () => profileEnv,
      goal: 1.5,
    },
    // the README's form: global flags before the noun
    {
      name: 'svc --profile bench products list --json (README form)',
      vs: 'floor',
      args: () => [BIN, '--profile', 'bench', 'products', 'list', '--json'],
      env: () => ({ ...profileEnv, SVC_PROFILE: undefined }),
      goal: 1.5,
    },
    // proxy variables set, as behind a company proxy: the loopback sandbox is still direct
    {
      name: 'products list --json (HTTPS_PROXY set)',
      vs: 'floor',
      args: () => [BIN, 'products', 'list', '--json'],
      env: () => ({ ...env, HTTPS_PROXY: 'http://proxy.invalid:3128', HTTP_PROXY: 'http://proxy.invalid:3128' }),
      goal: 1.5,
    },
    {
      name: 'products list (piped tsv)',
      args: () => [BIN, 'products', 'list'],
      env: () => env,
      goal: 1.5,
      vs: 'floor',
    },
    { name: 'cold first --json read', args: () => [BIN, 'products', 'list', '--json'], env: coldEnv },
    // the same with the language on (the pt-BR catalogue is loaded, tsv headers stay)
    {
      name: 'svc --help (pt-BR)',
      args: () => [BIN, '--help'],
      env: () => ({ ...env, LANG: 'pt_BR.UTF-8' }),
      goal: 1.25,
    },
    {
      name: 'products list --json (pt-BR)',
      vs: 'floor',
      args: () => [BIN, 'products', 'list', '--json'],
      env: () => ({ ...env, LANG: 'pt_BR.UTF-8' }),
      goal: 1.5,
    },
    // --jq (jq-wasm in a worker, in the lane) against the seller's own jq over --json, on one
    // page and on every listing (2,000 and more: the sandbox is given them at start)
    ...jqCases(env),
  ];
  if (compare) {
    // Its own cache folder: an older build that writes its code cache removes other builds'
    // folders, so sharing one made both builds' reads cold in turn.
    const compareEnv = { ...env, XDG_CACHE_HOME: join(dir, 'compare-cache') };
    cases.push({
      name: 'BENCH_COMPARE --json read',
      args: () => [compare, 'products', 'list', '--json'],
      env: () => compareEnv,
    });
    cases.push({
      name: 'BENCH_COMPARE cold first read',
      args: () => [compare, 'products', 'list', '--json'],
      env: coldEnv,
    });
  }
  // BENCH_ONLY=REGEX: only the cases whose name matches (with `node -e 0`, the floor, and each --jq's pipeline)
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  if (only)
    cases.splice(
      0,
      cases.length,
      ...cases.filter(
        (c, i) => i < 2 || only.test(c.name) || (cases[i + 1]?.vs === 'pipeline' && only.test(cases[i + 1]!.name)),
      ),
    );
  const lines = (process.env.BENCH_NODES ?? '')
    .split(',')
    .filter(Boolean)
    .map((d) => join(d, 'node'));
  if (lines.length === 0) lines.push(process.execPath);
  const out: Record<string, number> = {};
  printHead(cases);
  try {
    for (const node of lines) {
      const version = await nodeVersion(node);
      const ms = await measureLine(node, cases);
      const base = median(ms[0]!);
      out[`${version} node -e 0 (ms)`] = round(base);
      // each line as soon as it is measured: a report cut short by its time limit keeps the lines done
      const row = [version, `${base.toFixed(0)} ms`, ...cases.slice(1).map((c, j) => cell(ms, c, j + 1))];
      console.log(`| ${row.join(' | ')} |`);
      cases.slice(1).forEach((c, j) => {
        out[`${version} ${c.name} ratio`] = round(median(ms[j + 1]!) / base, 2);
      });
    }
  } finally {
    await sb.close();
  }
  return out;
}

/** A case's ratio to `node -e 0`; a read's also to the floor (F), --jq's to the pipeline before it (P). */
function cell(ms: number[][], c: Case, j: number): string {
  const m = median(ms[j]!);
  const own = (m / median(ms[0]!)).toFixed(2);
  if (c.vs === 'floor') return `${own} (${(m / median(ms[1]!)).toFixed(2)}F)`;
  if (c.vs === 'pipeline') return `${own} (${(m / median(ms[j - 1]!)).toFixed(2)}P)`;
  return own;
}

const JQ = '.[] | .id';
const SH = '/bin/sh';
const quoted = (words: string[]) => words.map((w) => `'${w}'`).join(' ');

function jqCases(env: NodeJS.ProcessEnv): Case[] {
  const pair = (name: string, list: string[]): Case[] => [
    {
      name: `${name}: svc --json | jq (jq floor)`,
      cmd: () => SH,
      args: (node) => ['-c', `${quoted([node, BIN, ...list, '--json'])} | jq -r '${JQ}'`],
      env: () => env,
    },
    {
      name: `${name}: svc --jq (goal <= 2x the jq floor)`,
      args: () => [BIN, ...list, '--jq', JQ],
      env: () => env,
      vs: 'pipeline',
    },
  ];
  return [...pair('one page', ['products', 'list']), ...pair('2,000+ listings', ['products', 'list', '--all'])];
}

async function measureLine(node: string, cases: Case[]): Promise<number[][]> {
  const times = cases.map(() => [] as number[]);
  // Warm the file cache, and make this line's code cache (as a seller's first read would).
  const spawnOf = (c: Case) => c.cmd?.(node) ?? node;
  for (const c of cases.filter((c) => !c.name.includes('cold'))) await timeRun(spawnOf(c), c.args(node), c.env());
  for (let i = 0; i < RUNS; i++) {
    for (const [j, c] of cases.entries()) times[j]!.push(await timeRun(spawnOf(c), c.args(node), c.env()));
  }
  return times;
}

function printHead(cases: Case[]): void {
  const head = ['Node', 'node -e 0', ...cases.slice(1).map((c) => (c.goal ? `${c.name} (goal <= ${c.goal})` : c.name))];
  console.log(`bench/startup: medians of ${RUNS} interleaved runs; ratios to \`node -e 0\` of the same line`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
}

function nodeVersion(node: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--version'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let s = '';
    child.stdout.on('data', (d) => {
      s += d;
    });
    child.on('close', (code) => (code === 0 ? resolve(s.trim()) : reject(new Error(`${node} --version: ${code}`))));
  });
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
