// What an error thrown by the send function (after the request core's own retries, cli-spec 4)
// means for the job: the service refused this chunk's content (mark its items failed, go on),
// or nothing further can succeed (stop, keep the chunk unfinished so resume reuses its key).
import {
  ApiError,
  AuthError,
  ConflictError,
  GoneError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from '../api/errors.js';

export type ChunkErrorClass = 'refused' | 'fatal';

export function classifyChunkError(err: unknown): ChunkErrorClass {
  // Stop: every later chunk would hit the same wall (exit 4, 5, or 1 after retries).
  if (err instanceof AuthError || err instanceof PermissionError) return 'fatal';
  if (err instanceof RateLimitError) return 'fatal';
  if (err instanceof NetworkError || err instanceof ServerError) return 'fatal';
  if (!(err instanceof ApiError)) return 'fatal'; // a bug or an abort: never guess it was refused
  // Idempotency errors are about the key, not the items (spec 7.1): a retryable one means the
  // request core gave up waiting, the others are bugs to report. Either way, stop and keep the key.
  if (err.code?.startsWith('IDEMPOTENCY_')) return 'fatal';
  if (err.retryable === true) return 'fatal';
  if (err.status === 429) return 'fatal'; // a daily quota of any kind: later chunks would hit it too
  if (err instanceof ConflictError) return 'refused';
  if (err instanceof ValidationError || err instanceof NotFoundError || err instanceof GoneError) return 'refused';
  // A 4xx the map above does not name (e.g. 429 DAILY_CREATION_LIMIT is a plain ApiError).
  if (err.status !== undefined && err.status >= 400 && err.status < 500) return 'refused';
  return 'fatal';
}
