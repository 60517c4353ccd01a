// bench/webhooks-capacity, the receiver's capacity: the built `svc webhooks listen --exec HOOK` (every event kind
// handed on, state on a real disk) against
// 1. a flood of 10,000 forged posts of each event kind in turn (a fresh listener per kind; ten
//    sender addresses 127.0.0.2-11, 1,000 posts each, 8 kept-alive connections each), then a real
//    sale in the sandbox (posted from 127.0.0.1): the time from the sale to its hook run (goal
//    under 60 s), and the posts' statuses;
// 2. 600 posts with a 1 MB title (four addresses, 5 connections each): statuses, the listener's
//    peak RSS (VmHWM, goal under 150 MB), and the time a restart takes to listen again;
// 3. a store as versions without the store's size bounds left it after such posts (20 bodies of 1 MB and a
//    600 MB line, sparse): the time to start, and peak RSS.
import { closeSync, ftruncateSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, SEED_IDS, type SandboxHandle } from '../src/sandbox/index.js';
import { EVENTS } from '../src/webhooks/events.js';
import { flood, orderNotification, peakRssMb } from '../test/e2e/webhook-senders.js';
import { cliEnv, control, ensureBuilt } from './lib.js';
import { diskDir, listen, stock, waitFor } from './webhooks.js';

const PER_KIND = Number(process.env.BENCH_WEBHOOK_FLOOD ?? 10_000);
const LISTING = SEED_IDS.products.singleAuto;

/** A hook as cheap as a hook gets (sh, no node): one line per run with the order id and the time. */
function shellHook(dir: string): { cmd: string; file: string } {
  const file = join(dir, 'runs.txt');
  return { cmd: `cat > /dev/null; echo "$SVC_EVENT $SVC_ORDER_ID $(date +%s%3N)" >> '${file}'`, file };
}

function forgedBody(kind: string, n: number): string {
  const def = EVENTS.find((e) => e.name === kind)!;
  const id = 40_000_000 + n;
  const data =
    def.group === 'order'
      ? { id, orderCode: `ORD-${id}` }
      : def.idField
        ? { [def.idField]: id }
        : { available: n, pending: 0 };
  return JSON.stringify({ event: kind, timestamp: new Date(Date.now() + n).toISOString(), data });
}

