// Temp files for the input reader tests: one folder per test file, removed at the end.
import { after } from 'node:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Made when the test file imports this module, so the hook belongs to the file, not a test.
const dir = mkdtempSync(join(tmpdir(), 'svc-input-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

export function tempDir(): string {
  return dir;
}

/** Writes `content` to a fresh file named like `name` and returns its path. */
export function fileWith(name: string, content: string | Buffer): string {
  n += 1;
  const path = join(tempDir(), `${n}-${name}`);
  writeFileSync(path, content);
  return path;
}

/** `FILE` as display name: problems then read `FILE:LINE: message`. */
export const AS_FILE = { displayName: 'FILE' } as const;

export const PROBLEM_SHAPE = /^FILE:\d+: /;
