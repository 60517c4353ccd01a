// bench/stock-memory: peak RSS of `svc stock add` importing 10,000 credentials of
// 5000 characters (50 MB) vs 1,000 of them (5 MB). Goals: <= 120 MB and <= 1.2x.
// Peak RSS comes from GNU time (`/usr/bin/time -v`, "Maximum resident set size").
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { startSandbox } from '../src/sandbox/index.js';
import { cliEnv, control, ensureBuilt, run, tempDir } from './lib.js';

async function credentialsFile(path: string, n: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < n; i++) {
    const head = `user${i}:`;
    if (
      !out.write(
        `${head}${String(i)
          .padStart(8, '0')
          .repeat(625)
          .slice(0, 5000 - head.length)}\n`,
      )
    )
      await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function peakRss(n: number): Promise<{ mb: number; seconds: number }> {
  const sb = await startSandbox({
    port: 0,
    rateLimit: { v2PerMinute: 100_000, v2PerDay: 1_000_000, v1PerMinute: 100_000, v1PerDay: 1_000_000 },
  });
  const { ids } = await control(sb.url, 'POST', 'listings', { count: 1, autoDelivery: true });
  const dir = tempDir();
  const file = join(dir, 'creds.txt');
  await credentialsFile(file, n);
  const r = await run(
    ['stock', 'add', String(ids[0]), '--file', file, '-q', '-o', 'json'],
    cliEnv(sb.url, sb.keys.v2, dir),
    { prefix: ['/usr/bin/time', '-v'] },
  );
  await sb.close();
  if (r.code !== 0) throw new Error(`stock add exited ${r.code}: ${r.stderr.slice(-500)}`);
  const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1]);
  return { mb: Math.round(kb / 1024), seconds: r.ms / 1000 };
}

export async function benchStockMemory(): Promise<Record<string, number>> {
  if (!existsSync('/usr/bin/time')) throw new Error('needs GNU time at /usr/bin/time (apt-get install time)');
  ensureBuilt();
  const small = await peakRss(1_000);
  const large = await peakRss(10_000);
  const ratio = large.mb / small.mb;
  console.log(`1,000 x 5000 chars (5 MB):    peak RSS ${small.mb} MB, ${small.seconds.toFixed(1)} s`);
  console.log(`10,000 x 5000 chars (50 MB):  peak RSS ${large.mb} MB, ${large.seconds.toFixed(1)} s`);
  console.log(
    `ratio ${ratio.toFixed(2)} (goal <= 1.2)${ratio <= 1.2 ? '' : '  MISSED'}; large ${large.mb} MB (goal <= 120)${large.mb <= 120 ? '' : '  MISSED'}`,
  );
  return { 'peak RSS 1k (MB)': small.mb, 'peak RSS 10k (MB)': large.mb, ratio: Math.round(ratio * 100) / 100 };
}

if (process.argv[1] && join(process.argv[1]) === join(import.meta.filename ?? '')) await benchStockMemory();
