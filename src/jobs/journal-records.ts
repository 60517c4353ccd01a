// The records of a job journal (cli-spec 4): one JSON object per line, `t` says which.
// Read back with zod so a damaged or foreign line is skipped instead of trusted.
//
//   {"t":"job", ...header}            first line: what the job is and how it is chunked
//   {"t":"resume","at","pid"}         a later run picks the job up again
//   {"t":"chunk-start","index","key","descriptor","at"}   before every request
//   {"t":"chunk-done","index","key","items":[...],"summary"?,"error"?,"at"}  after its answer
//   {"t":"job-end","state","error"?,"at"}                  when a run stops
//
// Never an API key or a credential: the engine never receives them, and server text that
// ends up here (messages) goes through redactSecrets first.
import { KEY_SHAPED } from '../api/assumptions.js';
import { z } from 'zod';
import { JOB_KINDS, ITEM_STATUSES, type ItemOutcome, type JsonValue } from './types.js';

export const JOURNAL_VERSION = 1;

const json: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]),
);

const JournaledChunk = z.object({
  index: z.number().int().nonnegative(),
  route: z.string().optional(),
  count: z.number().int().nonnegative(),
  descriptor: json,
});
export type JournaledChunk = z.infer<typeof JournaledChunk>;

const JournaledError = z.object({
  name: z.string(),
  message: z.string(),
  status: z.number().optional(),
  code: z.string().optional(),
  exitCode: z.number().optional(),
});
export type JournaledError = z.infer<typeof JournaledError>;

const Outcome = z.object({
  line: z.number(),
  id: z.number().optional(),
  variant: z.number().optional(),
  status: z.enum(ITEM_STATUSES as [ItemOutcome['status'], ...ItemOutcome['status'][]]),
  code: z.string().optional(),
  message: z.string().optional(),
});

export const JobHeaderRecord = z.object({
  t: z.literal('job'),
  v: z.number(),
  id: z.string(),
  kind: z.enum(JOB_KINDS as ['bulk-price', 'bulk-status', 'variants', 'stock']),
  command: z.string(),
  target: z.string().optional(),
  account: z.string().optional(),
  input: z.object({ path: z.string(), displayName: z.string(), sha256: z.string(), size: z.number() }),
  chunks: z.array(JournaledChunk),
  totalItems: z.number(),
  createdAt: z.string(),
  svcVersion: z.string().optional(),
  pid: z.number().optional(),
});
export type JobHeaderRecord = z.infer<typeof JobHeaderRecord>;

const ResumeRecord = z.object({ t: z.literal('resume'), at: z.string(), pid: z.number().optional() });

const ChunkStartRecord = z.object({
  t: z.literal('chunk-start'),
  index: z.number().int().nonnegative(),
  key: z.string(),
  descriptor: json.optional(),
  at: z.string(),
});

export const ChunkDoneRecord = z.object({
  t: z.literal('chunk-done'),
  index: z.number().int().nonnegative(),
  key: z.string().optional(),
  items: z.array(Outcome),
  summary: z.record(z.string(), z.number()).optional(),
  /** Set when the service refused the whole chunk (every item failed with it). */
  error: JournaledError.optional(),
  at: z.string(),
});
export type ChunkDoneRecord = z.infer<typeof ChunkDoneRecord>;

export const JobEndRecord = z.object({
  t: z.literal('job-end'),
  state: z.enum(['done', 'interrupted', 'aborted']),
  error: JournaledError.optional(),
  at: z.string(),
});
export type JobEndRecord = z.infer<typeof JobEndRecord>;

export const JournalRecord = z.discriminatedUnion('t', [
  JobHeaderRecord,
  ResumeRecord,
  ChunkStartRecord,
  ChunkDoneRecord,
  JobEndRecord,
]);
export type JournalRecord = z.infer<typeof JournalRecord>;

// v1 keys (svc_sk_<64 hex>) and v2 keys (svc_v2_sk_…), spec 5.2; also any x-api-key echo.
const SECRET_PATTERN = new RegExp(KEY_SHAPED.source, 'g');

/** Masks anything shaped like an API key in text the service sent back (defence in depth). */
function redactSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, '[redacted key]');
}

/** An outcome as journaled: undefined fields dropped, service text redacted. */
export function compactOutcome(o: ItemOutcome): ItemOutcome {
  const out: ItemOutcome = { line: o.line, status: o.status };
  if (o.id !== undefined) out.id = o.id;
  if (o.variant !== undefined) out.variant = o.variant;
  if (o.code !== undefined) out.code = redactSecrets(o.code);
  if (o.message !== undefined) out.message = redactSecrets(o.message);
  return out;
}

/** The parts of an error worth keeping: class name, status, code, exit code, redacted message. */
export function journalError(err: unknown): JournaledError {
  const e = err as { name?: unknown; message?: unknown; status?: unknown; code?: unknown; exitCode?: unknown };
  const out: JournaledError = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: redactSecrets(typeof e?.message === 'string' ? e.message : String(err)),
  };
  if (typeof e?.status === 'number') out.status = e.status;
  if (typeof e?.code === 'string') out.code = redactSecrets(e.code);
  if (typeof e?.exitCode === 'number') out.exitCode = e.exitCode;
  return out;
}
