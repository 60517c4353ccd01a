// What `svc stock jobs` lists, and the "same command on the same file" resume offer of
// cli-spec 4. Both read the journals only; neither takes a lock.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_ID_PATTERN } from './ids.js';
import { failuresIn, itemsDone, jobsDir, readJournal, type JournalReplay } from './journal.js';
import { lockHolder } from './lock.js';
import { resumeCommand } from './engine.js';
import { sameAccount } from './account.js';
import type { JobInput, JobKind } from './types.js';

/** running: a live process holds it; interrupted: stopped by a signal or killed; failed: stopped by an error. */
type ListedJobState = 'running' | 'interrupted' | 'done' | 'failed';

export interface ListedJob {
  id: string;
  kind: JobKind;
  command: string;
  target?: string;
  /** The account the job writes for, when it was known (svc decision "one identity"). */
  account?: string;
  input: JobInput;
  itemsDone: number;
  totalItems: number;
  failures: number;
  /** Requests ever sent for the job (resends after a resume included). */
  requests: number;
  state: ListedJobState;
  /** pid of the process running it, when state is "running". */
  pid?: number;
  createdAt: string;
  /** The stopping error's message, when state is "failed". */
  error?: string;
  /** `<command> --resume <id>` for every job that is not done. */
  resumeCommand?: string;
}

/** Every job journal in the state folder, newest first. Unreadable journals are left out. */
export function listJobs(stateDir: string, filter: { kind?: JobKind } = {}): ListedJob[] {
  const jobs: ListedJob[] = [];
  for (const { id, replay } of readAll(stateDir)) {
    if (filter.kind && replay.header.kind !== filter.kind) continue;
    const h = replay.header;
    const pid = lockHolder(stateDir, id);
    const state = jobState(replay, pid);
    jobs.push({
      id,
      kind: h.kind,
      command: h.command,
      ...(h.target !== undefined ? { target: h.target } : {}),
      ...(h.account !== undefined ? { account: h.account } : {}),
      input: h.input,
      itemsDone: itemsDone(replay),
      totalItems: h.totalItems,
      failures: failuresIn(replay),
      requests: replay.requests,
      state,
      ...(state === 'running' && pid !== undefined && pid > 0 ? { pid } : {}),
      createdAt: h.createdAt,
      ...(state === 'failed' && replay.end?.error ? { error: replay.end.error.message } : {}),
      ...(state !== 'done' ? { resumeCommand: resumeCommand(h.command, id) } : {}),
    });
  }
  return jobs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * An unfinished job for the same kind + target whose input had this sha256, newest first:
 * re-running the same command on the same unchanged file offers to resume it. A finished job
 * is never offered (the same edit run again later is a new operation with new keys). A job
 * another process is running IS returned, so resuming it fails on the lock instead of a
 * second job sending the same file alongside.
 */
export function findResumable(
  stateDir: string,
  kind: JobKind,
  target: string | undefined,
  inputSha256: string,
  account?: string,
): string | undefined {
  let best: { id: string; createdAt: string } | undefined;
  for (const { id, replay } of readAll(stateDir)) {
    const h = replay.header;
    if (h.kind !== kind || (h.target ?? '') !== (target ?? '') || h.input.sha256 !== inputSha256) continue;
    if (!sameAccount(h.account, account)) continue; // svc decision "one identity"
    if (replay.end?.state === 'done') continue;
    if (!best || h.createdAt > best.createdAt) best = { id, createdAt: h.createdAt };
  }
  return best?.id;
}

function jobState(replay: JournalReplay, livePid: number | undefined): ListedJobState {
  if (replay.end) {
    if (replay.end.state === 'done') return 'done';
    return replay.end.state === 'aborted' ? 'failed' : 'interrupted';
  }
  // No job-end after the last run started: it is still running, or it was killed.
  return livePid !== undefined ? 'running' : 'interrupted';
}

function* readAll(stateDir: string): Generator<{ id: string; replay: JournalReplay }> {
  let names: string[];
  try {
    names = readdirSync(jobsDir(stateDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names.sort()) {
    if (!name.endsWith('.jsonl')) continue;
    const id = name.slice(0, -'.jsonl'.length);
    if (!JOB_ID_PATTERN.test(id)) continue;
    const replay = readJournal(join(jobsDir(stateDir), name));
    if (replay && replay.header.id === id) yield { id, replay };
  }
}
