// The bulk-job engine's public face: what src/cli (bulk-price, bulk-status, variants set,
// stock add, stock jobs) imports. Internals (journal IO, locks) stay behind it.
export type {
  ChunkPlan,
  ChunkResult,
  ItemOutcome,
  ItemRef,
  JobInput,
  JobProgress,
  JobResult,
  JobSpec,
} from './types.js';
export { ARGS_INPUT_PATH } from './types.js';
export { runJob } from './engine.js';
export { exitCodeFor } from './exit-code.js';
export { findResumable, listJobs } from './jobs-list.js';
export { sameAccount } from './account.js';
export { acquireTargetLock } from './lock.js';
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
export { writeReport, type ReportStyle } from './report.js';
export { classifyChunkError } from './chunk-errors.js';
export {
  ExpiredKeyError,
  type ExpiredKeyDecision,
  type ExpiredKeyHandler,
} from './expired-key.js';
