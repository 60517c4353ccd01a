// In-memory stand-ins for the engine's tests: a fake server with the idempotency semantics of
// marketplace-api 4.1 (same key → stored answer replayed, nothing applied twice), temp state
// folders, and journal readers.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { TestContext } from 'node:test';
import { planChunks } from '../../src/jobs/plan.js';
import type { ChunkPlan, ChunkResult, ItemRef, JobKind, JobSpec, SendChunk } from '../../src/jobs/types.js';

export function tempStateDir(t: TestContext): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-jobs-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface SpecOptions {
  kind?: JobKind;
  items?: number;
  chunkSize?: number;
  sha256?: string;
  target?: string;
  command?: string;
}

/** A deterministic plan: items on lines 2..items+1, ids 1000+line (same call → same plan). */
export function makeSpec(o: SpecOptions = {}): JobSpec {
  const count = o.items ?? 10;
  const refs: ItemRef[] = Array.from({ length: count }, (_, i) => ({ line: i + 2, id: 1000 + i + 2 }));
  const chunks = planChunks([{ route: 'bulkPrice', items: refs }], o.chunkSize ?? 3);
  return {
    kind: o.kind ?? 'bulk-price',
    command: o.command ?? 'svc products bulk-price prices.csv',
    ...(o.target !== undefined ? { target: o.target } : {}),
    input: { path: '/data/prices.csv', displayName: 'prices.csv', sha256: o.sha256 ?? 'a'.repeat(64), size: 1234 },
    chunks,
    totalItems: count,
  };
}

export interface SendCall {
  index: number;
  key: string;
  replayed: boolean;
}

/**
 * A server that applies each key's chunk once and replays the stored answer for a known key.
 * `log` (optional) persists applications so a killed child process and the test share them.
 */
export class FakeServer {
  readonly calls: SendCall[] = [];
  /** How many times each input line was applied. */
  readonly applied = new Map<number, number>();
  private readonly answers = new Map<string, ChunkResult>();
  /** Runs before the chunk is applied; may throw (an error answer, stored like a real one). */
  before?: (chunk: ChunkPlan, key: string, signal: AbortSignal) => Promise<void> | void;
  /** Runs after the chunk is applied and stored, before the answer reaches the client. */
  after?: (chunk: ChunkPlan, key: string, signal: AbortSignal) => Promise<void> | void;

  constructor(private readonly log?: string) {
    if (log && fs.existsSync(log)) {
      for (const line of fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
        const rec = JSON.parse(line) as { key: string; result: ChunkResult };
        this.answers.set(rec.key, rec.result);
        for (const item of rec.result.items) this.applied.set(item.line, (this.applied.get(item.line) ?? 0) + 1);
      }
    }
  }

  readonly send: SendChunk = async (chunk, key, signal) => {
    const stored = this.answers.get(key);
    this.calls.push({ index: chunk.index, key, replayed: stored !== undefined });
    if (stored) return stored;
    await this.before?.(chunk, key, signal);
    const result: ChunkResult = {
      items: chunk.items.map((ref) => ({ ...ref, status: 'ok' })),
      summary: { updated: chunk.items.length },
    };
    for (const ref of chunk.items) this.applied.set(ref.line, (this.applied.get(ref.line) ?? 0) + 1);
    this.answers.set(key, result);
    if (this.log) {
      const fd = fs.openSync(this.log, 'a');
      fs.writeSync(fd, `${JSON.stringify({ index: chunk.index, key, result })}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    }
    await this.after?.(chunk, key, signal);
    return result;
  };

  keysOf(index: number): string[] {
    return this.calls.filter((c) => c.index === index).map((c) => c.key);
  }
}

/** Resolves never; rejects with an AbortError when the signal fires (a request cut by Ctrl-C). */
export function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const fail = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

export function journalFile(stateDir: string, jobId: string): string {
  return path.join(stateDir, 'jobs', `${jobId}.jsonl`);
}

export type RawRecord = { t: string; index?: number; key?: string; state?: string; [k: string]: unknown };

export function readRecords(file: string): RawRecord[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RawRecord);
}

/** The only journal in a state folder (tests that run one job). */
export function onlyJournal(stateDir: string): string {
  const names = fs.readdirSync(path.join(stateDir, 'jobs')).filter((n) => n.endsWith('.jsonl'));
  if (names.length !== 1) throw new Error(`expected one journal, found ${names.length}`);
  return path.join(stateDir, 'jobs', names[0]!);
}

/**
 * Ctrl-C while chunk `index` is in flight: that chunk's request hangs and the returned
 * controller is aborted once it started (pass `controller.signal` to runJob).
 */
export function interruptAtChunk(server: FakeServer, index: number): AbortController {
  const controller = new AbortController();
  server.before = (chunk, _key, signal) => {
    if (chunk.index !== index) return;
    setImmediate(() => controller.abort());
    return hangUntilAborted(signal);
  };
  return controller;
}
