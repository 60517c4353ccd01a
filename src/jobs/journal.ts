// The job journal of cli-spec 4: append-only JSONL in <stateDir>/jobs/<jobId>.jsonl. Every
// record is written with writeSync + fsyncSync before the engine goes on, so what the journal
// says was started really was journaled before the request left.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LocalFaultError, UsageError, describeFsError } from '../api/errors.js';
import { JOB_ID_PATTERN } from './ids.js';
import { DurableAppendFile } from '../state/append-file.js';
import { JournalRecord, type ChunkDoneRecord, type JobEndRecord, type JobHeaderRecord } from './journal-records.js';

/** Journals and locks live here; the folder is private to the user (0700). */
export function jobsDir(stateDir: string): string {
  return join(stateDir, 'jobs');
}

export function journalPath(stateDir: string, jobId: string): string {
  // The id becomes a file name: refuse anything that could walk out of the folder.
  if (!JOB_ID_PATTERN.test(jobId))
    throw new UsageError(
      `"${jobId}" is not a job id (they look like bp-20261121-a1b2c3)`,
      'list jobs with `svc stock jobs`',
    );
  return join(jobsDir(stateDir), `${jobId}.jsonl`);
}

export function ensureJobsDir(stateDir: string): string {
  const dir = jobsDir(stateDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Appends records durably (src/state/append-file.ts). One writer per job, guarded by the job lock (lock.ts). */
export class JournalWriter {
  private constructor(private readonly file: DurableAppendFile<JournalRecord>) {}

  get path(): string {
    return this.file.path;
  }

  /** Creates a new journal; fails with EEXIST when the id is taken. */
  static create(file: string): JournalWriter {
    return new JournalWriter(DurableAppendFile.create<JournalRecord>(file));
  }

  /** Opens an existing journal for appending (a line torn by a kill is closed off first). */
  static append(file: string): JournalWriter {
    return new JournalWriter(DurableAppendFile.append<JournalRecord>(file).file);
  }

  write(record: JournalRecord): void {
    try {
      this.file.write(record);
    } catch (err) {
      // a full or read-only state folder is said plainly (the runner adds the resume command).
      const d = describeFsError(err);
      throw new LocalFaultError(
        `cannot write the job journal ${this.path}: ${d.text}${d.code ? ` (${d.code})` : ''}`,
        d.code,
        `free space in (or make writable) ${dirname(this.path)}, or set SVC_STATE_DIR to a folder that is, then resume`,
      );
    }
  }

  close(): void {
    this.file.close();
  }
}

/** What a journal says, replayed: the basis of resume, findResumable and listJobs. */
export interface JournalReplay {
  header: JobHeaderRecord;
  /** Chunks answered, by index (the last chunk-done wins). */
  done: Map<number, ChunkDoneRecord>;
  /** Chunks started and not answered: the key of their latest chunk-start (resend with it). */
  unfinished: Map<number, string>;
  /** When each unfinished chunk's key was first sent (a key older than the service keeps it is not resent). */
  unfinishedSince: Map<number, string>;
  /** chunk-start records: requests ever sent for this job, resends included. */
  requests: number;
  /** The job-end record when it is the last record (a later resume reopens the job). */
  end?: JobEndRecord;
  /** Lines that did not parse (a torn tail after a kill, or damage); they are ignored. */
  skippedLines: number;
}

/**
 * Reads and replays a journal. Undefined when the file does not exist or has no readable
 * header (nothing was journaled, so nothing was sent).
 */
export function readJournal(file: string): JournalReplay | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let header: JobHeaderRecord | undefined;
  const done = new Map<number, ChunkDoneRecord>();
  const unfinished = new Map<number, string>();
  const unfinishedSince = new Map<number, string>();
  let requests = 0;
  let end: JobEndRecord | undefined;
  let skippedLines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = parseLine(line);
    if (!record) {
      skippedLines++;
      continue;
    }
    if (record.t === 'job') {
      header ??= record;
      continue;
    }
    end = undefined;
    switch (record.t) {
      case 'chunk-start':
        requests++;
        if (!done.has(record.index)) {
          // A resend under the same key keeps the first send's time: the service's 24 h count from it.
          if (unfinished.get(record.index) !== record.key) unfinishedSince.set(record.index, record.at);
          unfinished.set(record.index, record.key);
        }
        break;
      case 'chunk-done':
        done.set(record.index, record);
        unfinished.delete(record.index);
        unfinishedSince.delete(record.index);
        break;
      case 'job-end':
        end = record;
        break;
      case 'resume':
        break;
    }
  }
  if (!header) return undefined;
  return { header, done, unfinished, unfinishedSince, requests, end, skippedLines };
}

function parseLine(line: string): JournalRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = JournalRecord.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Items answered so far according to a replay. */
export function itemsDone(replay: JournalReplay): number {
  return replay.header.chunks.reduce((n, c) => n + (replay.done.has(c.index) ? c.count : 0), 0);
}

/** Failed items so far according to a replay. */
export function failuresIn(replay: JournalReplay): number {
  let n = 0;
  for (const rec of replay.done.values()) n += rec.items.filter((i) => i.status === 'failed').length;
  return n;
}
