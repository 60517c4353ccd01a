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
import { UsageLedger, utcDay } from '../../src/state/usage-ledger.js';

const fresh = () => UsageLedger.of(mkdtempSync(join(tmpdir(), 'svc-usage-ledger-')));
const DAY = 86_400_000;
const MODULE = pathToFileURL(join(import.meta.dirname, '../../src/state/usage-ledger.ts')).href;

/** Another process counting `n` requests of `feature` in `dir`, its clock moved by `offsetMs`; resolves when it has exited. */
function otherProcess(dir: string, feature: string, n: number, offsetMs = 0): Promise<number | null> {
  const script = `const { UsageLedger } = await import(${JSON.stringify(MODULE)});
const l = UsageLedger.of(${JSON.stringify(dir)});
for (let i = 0; i < ${n}; i++) { l.count(${JSON.stringify(feature)}, 200, undefined); if (i % 7 === 6) l.flush(); }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, SVC_CLOCK_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.on('exit', resolve));
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

test('time: logs before yesterday are folded into the file once, yesterday and today are read as logs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-usage-ledger-'));
  for (const [feature, n, days] of [
    ['a', 3, 4],
    ['b', 2, 3],
    ['c', 5, 1],
    ['d', 1, 0],
  ] as const)
    assert.equal(await otherProcess(dir, feature, n, -days * DAY), 0);
  const now = Date.now();
  const want = {
    [utcDay(now - 4 * DAY)]: { a: 3 },
    [utcDay(now - 3 * DAY)]: { b: 2 },
    [utcDay(now - DAY)]: { c: 5 },
    [utcDay(now)]: { d: 1 },
  };
  // Today's first flush (process d) folded the days before yesterday.
  const logs = readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .sort();
  assert.deepEqual(logs, [`usage-ledger.${utcDay(now - DAY)}.log`, `usage-ledger.${utcDay(now)}.log`]);
  const file = JSON.parse(readFileSync(join(dir, 'usage-ledger.json'), 'utf8'));
  assert.equal(file.foldedThrough, utcDay(now - 2 * DAY));
  assert.equal(statSync(join(dir, 'usage-ledger.json')).mode & 0o777, 0o600);
  assert.deepEqual(UsageLedger.of(dir).read().days, want);
  assert.deepEqual(UsageLedger.of(dir).read().days, want, 'read again: the same, nothing counted twice');
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
