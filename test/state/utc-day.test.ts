// The UTC day of a time, by arithmetic on the day number (src/state/usage-log.ts), against Date's
// own UTC calendar: every day of four centuries around now (leap years, 2100 that is not one, 2000
// that is), the first and last millisecond of a day, and times before 1970.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextUtcMidnight, utcDay } from '../../src/state/usage-log.js';

const DAY = 86_400_000;
const byDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test('utcDay names the same day as Date, day by day over four centuries', () => {
  const from = Date.UTC(1900, 0, 1);
  const to = Date.UTC(2300, 0, 1);
  for (let ms = from; ms < to; ms += DAY) {
    for (const at of [ms, ms + DAY - 1, ms + 13 * 3_600_000]) assert.equal(utcDay(at), byDate(at), `at ${at}`);
  }
});

test('utcDay at the edges: the epoch, a leap day, the turn of a century', () => {
  assert.equal(utcDay(0), '1970-01-01');
  assert.equal(utcDay(-1), '1969-12-31');
  assert.equal(utcDay(Date.UTC(2028, 1, 29, 23, 59, 59, 999)), '2028-02-29');
  assert.equal(utcDay(Date.UTC(2100, 2, 1)), '2100-03-01');
  assert.equal(utcDay(Date.UTC(2000, 1, 29)), '2000-02-29');
});

test('nextUtcMidnight is the start of the next UTC day, even at a midnight itself', () => {
  for (const at of [
    Date.UTC(2026, 10, 29, 0, 0, 0, 0),
    Date.UTC(2026, 10, 29, 23, 59, 59, 999),
    Date.UTC(2028, 1, 28, 12),
  ]) {
    const d = new Date(at);
    assert.equal(nextUtcMidnight(at), Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1), `at ${at}`);
  }
  assert.equal(nextUtcMidnight(-1), 0);
});
