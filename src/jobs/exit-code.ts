// cli-spec 1 exit codes for a bulk job's result.
import { EXIT, SvcError } from '../api/errors.js';
import type { JobResult } from './types.js';

/**
 * 130 interrupted; the stopping error's code when aborted (4 auth, 5 rate limit, 1 otherwise);
 * 3 when at least one item was refused; 0 when every item is ok, unchanged or skipped
 * (a duplicate skipped by dedupe is not a failure).
 */
export function exitCodeFor(result: Pick<JobResult, 'state' | 'error' | 'counts'>): number {
  if (result.state === 'interrupted') return EXIT.interrupted;
  if (result.state === 'aborted') return result.error instanceof SvcError ? result.error.exitCode : EXIT.failed;
  return result.counts.failed > 0 ? EXIT.refused : EXIT.ok;
}
