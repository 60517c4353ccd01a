// Every tool call, logged on the seller's machine (0600 in a 0700 folder): when, which tool, its
// arguments, the size of its result and the requests it sent. The assistant's budget is counted
// from this log, so a restarted server (or a second one on the same state folder) cannot reset it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { nowMs } from '../../api/clock.js';
import { ensurePrivateDir } from '../../config/paths.js';
import { DurableAppendFile } from '../../state/append-file.js';

export interface CallRecord {
  at: string;
  tool: string;
  args: unknown;
  resultBytes: number;
  requests: number;
  ok: boolean;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

function callLogPath(stateDir: string): string {
  return join(stateDir, 'mcp', 'calls.jsonl');
}

export function appendCall(stateDir: string, rec: CallRecord): void {
  const file = callLogPath(stateDir);
  ensurePrivateDir(dirname(file));
  const { file: out } = DurableAppendFile.append<CallRecord>(file);
  try {
    out.write(rec);
  } finally {
    out.close();
  }
}

/** Requests logged in the last hour and the last day (svc's clock: tests move it, api/clock.ts). */
function spentRequests(stateDir: string): { hour: number; day: number } {
  const text = readLog(stateDir);
  const now = nowMs();
  let hour = 0;
  let day = 0;
  for (const line of text.split('\n')) {
    const rec = parseLine(line);
    if (!rec) continue;
    const age = now - Date.parse(rec.at);
    if (age < DAY_MS) day += rec.requests;
    if (age < HOUR_MS) hour += rec.requests;
  }
  return { hour, day };
}

function parseLine(line: string): CallRecord | undefined {
  if (!line.trim()) return undefined;
  try {
    const rec = JSON.parse(line) as CallRecord;
    return typeof rec.requests === 'number' && typeof rec.at === 'string' ? rec : undefined;
  } catch {
    return undefined; // a line torn by a kill
  }
}

/** When one of `tools` last ran to the end and sent requests (a mirror sync), within `withinMs`. */
export function lastSyncAt(stateDir: string, tools: readonly string[], withinMs: number): string | undefined {
  const now = nowMs();
  let last: string | undefined;
  for (const line of readLog(stateDir).split('\n')) {
    const rec = parseLine(line);
    if (!rec?.ok || rec.requests === 0 || !tools.includes(rec.tool)) continue;
    if (now - Date.parse(rec.at) < withinMs) last = rec.at;
  }
  return last;
}

function readLog(stateDir: string): string {
  try {
    return readFileSync(callLogPath(stateDir), 'utf8');
  } catch {
    return '';
  }
}

export interface Budget {
  perHour: number;
  perDay: number;
}

/** What the assistant may still send, and which window limits it. */
export function budgetLeft(stateDir: string, b: Budget): { left: number; window: 'hour' | 'day' } {
  const spent = spentRequests(stateDir);
  const hour = Math.max(0, b.perHour - spent.hour);
  const day = Math.max(0, b.perDay - spent.day);
  return hour <= day ? { left: hour, window: 'hour' } : { left: day, window: 'day' };
}
