// The usage ledger (spec 8, A8): requests by UTC day and feature, what the account has left from
// the last /usage read less what was counted since, a 429 longer than a minute as the day spent;
// each process appends what it adds to the day's log, and logs before yesterday are folded.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { type UsageFile, UsageLedger, utcDay } from '../../src/state/usage-ledger.js';

const fresh = () => UsageLedger.of(mkdtempSync(join(tmpdir(), 'svc-usage-ledger-')));
const DAY = 86_400_000;
const MODULE = pathToFileURL(join(import.meta.dirname, '../../src/state/usage-ledger.ts')).href;

/** Another process counting `n` requests of `feature` in `dir`, its clock moved by `offsetMs`; resolves when it has exited. */
function otherProcess(dir: string, feature: string, n: number, offsetMs = 0): Promise<number | null> {
  const script = `const { UsageLedger } = await import(${JSON.stringify(MODULE)});
const l = UsageLedger.of(${JSON.stringify(dir)});
for (let i = 0; i < ${n}; i++) { l.count(${JSON.stringify(feature)}, 200, undefined); if (i % 7 === 6) l.flush(); }`;
  return run(script, offsetMs).then((r) => r.code);
}

/** Another process reading the ledger of `dir` (its clock moved by `offsetMs`): what it reads by day. */
async function readerProcess(dir: string, offsetMs: number): Promise<UsageFile['days']> {
  const script = `const { UsageLedger } = await import(${JSON.stringify(MODULE)});
process.stdout.write(JSON.stringify(UsageLedger.of(${JSON.stringify(dir)}).read().days));`;
  const r = await run(script, offsetMs);
  assert.equal(r.code, 0);
  return JSON.parse(r.out);
}

function run(script: string, offsetMs: number): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, SVC_CLOCK_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

test('counts by feature, written 0600; the account left is the last /usage read less what was counted since', () => {
  const l = fresh();
  l.count('shop pass', 200, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '1' });
  l.count('shop pass', 200, undefined);
  l.noteAccountDay({ limit: 5000, remaining: 4000, reset: Date.now() / 1000 + 3600 });
  l.count('mirror sync', 200, undefined);
  l.count('mirror sync', 200, undefined);
  l.count('mirror sync', 200, undefined);
  l.flush();
  const log = l.logOf(utcDay(Date.now()));
  const lines = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(lines.length, 1, 'one flush, one appended line');
  assert.deepEqual(lines[0].days[utcDay(Date.now())], { 'shop pass': 2, 'mirror sync': 3 });
  assert.equal(lines[0].minute.remaining, 50);
  assert.equal(statSync(log).mode & 0o777, 0o600);
  assert.deepEqual(l.read().days[utcDay(Date.now())], { 'shop pass': 2, 'mirror sync': 3 }, 'read back once');
  const left = l.accountLeft();
  assert.equal(left.source, 'usage');
  assert.equal(left.remaining, 3997, 'three counted after the read');
  assert.equal(left.countedToday, 5);
});

test('a 429 whose Retry-After outruns a minute is the day spent until then; a per-minute one is not', () => {
  const l = fresh();
  l.count('stock refill', 429, { 'retry-after': '30' });
  assert.equal(l.accountLeft().source, 'local');
  l.count('stock refill', 429, { 'retry-after': '7200' });
  const left = l.accountLeft();
  assert.equal(left.source, 'spent');
  assert.equal(left.remaining, 0);
  assert.ok(Math.abs(left.resetAt - (Date.now() + 7_200_000)) < 5_000, String(left.resetAt - Date.now()));
  // Written at once: another process of the account reads it without waiting for a flush.
  assert.ok(
    JSON.parse(
      readFileSync(l.logOf(utcDay(Date.now())), 'utf8')
        .trim()
        .split('\n')
        .at(-1)!,
    ).spentUntil > Date.now(),
  );
});

test('utcDay names the UTC day as toISOString does, at day, month, year and leap-day edges', () => {
  const edges = [
    Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    Date.UTC(2027, 0, 1),
    Date.UTC(2028, 1, 29, 12),
    Date.UTC(2000, 2, 1) - 1,
  ];
  const every6h = Array.from({ length: 4 * 800 }, (_, i) => Date.UTC(2025, 0, 1) + i * 6 * 3_600_000 + 1);
  for (const ms of [...edges, ...every6h])
    assert.equal(utcDay(ms), new Date(ms).toISOString().slice(0, 10), String(ms));
});

test('a state folder that cannot be made keeps the counts in memory, and a flush throws nothing', () => {
  const base = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  writeFileSync(join(base, 'state'), 'a file where the state folder would be');
  const l = UsageLedger.of(join(base, 'state', 'svc'));
  l.count('products list', 200, undefined);
  l.flush();
  assert.equal(existsSync(l.logOf(utcDay(Date.now()))), false);
  assert.equal(l.accountLeft().countedToday, 1, 'still counted, in memory');
});

test('place: six processes appending at once to one state folder lose no count and count none twice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  const codes = await Promise.all(Array.from({ length: 6 }, (_, i) => otherProcess(dir, `feature ${i % 2}`, 40)));
  assert.deepEqual(codes, [0, 0, 0, 0, 0, 0]);
  const today = UsageLedger.of(dir).read().days[utcDay(Date.now())];
  assert.deepEqual(today, { 'feature 0': 120, 'feature 1': 120 });
});

