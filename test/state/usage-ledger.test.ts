// The usage ledger (spec 8, A8): requests by UTC day and feature, what the account has left from
// the last /usage read less what was counted since, a 429 longer than a minute as the day spent.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { UsageLedger, utcDay } from '../../src/state/usage-ledger.js';

const fresh = () => UsageLedger.of(mkdtempSync(join(tmpdir(), 'svc-usage-ledger-')));

test('counts by feature, written 0600; the account left is the last /usage read less what was counted since', () => {
  const l = fresh();
  l.count('shop pass', 200, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '50', 'x-ratelimit-reset': '1' });
  l.count('shop pass', 200, undefined);
  l.noteAccountDay({ limit: 5000, remaining: 4000, reset: Date.now() / 1000 + 3600 });
  l.count('mirror sync', 200, undefined);
  l.count('mirror sync', 200, undefined);
  l.count('mirror sync', 200, undefined);
  l.flush();
  const file = JSON.parse(readFileSync(l.file, 'utf8'));
  assert.deepEqual(file.days[utcDay(Date.now())], { 'shop pass': 2, 'mirror sync': 3 });
  assert.equal(file.minute.remaining, 50);
  assert.equal(statSync(l.file).mode & 0o777, 0o600);
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
  assert.ok(JSON.parse(readFileSync(l.file, 'utf8')).spentUntil > Date.now());
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
  assert.equal(existsSync(l.file), false);
  assert.equal(l.accountLeft().countedToday, 1, 'still counted, in memory');
});