async function floodKind(sb: SandboxHandle, kind: string): Promise<Record<string, unknown>> {
  const dir = diskDir(`flood-${kind}`);
  const hook = shellHook(dir);
  const l = await listen(dir, cliEnv(sb.url, sb.keys.v2, dir), ['--exec', hook.cmd]);
  await control(sb.url, 'POST', 'webhooks', { urls: [l.url] });
  const t0 = Date.now();
  const per = Math.ceil(PER_KIND / 10);
  const posted = await Promise.all(
    Array.from({ length: 10 }, (_, a) =>
      flood(l.url, {
        localAddress: `127.0.0.${a + 2}`,
        count: per,
        event: kind,
        body: (i) => forgedBody(kind, a * per + i),
      }),
    ),
  );
  const floodS = (Date.now() - t0) / 1000;
  const statuses: Record<string, number> = {};
  for (const p of posted) for (const [s, n] of Object.entries(p.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  await stock(sb, 1);
  const soldAt = Date.now();
  const sale = (await control(sb.url, 'POST', 'purchase', { productId: LISTING })).id as number;
  const { readFileSync, existsSync } = await import('node:fs');
  const ranAt = () => {
    if (!existsSync(hook.file)) return undefined;
    const line = readFileSync(hook.file, 'utf8')
      .split('\n')
      .find((x) => x.startsWith(`order.delivered ${sale} `));
    return line ? Number(line.split(' ')[2]) : undefined;
  };
  let saleToHookS: number | string;
  try {
    await waitFor('the sale at the hook', () => ranAt() !== undefined, 120_000);
    saleToHookS = Number(((ranAt()! - soldAt) / 1000).toFixed(1));
  } catch {
    saleToHookS = 'not within 120 s';
  }
  const rss = peakRssMb(l.child.pid!);
  await l.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    kind,
    posts: per * 10,
    floodS: Number(floodS.toFixed(1)),
    statuses,
    saleToHookS,
    peakRssMb: Math.round(rss),
  };
}

async function fatBodies(sb: SandboxHandle): Promise<Record<string, unknown>> {
  const dir = diskDir('fat');
  const env = cliEnv(sb.url, sb.keys.v2, dir);
  const l = await listen(dir, env, []);
  const before = peakRssMb(l.child.pid!);
  const fat = (i: number) =>
    orderNotification('order.completed', 6_000_000 + i, { productTitle: 'x'.repeat(1_000_000) });
  const t0 = Date.now();
  const posted = await Promise.all(
    Array.from({ length: 4 }, (_, a) =>
      flood(l.url, { localAddress: `127.0.0.${a + 2}`, count: 150, sockets: 5, event: 'order.completed', body: fat }),
    ),
  );
  const seconds = (Date.now() - t0) / 1000;
  const statuses: Record<string, number> = {};
  let errors = 0;
  for (const p of posted) {
    errors += p.errors;
    for (const [s, n] of Object.entries(p.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  }
  const peak = peakRssMb(l.child.pid!);
  await l.stop();
  const t1 = Date.now();
  const again = await listen(dir, env, []);
  const restartMs = Date.now() - t1;
  await again.stop();
  rmSync(dir, { recursive: true, force: true });
  return {
    posts: 600,
    seconds: Number(seconds.toFixed(1)),
    statuses,
    closedMidBody: errors,
    rssAtStartMb: Math.round(before),
    peakRssMb: Math.round(peak),
    restartToListeningMs: restartMs,
  };
}

async function legacyStore(sb: SandboxHandle): Promise<Record<string, unknown>> {
  const dir = diskDir('legacy');
  const wdir = join(dir, 'state', 'webhooks');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(wdir, { recursive: true, mode: 0o700 });
  const file = join(wdir, 'deliveries.jsonl');
  const fd = openSync(file, 'w', 0o600);
  const at = new Date().toISOString();
  const body = orderNotification('order.completed', 1, { productTitle: 'y'.repeat(1_000_000) });
  for (let i = 0; i < 20; i++)
    writeSync(
      fd,
      `${JSON.stringify({ t: 'in', key: `order.completed:order:${9_000_000 + i}`, event: 'order.completed', orderId: 9_000_000 + i, at, body, targets: [] })}\n`,
    );
  closeSync(fd);
  const big = openSync(file, 'r+');
  ftruncateSync(big, 600 * 1024 * 1024);
  closeSync(big);
  const t0 = Date.now();
  const l = await listen(dir, cliEnv(sb.url, sb.keys.v2, dir), []);
  const startMs = Date.now() - t0;
  const peak = peakRssMb(l.child.pid!);
  await l.stop();
  writeFileSync(`${file}.damaged`, '');
  rmSync(dir, { recursive: true, force: true });
  return { storeMb: 600, startToListeningMs: startMs, peakRssMb: Math.round(peak), said: /rewritten/.test(l.stderr()) };
}

export async function benchWebhooksCapacity(): Promise<Record<string, unknown>> {
  ensureBuilt();
  const out: Record<string, unknown> = {};
  // The account's real budget (spec 8: 60/min); webhook resends scaled like the tests'.
  const sb = await startSandbox({ port: 0, timeScale: 0.01 });
  try {
    const kinds = process.env.BENCH_WEBHOOK_KINDS?.split(',') ?? EVENTS.map((e) => e.name);
    const floods: Record<string, unknown>[] = [];
    for (const kind of kinds) {
      await control(sb.url, 'POST', 'reset');
      const r = await floodKind(sb, kind);
      console.log(JSON.stringify(r));
      floods.push(r);
    }
    out.floods = floods;
    out.fatBodies = await fatBodies(sb);
    console.log(JSON.stringify({ fatBodies: out.fatBodies }));
    out.legacyStore = await legacyStore(sb);
    console.log(JSON.stringify({ legacyStore: out.legacyStore }));
  } finally {
    await sb.close();
  }
  return out;
}