test("time: the day's first append folds the logs before yesterday, a reader 10 minutes into the day folds yesterday, once", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  // svc's clock set to moments around one UTC midnight D (the children's clocks, by offset)
  const d = Date.UTC(2026, 10, 20);
  const at = (ms: number) => ms - Date.now();
  for (const [feature, n, when] of [
    ['a', 3, d - 4 * DAY + 12 * 3_600_000],
    ['b', 2, d - 3 * DAY + 12 * 3_600_000],
    ['c', 5, d - DAY + 12 * 3_600_000],
    ['d', 1, d + 5 * 60_000],
  ] as const)
    assert.equal(await otherProcess(dir, feature, n, at(when)), 0);
  const want = {
    [utcDay(d - 4 * DAY)]: { a: 3 },
    [utcDay(d - 3 * DAY)]: { b: 2 },
    [utcDay(d - DAY)]: { c: 5 },
    [utcDay(d)]: { d: 1 },
  };
  const logs = () =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .sort();
  const folded = () => JSON.parse(readFileSync(join(dir, 'usage-ledger.json'), 'utf8')).foldedThrough;
  // 00:05: today's first flush (process d) folded the days before yesterday, and left yesterday
  assert.deepEqual(logs(), [`usage-ledger.${utcDay(d - DAY)}.log`, `usage-ledger.${utcDay(d)}.log`]);
  assert.equal(folded(), utcDay(d - 2 * DAY));
  assert.equal(statSync(join(dir, 'usage-ledger.json')).mode & 0o777, 0o600);
  assert.deepEqual(await readerProcess(dir, at(d + 6 * 60_000)), want);
  assert.equal(folded(), utcDay(d - 2 * DAY), 'at 00:06 yesterday is still a log');
  // 00:15: a reader folds yesterday too; read again, and by a process whose clock is a day behind
  assert.deepEqual(await readerProcess(dir, at(d + 15 * 60_000)), want);
  assert.deepEqual(logs(), [`usage-ledger.${utcDay(d)}.log`]);
  assert.equal(folded(), utcDay(d - DAY));
  assert.deepEqual(await readerProcess(dir, at(d + 20 * 60_000)), want, 'the same, nothing counted twice');
  assert.equal(await otherProcess(dir, 'late', 1, at(d - DAY + 60_000)), 0);
  assert.equal(folded(), utcDay(d - DAY), 'a clock behind does not move the folded day back');
  assert.deepEqual(await readerProcess(dir, at(d + 30 * 60_000)), { ...want, [utcDay(d - DAY)]: { c: 5 } });
});

test('absence: a line cut short counts once it is whole; a line that is not JSON is passed over', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  const l = UsageLedger.of(dir);
  const day = utcDay(Date.now());
  l.count('products list', 200, undefined);
  l.flush();
  appendFileSync(l.logOf(day), 'not json\n');
  appendFileSync(l.logOf(day), `{"days":{"${day}":{"orders list"`);
  assert.deepEqual(l.read().days[day], { 'products list': 1 });
  appendFileSync(l.logOf(day), ':2}}}\n');
  assert.deepEqual(l.read().days[day], { 'products list': 1, 'orders list': 2 });
});

test('absence: a write cut short by a full disk keeps its counts in memory, and the next line still counts', {
  skip: process.platform !== 'linux',
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  const log = join(dir, `usage-ledger.${utcDay(Date.now())}.log`);
  writeFileSync(log, `${'x'.repeat(1000)}\n`, { mode: 0o600 }); // 1,001 of the 1,024 bytes the next process may write to
  // a process whose files may not grow past 1 KB (ulimit -f 1): its line is cut short
  const script = `const { UsageLedger, utcDay } = await import(${JSON.stringify(MODULE)});
const l = UsageLedger.of(${JSON.stringify(dir)});
for (let i = 0; i < 5; i++) l.count('a feature with a long name, to cross the limit', 200, undefined);
l.flush();
process.stdout.write(JSON.stringify(l.read().days[utcDay(Date.now())]));`;
  const child = spawn(
    'bash',
    ['-c', `ulimit -f 1; exec "$0" --import tsx --input-type=module -e "$1"`, process.execPath, script],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 0);
  assert.deepEqual(JSON.parse(out), { 'a feature with a long name, to cross the limit': 5 }, 'kept in memory');
  const cut = readFileSync(log, 'latin1');
  assert.ok(cut.length > 1001 && cut.length <= 1024 && !cut.endsWith('\n'), `a line was cut short: ${cut.length}`);
  assert.equal(await otherProcess(dir, 'next', 2), 0);
  assert.deepEqual(UsageLedger.of(dir).read().days[utcDay(Date.now())], { next: 2 });
});

test('scale: a reader of a 5,000-line day log leaves a checkpoint, and later readers parse only what follows it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  const day = utcDay(Date.now());
  const line = `\n${JSON.stringify({ days: { [day]: { 'products list': 1 } } })}\n`;
  writeFileSync(join(dir, `usage-ledger.${day}.log`), line.repeat(5000), { mode: 0o600 });
  assert.deepEqual((await readerProcess(dir, 0))[day], { 'products list': 5000 });
  const file = () => JSON.parse(readFileSync(join(dir, 'usage-ledger.json'), 'utf8'));
  assert.equal(file().checkpoints[day].bytes, line.length * 5000);
  assert.equal(await otherProcess(dir, 'orders list', 3), 0);
  assert.deepEqual((await readerProcess(dir, 0))[day], { 'products list': 5000, 'orders list': 3 });
  // the checkpoint is what a reader starts from: one that said 7 is read as 7
  const f = file();
  f.checkpoints[day].sum.days[day]['products list'] = 7;
  writeFileSync(join(dir, 'usage-ledger.json'), JSON.stringify(f));
  assert.deepEqual((await readerProcess(dir, 0))[day], { 'products list': 7, 'orders list': 3 });
});
