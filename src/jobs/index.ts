// The bulk-job engine's public face: what src/cli (bulk-price, bulk-status, variants set,
// stock add, stock jobs) imports. Internals (journal IO, locks) stay behind it.
export type {
  ChunkPlan,
  ChunkResult,
  ItemOutcome,
  ItemRef,
  ItemStatus,
  JobInput,
  JobKind,
  JobProgress,
  JobResult,
  JobSpec,
  JsonValue,
  RunState,
  SendChunk,
} from './types.js';
export { runJob, resumeCommand, type RunOptions } from './engine.js';
export { runningJobs } from './running.js';
export { exitCodeFor } from './exit-code.js';
export { findResumable, listJobs, type ListedJob, type ListedJobState } from './jobs-list.js';
export { sameAccount } from './account.js';
export { JobLockedError, TargetLockedError, acquireTargetLock } from './lock.js';
export {
  fingerprintInput,
  jobSpec,
  planChunks,
  planSummary,
  planSummaryOfCounts,
  type ChunkGroup,
  type PlanSummary,
  type PlanBudget,
} from './plan.js';
export { writeReport, type ReportRow, type ReportStyle } from './report.js';
export { classifyChunkError } from './chunk-errors.js';
export { newIdempotencyKey, newJobId } from './ids.js';
export {
  ExpiredKeyError,
  keyExpired,
  type ExpiredKeyDecision,
  type ExpiredKeyHandler,
} from './expired-key.js';
